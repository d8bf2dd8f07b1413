import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { SectionCard } from '../../../components/ui/SectionCard';
import type { TreasuryReport } from '../api/treasury';
import { FigureRow, Figures } from '../../../components/ui/Figures';
import { formatUsdFigure } from '@svp/shared';

/**
 * What the ledger owes: what users could ask for now, what active plans hold until they end (owed, but not
 * withdrawable now), and what plans and stakes will add by their end.
 */
export function OwedCard({ owed }: { owed: TreasuryReport['owed'] }) {
  const { t } = useLingui();
  const approved = owed.approvedCount;
  const plans = owed.activePlans;
  return (
    <SectionCard title={t`Owed by the ledger`} size="h4" compact data-testid="treasury-owed">
      <Figures label={t`What the ledger owes`}>
        <FigureRow
          label={t`Withdrawable by users now`}
          hint={t`Balances, earnings, fund balances and pending withdrawals`}
          value={formatUsdFigure(owed.available)}
          testId="treasury-owed-available"
        />
        <FigureRow
          label={t`of which approved, not yet paid`}
          hint={
            approved === 0
              ? t`No approved withdrawals`
              : t`${plural(approved, { one: '# approved withdrawal', other: '# approved withdrawals' })}`
          }
          value={formatUsdFigure(owed.approvedUnpaid)}
          testId="treasury-approved-unpaid"
        />
        <FigureRow
          label={t`+ Locked in active plans`}
          hint={t`Invested in ${plural(plans, { one: '# active plan', other: '# active plans' })}: owed, but not withdrawable until each plan ends`}
          value={formatUsdFigure(owed.inActivePlans)}
          testId="treasury-owed-in-plans"
        />
        <FigureRow label={t`Owed to users now`} value={formatUsdFigure(owed.now)} testId="treasury-owed-now" />
        <FigureRow
          label={t`+ Still to come at maturity`}
          hint={t`Active plans' returns and stakes' yield, up to their end`}
          value={formatUsdFigure(owed.atMaturity)}
        />
        <FigureRow label={t`Owed in total`} value={formatUsdFigure(owed.total)} strong />
      </Figures>
    </SectionCard>
  );
}
