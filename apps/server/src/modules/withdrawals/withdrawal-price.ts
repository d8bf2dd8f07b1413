import {
  ACCOUNT_MSG,
  BREAK_PAYOUT_PERCENT,
  DAY_MS,
  formatUsdShort,
  MSG,
  USD_UNIT,
  WITHDRAWAL_FEES,
  type Payout,
} from '@svp/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { functionCall } from '../../db/sql-functions.js';
import type { PricingRule } from './withdrawals.repository.js';

/*
 * A withdrawal's price has one home, sql/functions/withdrawals/withdrawal_price.sql (SPEC §9, ADR 0038): the
 * request's statement calls it, and so does the quote the page shows (`priceWithdrawals`), so the two cannot differ.
 */

/** Why withdrawal_price refuses, in the order a request answers them (its first). */
export type WithdrawalRefusal =
  'no-plan' | 'unverified' | 'not-matured' | 'earnings' | 'nothing-expected' | 'already-matured';

/** A refusal's message; `days` and `minEarnings` are the ones the statement stored with it. */
export function refusalMessage(refusal: WithdrawalRefusal, days: number, minEarnings: bigint): string {
  switch (refusal) {
    case 'no-plan':
      return MSG.withdraw.noPlan;
    case 'unverified':
      return ACCOUNT_MSG.withdrawalsNeedVerifiedEmail;
    case 'not-matured':
      return MSG.withdraw.notMatured(days);
    case 'earnings':
      return MSG.withdraw.earningsNeeded(formatUsdShort(minEarnings));
    case 'nothing-expected':
      return MSG.withdraw.nothingExpected;
    case 'already-matured':
      return MSG.withdraw.alreadyMatured;
  }
}

/** The pricing rule's constants as the statement takes them: all from packages/shared and the configuration. */
export function pricingRule(rule: { minEarnings: bigint; requireVerified: boolean }): PricingRule {
  return {
    minEarnings: rule.minEarnings,
    requireVerified: rule.requireVerified,
    fees: [WITHDRAWAL_FEES.handling, WITHDRAWAL_FEES.crypto, WITHDRAWAL_FEES.charity],
    breakPercent: BREAK_PAYOUT_PERCENT,
    dayMs: DAY_MS,
    usdUnit: USD_UNIT,
  };
}

/** What a withdrawal is priced from: the active plan (if any), the earnings, the e-mail's standing and the time. */
export interface PricedState {
  plan: { amount: bigint; expectedWithdrawal: bigint; endsAt: Date } | undefined;
  earnings: bigint;
  verified: boolean;
  now: Date;
}

const priceCall = functionCall(
  'withdrawal_price',
  `o_refusals::text[] as refusals, o_days::text as days, o_gross::text as gross, o_fees::text[] as fees,
   o_payout::text as payout`,
  {
    p_kind: 'text',
    p_has_plan: 'boolean',
    p_amount: 'bigint',
    p_expected: 'bigint',
    p_ends_at: 'timestamptz',
    p_earnings: 'bigint',
    p_verified: 'boolean',
    p_now: 'timestamptz',
    p_min_earnings: 'bigint',
    p_require_verified: 'boolean',
    p_fees: 'bigint[]',
    p_break_percent: 'bigint',
    p_day_ms: 'bigint',
  },
  z.object({
    refusals: z.array(
      z.enum(['no-plan', 'unverified', 'not-matured', 'earnings', 'nothing-expected', 'already-matured']),
    ),
    days: z.string().nullable(),
    gross: z.string(),
    fees: z.array(z.string()).length(3),
    payout: z.string(),
  }),
);

/** One kind's price: every refusal that holds (none: it may be requested), the days left, and the payout. */
export interface Price extends Payout {
  refusals: WithdrawalRefusal[];
  days: number | null;
}

/** Both kinds priced by withdrawal_price, as a request of that kind would be at `state.now`. */
export async function priceWithdrawals(db: Db, state: PricedState, rule: PricingRule) {
  const price = async (kind: 'maturity' | 'break'): Promise<Price> => {
    const [row] = await priceCall(db, {
      p_kind: kind,
      p_has_plan: state.plan !== undefined,
      p_amount: state.plan?.amount.toString() ?? null,
      p_expected: state.plan?.expectedWithdrawal.toString() ?? null,
      p_ends_at: state.plan?.endsAt.toISOString() ?? null,
      p_earnings: state.earnings.toString(),
      p_verified: state.verified,
      p_now: state.now.toISOString(),
      p_min_earnings: rule.minEarnings.toString(),
      p_require_verified: rule.requireVerified,
      p_fees: rule.fees.map(String),
      p_break_percent: rule.breakPercent.toString(),
      p_day_ms: rule.dayMs,
    });
    const [handling, crypto, charity] = row!.fees.map(BigInt) as [bigint, bigint, bigint];
    return {
      refusals: row!.refusals,
      days: row!.days === null ? null : Number(row!.days),
      gross: BigInt(row!.gross),
      fees: { handling, crypto, charity },
      payout: BigInt(row!.payout),
    };
  };
  const [maturity, broken] = await Promise.all([price('maturity'), price('break')]);
  return { maturity, broken };
}
