import { Trans } from '@lingui/react/macro';
import { Anchor, Card, Group, Title } from '@mantine/core';
import { historyCsvUrl } from '../api/history';
import { LedgerView } from './LedgerView';

/** SPEC §2 History, as a ledger: the statement's lines with amounts, filters, details and the CSV of the view. */
export default function HistoryPage() {
  return (
    <Card withBorder radius="lg" padding="lg">
      <LedgerView
        actions={(filters) => (
          <Group justify="space-between" align="center" gap="sm">
            <Title order={1} fz="h3">
              <Trans>History</Trans>
            </Title>
            <Anchor href={historyCsvUrl(filters)} download="svp-statement.csv" fw={600} fz="sm">
              <Trans>Download CSV statement</Trans>
            </Anchor>
          </Group>
        )}
      />
    </Card>
  );
}
