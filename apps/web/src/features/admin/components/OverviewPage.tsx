import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Card, List, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ErrorBox } from '../../../components/ui/ErrorBox';
import { SectionCard } from '../../../components/ui/SectionCard';
import { loadErrorText } from '../../../lib/errors';
import { formatCount, formatDateTime } from '../../../lib/text';
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
  users: msg`Users`,
  admins: msg`Admins`,
  activeInvestments: msg`Active investments`,
  pendingWithdrawals: msg`Pending withdrawals`,
  openTickets: msg`Open tickets`,
  flaggedDeposits: msg`Flagged deposits`,
} as const;

type Solvency = Overview['solvency'];

/**
 * The shortfall or surplus in plain words: red when the platform owes more at maturity than it holds.
 * Exported for its test.
 */
export function SolvencyLine({ solvency }: { solvency: Solvency }) {
  const { t } = useLingui();
  const surplus = fromDecimalString(solvency.surplus, 'USD');
  const size = surplus < 0n ? -surplus : surplus;
  // Under half a cent would read "$0.00": say what it is instead.
  const amount = size < 5_000n ? t`less than $0.01` : formatUsdMicro(size);
  if (surplus < 0n) {
    return (
      <Alert color="red" variant="light" title={t`Shortfall`} role="alert" data-testid="solvency-line">
        <Trans>
          The platform owes {amount} more than it holds: if every active plan and stake ran to its end and everyone
          withdrew, that much would be missing.
        </Trans>
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" title={t`Surplus`} role="status" data-testid="solvency-line">
      {surplus === 0n
        ? t`The platform holds exactly what it would owe if every active plan and stake ran to its end.`
        : t`The platform holds ${amount} more than it would owe if every active plan and stake ran to its end.`}
    </Alert>
  );
}

/** Owed at maturity against net money held, the lines that make each up, and the verdict. */
function SolvencyCard({ solvency: s }: { solvency: Solvency }) {
  const { t } = useLingui();
  const plans = s.activePlans.count;
  const invested = formatUsd(s.activePlans.invested);
  const atMaturity = formatUsd(s.activePlans.atMaturity);
  const stakes = s.activeStakes;
  const tokens = formatSvp(fromDecimalString(s.tokensHeld, 'SVP'));
  const rate = formatAmount(SVP_PER_USD, 'SVP', 0);
  return (
    <SectionCard title={t`Can the platform pay?`} size="h4" compact>
      <Stack gap="md">
        <Table withTableBorder data-testid="solvency">
          <Table.Tbody>
            <FigureRow
              label={t`Owed to users now`}
              hint={t`Balances, plans' principal, earnings, fund balances, staking earnings and pending withdrawals`}
              value={formatUsd(s.owedNow)}
            />
            <FigureRow
              label={t`+ Plan returns still to come`}
              hint={
                plans === 0
                  ? t`No active plans`
                  : t`${plural(plans, { one: '# active plan', other: '# active plans' })}: ${invested} invested, ${atMaturity} expected at maturity`
              }
              value={formatUsd(s.planReturnsToCome)}
            />
            <FigureRow
              label={t`+ Staking yield still to come`}
              hint={
                stakes === 0
                  ? t`No active stakes`
                  : t`${plural(stakes, { one: '# active stake', other: '# active stakes' })}, up to each stake's end`
              }
              value={formatUsd(s.stakingYieldToCome)}
            />
            <FigureRow
              label={t`+ SVP tokens users hold, at the sell price`}
              hint={t`${tokens} at ${rate} per $1`}
              value={formatUsd(s.tokensAtSellPrice)}
            />
            <FigureRow label={t`Owed at maturity`} value={formatUsd(s.owedAtMaturity)} strong />
            <FigureRow label={t`Deposits received`} value={formatUsd(s.depositsReceived)} />
            <FigureRow label={t`− Paid out`} value={formatUsd(s.paidOut)} />
            <FigureRow label={t`Net money held`} value={formatUsd(s.netHeld)} strong />
          </Table.Tbody>
        </Table>
        <SolvencyLine solvency={s} />
        <Text fz="xs" c="dimmed">
          <Trans>
            Money held is what the ledger recorded coming in and going out; what the treasury holds on chain is not
            compared here yet.
          </Trans>
        </Text>
      </Stack>
    </SectionCard>
  );
}

/** /dashadmin/overview: counts, the ledger invariant report, and whether the platform can pay what it owes. */
export default function OverviewPage() {
  const { t, i18n } = useLingui();
  const overview = useOverview();
  if (overview.isPending) return <Loader size="sm" aria-label={t`Loading overview`} />;
  if (overview.isError)
    return <ErrorBox message={loadErrorText(overview.error)} onRetry={() => void overview.refetch()} />;
  const { counts, invariants, solvency } = overview.data;
  const checkedAt = formatDateTime(invariants.checkedAt);
  return (
    <ConsolePage title={t`Overview`}>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {(Object.keys(COUNT_LABELS) as (keyof typeof COUNT_LABELS)[]).map((key) => (
          <Card key={key} withBorder radius="lg" padding="md">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              {i18n._(COUNT_LABELS[key])}
            </Text>
            <Text fz="xl" fw={800}>
              {formatCount(counts[key])}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {invariants.ok ? (
        <Alert color="teal" variant="light" title={t`Ledger invariants hold`} role="status">
          <Trans>Every balance matches its postings; nothing is negative that must not be.</Trans>
          {invariants.checkedAt && ` ${t`Last checked at ${checkedAt}.`}`}
        </Alert>
      ) : (
        <Alert color="red" variant="light" title={t`Ledger invariant problems`} role="alert">
          {invariants.checkedAt && (
            <Text size="sm">
              <Trans>Last checked at {checkedAt}.</Trans>
            </Text>
          )}
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
