import { SectionCard } from '../../../components/ui/SectionCard';
import type { TreasuryReport } from '../api/treasury';
import { FigureRow, Figures } from '../../../components/ui/Figures';
import { formatUsdFigure } from '@svp/shared';
import { plural } from '../../../lib/text';

/**
 * What the ledger owes: what users could ask for now, what active plans hold until they end (owed, but not
 * withdrawable now), and what plans and stakes will add by their end.
 */
export function OwedCard({ owed }: { owed: TreasuryReport['owed'] }) {
  return (
    <SectionCard title="Owed by the ledger" size="h4" compact data-testid="treasury-owed">
      <Figures label="What the ledger owes">
        <FigureRow
          label="Withdrawable by users now"
          hint="Balances, earnings, fund balances and pending withdrawals"
          value={formatUsdFigure(owed.available)}
          testId="treasury-owed-available"
        />
        <FigureRow
          label="of which approved, not yet paid"
          hint={
            owed.approvedCount === 0 ? 'No approved withdrawals' : plural(owed.approvedCount, 'approved withdrawal')
          }
          value={formatUsdFigure(owed.approvedUnpaid)}
          testId="treasury-approved-unpaid"
        />
        <FigureRow
          label="+ Locked in active plans"
          hint={`Invested in ${plural(owed.activePlans, 'active plan')}: owed, but not withdrawable until each plan ends`}
          value={formatUsdFigure(owed.inActivePlans)}
          testId="treasury-owed-in-plans"
        />
        <FigureRow label="Owed to users now" value={formatUsdFigure(owed.now)} testId="treasury-owed-now" />
        <FigureRow
          label="+ Still to come at maturity"
          hint="Active plans' returns and stakes' yield, up to their end"
          value={formatUsdFigure(owed.atMaturity)}
        />
        <FigureRow label="Owed in total" value={formatUsdFigure(owed.total)} strong />
      </Figures>
    </SectionCard>
  );
}
