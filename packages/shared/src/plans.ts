import { DAY_MS } from './time.js';
/**
 * Plans and the money formulas of SPEC §9 / DESIGN D4, D6, D7 — the only copy. The server computes
 * with them; the web previews exactly what the server will do. All amounts are USD micro-units.
 */
export const USD_UNIT = 1_000_000n;

export interface PlanDefinition {
  code: 'standard' | 'silver' | 'gold' | 'platinum';
  name: string;
  type: string;
  dailyTask: number;
  /** Minimum amount in USD micro-units. */
  minAmount: bigint;
  /** The spec's tier multiplier m at the plan's minimum (expected = 0.5 × m × days at the minimum). */
  multiplier: bigint;
}

export const PLANS: readonly PlanDefinition[] = [
  { code: 'standard', name: 'Standard', type: 'Basic', dailyTask: 1, minAmount: 10n * USD_UNIT, multiplier: 1n },
  { code: 'silver', name: 'Silver', type: 'Premium', dailyTask: 2, minAmount: 20n * USD_UNIT, multiplier: 2n },
  { code: 'gold', name: 'Gold', type: 'Elite', dailyTask: 3, minAmount: 50n * USD_UNIT, multiplier: 4n },
  { code: 'platinum', name: 'Platinum', type: 'Master', dailyTask: 4, minAmount: 100n * USD_UNIT, multiplier: 8n },
];

export const PLAN_DURATIONS = [
  { days: 45, enabled: true },
  { days: 120, enabled: false },
] as const;

export const findPlan = (code: string) => PLANS.find((p) => p.code === code || p.name === code);

/**
 * DESIGN D4: payout ratio = 0.5 × m × days / minimum, so expected = amount × m × days / (2 × minimum),
 * floored to the micro-dollar. 10→22.5, 20→45, 50→90, 100→180 at 45 days; $200 in Standard → $450.
 */
export function expectedWithdrawal(
  amount: bigint,
  plan: Pick<PlanDefinition, 'multiplier' | 'minAmount'>,
  days: number,
): bigint {
  return (amount * plan.multiplier * BigInt(days) * USD_UNIT) / (2n * plan.minAmount);
}

/** SPEC §9 withdrawal fees, each posted to its own account. */
export const WITHDRAWAL_FEES = {
  handling: 1_000_000n,
  crypto: 1_000_000n,
  charity: 600_000n,
} as const;
export const WITHDRAWAL_FEE_TOTAL = WITHDRAWAL_FEES.handling + WITHDRAWAL_FEES.crypto + WITHDRAWAL_FEES.charity;
export const TOPUP_FEE = 3n * USD_UNIT;

export interface Payout {
  gross: bigint;
  fees: { handling: bigint; crypto: bigint; charity: bigint };
  payout: bigint;
}

/** Takes the fees from `gross` in the order handling, crypto, charity; never below zero. */
export function applyWithdrawalFees(gross: bigint): Payout {
  let left = gross < 0n ? 0n : gross;
  const take = (fee: bigint) => {
    const taken = left < fee ? left : fee;
    left -= taken;
    return taken;
  };
  const fees = {
    handling: take(WITHDRAWAL_FEES.handling),
    crypto: take(WITHDRAWAL_FEES.crypto),
    charity: take(WITHDRAWAL_FEES.charity),
  };
  return { gross: gross < 0n ? 0n : gross, fees, payout: left };
}

/** SPEC §9: expectedWithdrawal + earnings − 2.6, floored at 0. */
export const maturityPayout = (expected: bigint, earnings: bigint): Payout => applyWithdrawalFees(expected + earnings);

/**
 * What a withdrawal to the wallet would pay right now: the maturity payout once the plan has
 * matured and the earnings reach the configured minimum, otherwise nothing. Amounts in USD minor units.
 */
export function withdrawableNow(
  plan: { expectedWithdrawal: bigint; earnings: bigint; endsAt: Date | null },
  minEarnings: bigint,
  now: Date,
): bigint {
  if (!plan.endsAt || plan.endsAt > now || plan.expectedWithdrawal <= 0n || plan.earnings < minEarnings) return 0n;
  return maturityPayout(plan.expectedWithdrawal, plan.earnings).payout;
}

/** SPEC §9: breaking a plan early pays back 40% of the invested amount. */
export const BREAK_PAYOUT_PERCENT = 40n;

/** SPEC §9: 40% of the invested amount − 2.6, floored at 0 (shown with 3 decimals). */
export const breakPayout = (invested: bigint): Payout => applyWithdrawalFees((invested * BREAK_PAYOUT_PERCENT) / 100n);

/** Top-up credit: received − $3, floored at 0 (SPEC §9). */
export function topupCredit(received: bigint): { fee: bigint; credit: bigint } {
  const fee = received < TOPUP_FEE ? received : TOPUP_FEE;
  return { fee, credit: received - fee };
}

/** SPEC §9: days remaining is the ceiling of days to end_time (0 or less means the form opens). */
export const daysRemaining = (endTime: Date, now: Date) => Math.ceil((endTime.getTime() - now.getTime()) / DAY_MS);

/**
 * DESIGN D7: the promised 48 h counts business time only; Sundays (UTC) are not processed.
 * Walks forward hour by hour, counting only hours that fall outside Sunday.
 */
export function withdrawalDueDate(requestedAt: Date, businessHours = 48): Date {
  let t = requestedAt.getTime();
  let counted = 0;
  while (counted < businessHours) {
    const next = t + 3_600_000;
    if (new Date(t).getUTCDay() !== 0) counted += 1;
    t = next;
  }
  return new Date(t);
}
