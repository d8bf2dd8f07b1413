import { breakPayout, daysRemaining, formatUsdShort, maturityPayout, MSG } from '@svp/shared';

/** The plan a quote is for: what it was invested, what it pays at maturity, and when it matures. */
export interface QuotedPlan {
  amount: bigint;
  expectedWithdrawal: bigint;
  endsAt: Date;
}

/**
 * What a withdrawal would pay at `now` (SPEC §4, DESIGN D6) and why it cannot be made yet, from the plan and the
 * earnings: a pure function, shared by the quote the page shows and the request that is priced with it.
 */
export function quoteOf(investment: QuotedPlan | undefined, earnings: bigint, now: Date, minEarnings: bigint) {
  const days = investment ? daysRemaining(investment.endsAt, now) : null;
  const expected = investment?.expectedWithdrawal ?? 0n;
  const maturity = maturityPayout(expected, earnings);
  const broken = breakPayout(investment?.amount ?? 0n);
  const reasons: string[] = [];
  if (!investment) reasons.push(MSG.withdraw.noPlan);
  else if (days !== null && days > 0) reasons.push(MSG.withdraw.notMatured(days));
  if (earnings < minEarnings) reasons.push(MSG.withdraw.earningsNeeded(formatUsdShort(minEarnings)));
  if (investment && expected <= 0n) reasons.push(MSG.withdraw.nothingExpected);
  return { earnings, days, maturity, broken, reasons, canOpen: days !== null && days <= 0 };
}
