import { z } from 'zod';
import { MSG } from './messages.js';
import { amountOrNullField, decimalString } from './schemas.js';

/** Plans and investing (DESIGN D4). Amounts are decimal strings (ADR 0002). */
export const planSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.string(),
  dailyTask: z.number(),
  minAmount: decimalString,
  /** Tier multiplier m (DESIGN D4), so clients compute the preview with the same shared formula. */
  multiplier: z.number().int().positive(),
  /** Expected withdrawal per $1 invested for each duration (e.g. "2.25" at 45 days). */
  ratios: z.record(z.string(), z.string()),
});
export const plansResponseSchema = z.object({
  plans: z.array(planSchema),
  durations: z.array(z.object({ days: z.number(), enabled: z.boolean() })),
});
export const investRequestSchema = z.object({
  plan: z.string({ error: MSG.invest.missingPlan }).trim().max(40).default(''),
  duration: z.number({ error: MSG.invest.missingPlan }).int().min(0).max(10_000).nullable().default(null),
  /** Null when it is not a positive amount: the service names the plan's minimum after the plan checks. */
  amount: amountOrNullField('USD'),
});
export const investmentSchema = z.object({
  id: z.string(),
  plan: z.string(),
  amount: decimalString,
  expectedWithdrawal: decimalString,
  expectedProfit: decimalString,
  days: z.number(),
  startedAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['active', 'closed']),
});
export const investResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  investment: investmentSchema,
});
export const currentInvestmentResponseSchema = z.object({ investment: investmentSchema.nullable() });
