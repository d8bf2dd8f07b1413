import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/ui/SectionCard';
import type { TreasuryReport } from '../api/treasury';
import { formatUsdFigure } from '@svp/shared';
import { formatCount } from '../../../lib/text';

function Stat({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz="xl" fw={800} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** Payouts the admin approved, and those of them the treasury has sent that the chain has not confirmed yet. */
export function PayoutsCard({ report }: { report: TreasuryReport }) {
  const { t } = useLingui();
  const approved = report.owed.approvedCount;
  const inFlight = report.payoutsInFlight;
  const amount = formatUsdFigure(report.owed.approvedUnpaid);
  return (
    <SectionCard title={t`Payouts`} size="h4" compact>
      <Stack gap="sm">
        <Group gap="xl">
          <Stat label={t`Approved, not yet paid`} value={formatCount(approved)} testId="treasury-approved-count" />
          <Stat label={t`In flight`} value={formatCount(inFlight)} testId="treasury-in-flight" />
        </Group>
        <Text fz="sm" c="dimmed">
          {approved === 0
            ? t`Nothing is waiting to be paid.`
            : t`${plural(approved, {
                one: `# approved withdrawal (${amount}) waits for the treasury command to pay it.`,
                other: `# approved withdrawals (${amount}) wait for the treasury command to pay them.`,
              })}`}{' '}
          {inFlight > 0 &&
            t`${plural(inFlight, {
              one: '# payout sent, waiting for the chain to confirm.',
              other: '# payouts sent, waiting for the chain to confirm.',
            })}`}
        </Text>
        <Anchor component={Link} to="/dashadmin/withdrawals" fz="sm">
          <Trans>Open the withdrawal queue</Trans>
        </Anchor>
      </Stack>
    </SectionCard>
  );
}
