import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SectionCard } from '../../../components/ui/SectionCard';
import type { TreasuryReport } from '../api/treasury';
import { formatUsdFigure } from '@svp/shared';
import { plural } from '../../../lib/text';

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
  return (
    <SectionCard title="Payouts" size="h4" compact>
      <Stack gap="sm">
        <Group gap="xl">
          <Stat label="Approved, not yet paid" value={report.owed.approvedCount} testId="treasury-approved-count" />
          <Stat label="In flight" value={report.payoutsInFlight} testId="treasury-in-flight" />
        </Group>
        <Text fz="sm" c="dimmed">
          {report.owed.approvedCount === 0
            ? 'Nothing is waiting to be paid.'
            : `${plural(report.owed.approvedCount, 'approved withdrawal')} (${formatUsdFigure(report.owed.approvedUnpaid)}) ${report.owed.approvedCount === 1 ? 'waits' : 'wait'} for the treasury command to pay ${report.owed.approvedCount === 1 ? 'it' : 'them'}.`}{' '}
          {report.payoutsInFlight > 0 &&
            `${plural(report.payoutsInFlight, 'payout')} sent, waiting for the chain to confirm.`}
        </Text>
        <Anchor component={Link} to="/dashadmin/withdrawals" fz="sm">
          Open the withdrawal queue
        </Anchor>
      </Stack>
    </SectionCard>
  );
}
