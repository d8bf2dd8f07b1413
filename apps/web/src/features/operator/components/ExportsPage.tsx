import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { API_PREFIX, OPERATOR_API } from '@svp/shared';
import { useState } from 'react';
import { useReconciliation } from '../api/operator';
import { ConsolePage } from '../../../components/ui/ConsolePage';
import { localizeText } from '../../../shared/language/i18n';

const today = () => new Date().toISOString().slice(0, 10);
const firstOfMonth = () => `${today().slice(0, 8)}01`;

/** Accounting exports: the journal of a period and the trial balance at a date (CSV downloads), and the reconciliation. */
export function ExportsPage() {
  const { t } = useLingui();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(today);
  const [at, setAt] = useState(today);
  const [reconcileAt, setReconcileAt] = useState<string | null>(null);
  const reconciliation = useReconciliation(reconcileAt);
  const journal = `${API_PREFIX}${OPERATOR_API.journalCsv}?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  const trial = `${API_PREFIX}${OPERATOR_API.trialBalanceCsv}?at=${encodeURIComponent(at)}`;

  return (
    <ConsolePage title={t`Exports`}>
      <Text fz="sm" c="dimmed">
        <Trans>
          Days are UTC. Amounts are exact decimals; a trial balance leaves out accounts at zero and ends with a total
          per asset, which is 0 when the books balance.
        </Trans>
      </Text>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            <Trans>Journal</Trans>
          </Title>
          <Group align="end">
            <TextInput type="date" label={t`From`} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
            <TextInput type="date" label={t`To`} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
            <Anchor href={journal} download>
              <Trans>Download journal (CSV)</Trans>
            </Anchor>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="h4">
            <Trans>Trial balance and reconciliation</Trans>
          </Title>
          <Group align="end">
            <TextInput type="date" label={t`At the end of`} value={at} onChange={(e) => setAt(e.currentTarget.value)} />
            <Anchor href={trial} download>
              <Trans>Download trial balance (CSV)</Trans>
            </Anchor>
            <Button variant="light" onClick={() => setReconcileAt(at)} loading={reconciliation.isFetching}>
              <Trans>Reconcile</Trans>
            </Button>
          </Group>
          {reconciliation.isError && <Alert color="red">{localizeText(reconciliation.error.message)}</Alert>}
          {reconciliation.data && (
            <Stack gap="xs" data-testid="reconciliation">
              <Table withTableBorder>
                <Table.Tbody>
                  {reconciliation.data.liabilities.byAccount.map(({ code, amount }) => (
                    <Table.Tr key={code}>
                      <Table.Td>
                        <Trans>Owed to users: {code}</Trans>
                      </Table.Td>
                      <Table.Td ta="right">${amount}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Td fw={700}>
                      <Trans>Liabilities</Trans>
                    </Table.Td>
                    <Table.Td ta="right" fw={700}>
                      ${reconciliation.data.liabilities.total}
                    </Table.Td>
                  </Table.Tr>
                  {reconciliation.data.holdings && (
                    <Table.Tr>
                      <Table.Td fw={700}>
                        <Trans>Held on chain at the date</Trans>
                      </Table.Td>
                      <Table.Td ta="right" fw={700}>
                        ${reconciliation.data.holdings.atDate}
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {reconciliation.data.surplus !== null && (
                    <Table.Tr>
                      <Table.Td fw={700}>
                        <Trans>Surplus (negative: shortfall)</Trans>
                      </Table.Td>
                      <Table.Td ta="right" fw={700} c={reconciliation.data.surplus.startsWith('-') ? 'red' : undefined}>
                        ${reconciliation.data.surplus}
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              </Table>
              {reconciliation.data.notes.map((note) => (
                <Text key={note} fz="sm" c="dimmed">
                  {localizeText(note)}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
    </ConsolePage>
  );
}
