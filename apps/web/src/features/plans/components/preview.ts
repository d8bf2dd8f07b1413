import { amountPrecisionError, expectedWithdrawal, fromDecimalString, MSG, parseAmount } from '@svp/shared';
import type { Plan } from '../api/plans';
import { localizeText } from '../../../shared/language/i18n';
import { sharedTextsOf } from '../../../shared/language/useMsg';

export interface Preview {
  expectedWithdrawal: bigint;
  expectedProfit: bigint;
}

/** What the server will compute (DESIGN D4): the shared `expectedWithdrawal` formula with the plan's own rates. */
export function previewInvestment(plan: Plan, days: number, amount: bigint): Preview | null {
  if (!plan.ratios[String(days)]) return null;
  const rates = { multiplier: BigInt(plan.multiplier), minAmount: fromDecimalString(plan.minAmount, 'USD') };
  const expected = expectedWithdrawal(amount, rates, days);
  return { expectedWithdrawal: expected, expectedProfit: expected - amount };
}

export interface PickInput {
  duration: number | null;
  amount: string;
  /** The available balance from /me, in USD micro-units. */
  balance: bigint;
}

/**
 * The spec's checks in its order (SPEC §5), before anything is sent; the server repeats them and also
 * knows about an active plan. Returns the message to show, or null when the request may be sent.
 */
export function pickPlanError(plan: Plan | null, input: PickInput): string | null {
  const texts = sharedTextsOf('MSG', MSG);
  if (!plan || !input.duration) return texts.invest.missingPlan;
  // "10.005" breaks the 2-decimals rule, not the minimum: say so.
  const precision = amountPrecisionError(input.amount, 'USD');
  if (precision) return localizeText(precision);
  const amount = parseAmount(input.amount, 'USD', 2);
  if (amount === null || amount < fromDecimalString(plan.minAmount, 'USD')) {
    return texts.invest.belowMinimum(plan.minAmount);
  }
  if (input.balance < amount) return texts.invest.insufficient;
  return null;
}
