import { Alert, Card, List, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { SectionCard } from '../../../components/ui/SectionCard';
import { loadErrorText } from '../../../lib/errors';
import { formatDateTime, plural } from '../../../lib/text';
import {
  formatAmount,
  formatSvp,
  formatUsd,
  formatUsdMicro,
  fromDecimalString,
  SVP_PER_USD,
  type overviewSchema,
} from '@svp/shared';
import type { z } from 'zod';
import { useOverview } from '../api/console';
import { ConsolePage } from '../../../components/ui/ConsolePage';
import { FigureRow } from '../../../components/ui/Figures';

type Overview = z.infer<typeof overviewSchema>;

const COUNT_LABELS = {
  users: 'Users',
  admins: 'Admins',
  activeInvestments: 'Active investments',
  pendingWithdrawals: 'Pending withdrawals',
  openTickets: 'Open tickets',
  flaggedDeposits: 'Flagged deposits',
} as const;

type Solvency = Overview['solvency'];

/**
 * The shortfall or surplus in plain words: red when the platform owes more at maturity than it holds.
 * Exported for its test.
 */
export function SolvencyLine({ solvency }: { solvency: Solvency }) {
  const surplus = fromDecimalString(solvency.surplus, 'USD');
  const size = surplus < 0n ? -surplus : surplus;
  // Under half a cent would read "$0.00": say what it is instead.
  const amount = size < 5_000n ? 'less than $0.01' : formatUsdMicro(size);
  if (surplus < 0n) {
    return (
      <Alert color="red" variant="light" title="Shortfall" role="alert" data-testid="solvency-line">
        The platform owes {amount} more than it holds: if every active plan and stake ran to its end and everyone
        withdrew, that much would be missing.
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" title="Surplus" role="status" data-testid="solvency-line">
      {surplus === 0n
        ? 'The platform holds exactly what it would owe if every active plan and stake ran to its end.'
        : `The platform holds ${amount} more than it would owe if every active plan and stake ran to its end.`}
    </Alert>
  );
}

/** Owed at maturity against net money held, the lines that make each up, and the verdict. */
function SolvencyCard({ solvency: s }: { solvency: Solvency }) {
  return (
    <SectionCard title="Can the platform pay?" size="h4" compact>
      <Stack gap="md">
        <Table withTableBorder data-testid="solvency">
          <Table.Tbody>
            <FigureRow
              label="Owed to users now"
              hint="Balances, plans' principal, earnings, fund balances, staking earnings and pending withdrawals"
              value={formatUsd(s.owedNow)}
            />
            <FigureRow
              label="+ Plan returns still to come"
              hint={
                s.activePlans.count === 0
                  ? 'No active plans'
                  : `${plural(s.activePlans.count, 'active plan')}: ${formatUsd(s.activePlans.invested)} invested, ${formatUsd(s.activePlans.atMaturity)} expected at maturity`
              }
              value={formatUsd(s.planReturnsToCome)}
            />
            <FigureRow
              label="+ Staking yield still to come"
              hint={
                s.activeStakes === 0
                  ? 'No active stakes'
                  : `${plural(s.activeStakes, 'active stake')}, up to each stake's end`
              }
              value={formatUsd(s.stakingYieldToCome)}
            />
            <FigureRow
              label="+ SVP tokens users hold, at the sell price"
              hint={`${formatSvp(fromDecimalString(s.tokensHeld, 'SVP'))} at ${formatAmount(SVP_PER_USD, 'SVP', 0)} per $1`}
              value={formatUsd(s.tokensAtSellPrice)}
            />
            <FigureRow label="Owed at maturity" value={formatUsd(s.owedAtMaturity)} strong />
            <FigureRow label="Deposits received" value={formatUsd(s.depositsReceived)} />
            <FigureRow label="− Paid out" value={formatUsd(s.paidOut)} />
            <FigureRow label="Net money held" value={formatUsd(s.netHeld)} strong />
          </Table.Tbody>
        </Table>
        <SolvencyLine solvency={s} />
        <Text fz="xs" c="dimmed">
          Money held is what the ledger recorded coming in and going out; what the treasury holds on chain is not
          compared here yet.
        </Text>
      </Stack>
    </SectionCard>
  );
}

/** /dashadmin/overview: counts, the ledger invariant report, and whether the platform can pay what it owes. */
export default function OverviewPage() {
  const overview = useOverview();
  if (overview.isPending) return <Loader size="sm" aria-label="Loading overview" />;
  if (overview.isError)
    return <ErrorBox message={loadErrorText(overview.error)} onRetry={() => void overview.refetch()} />;
  const { counts, invariants, solvency } = overview.data;
  return (
    <ConsolePage title="Overview">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {(Object.keys(COUNT_LABELS) as (keyof typeof COUNT_LABELS)[]).map((key) => (
          <Card key={key} withBorder radius="lg" padding="md">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              {COUNT_LABELS[key]}
            </Text>
            <Text fz="xl" fw={800}>
              {counts[key]}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {invariants.ok ? (
        <Alert color="teal" variant="light" title="Ledger invariants hold" role="status">
          Every balance matches its postings; nothing is negative that must not be.
          {invariants.checkedAt && ` Last checked at ${formatDateTime(invariants.checkedAt)}.`}
        </Alert>
      ) : (
        <Alert color="red" variant="light" title="Ledger invariant problems" role="alert">
          {invariants.checkedAt && <Text size="sm">Last checked at {formatDateTime(invariants.checkedAt)}.</Text>}
          <List size="sm" data-testid="invariant-problems">
            {invariants.problems.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <SolvencyCard solvency={solvency} />
    </ConsolePage>
  );
}
