import { z } from 'zod';
import { MSG } from './messages.js';
import { ceilingText, MAX_AMOUNT } from './money.js';
import { TOPUP_FEE } from './plans.js';
import { boundedAmount, decimalString } from './schemas.js';

/**
 * Request/response schemas of the money flows. Amounts are decimal strings (ADR 0002), each
 * bounded by its asset's ceiling (MAX_AMOUNT).
 */
const amountText = (message: string) => boundedAmount('USD', 20, message).min(1, message);

/** The most a top-up may ask for: its amount to pay (amount + $3 fee) is one payment, within the ceiling. */
export const MAX_TOPUP = MAX_AMOUNT.USD - TOPUP_FEE;
export const topupCeilingMessage = MSG.topup.aboveCeiling(ceilingText('USD', MAX_TOPUP), ceilingText('USD'));
export const topupRequestSchema = z.object({
  amount: boundedAmount('USD', 20, MSG.topup.invalidAmount, {
    limit: MAX_TOPUP,
    message: topupCeilingMessage,
  }).min(1, MSG.topup.invalidAmount),
});
export const topupResponseSchema = z.object({
  success: z.literal(true),
  requestId: z.string(),
  walletAddress: z.string(),
  amount: decimalString,
  fee: decimalString,
  amountToPay: decimalString,
  paymentUri: z.string(),
  expiresAt: z.string(),
});
export const paymentSchema = z.object({
  txHash: z.string(),
  received: decimalString,
  fee: decimalString,
  credited: decimalString,
  flag: z.string().nullable(),
  seenAt: z.string(),
});
export const topupStatusSchema = z.object({ status: z.enum(['waiting', 'paid']), newPayments: z.array(paymentSchema) });
export const testPaymentRequestSchema = z.object({
  requestId: z.string().uuid(),
  /** Defaults to the request's amount to pay; lets a tester send an under- or over-payment. */
  amount: amountText(MSG.topup.invalidAmount).optional(),
});
export const devChainPaySchema = z.object({
  to: z.string().regex(/^0x[0-9a-fA-F]{40}$/, MSG.register.walletInvalid),
  amount: amountText(MSG.topup.invalidAmount),
});
export const devChainPayResponseSchema = z.object({ txHash: z.string(), credited: z.number() });

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
  amount: boundedAmount('USD', 20).default(''),
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

export const withdrawalKindSchema = z.enum(['maturity', 'break']);
export const withdrawalRequestSchema = z.object({ kind: withdrawalKindSchema.default('maturity') });
const payoutSchema = z.object({
  gross: decimalString,
  fees: decimalString,
  payout: decimalString,
});
export const withdrawalQuoteSchema = z.object({
  hasPlan: z.boolean(),
  endTime: z.string().nullable(),
  daysRemaining: z.number().nullable(),
  expectedWithdrawal: decimalString,
  earnings: decimalString,
  canOpen: z.boolean(),
  canSubmit: z.boolean(),
  /** Why submit is disabled, in words the form shows (empty when it may be submitted). */
  reasons: z.array(z.string()),
  maturity: payoutSchema,
  breakInvestment: payoutSchema.extend({ invested: decimalString }),
  canBreak: z.boolean(),
  /** A matured plan may always move to the balance (principal and profit, no fees), earnings or not. */
  canMoveToBalance: z.boolean(),
  wallet: z.string(),
});
export const withdrawalSchema = z.object({
  id: z.string(),
  kind: withdrawalKindSchema,
  gross: decimalString,
  fees: decimalString,
  payout: decimalString,
  wallet: z.string(),
  /** pending → approved (an admin agreed) → paid (the chain confirmed `txHash`), or rejected (DESIGN D16). */
  status: z.enum(['pending', 'approved', 'paid', 'rejected']),
  txHash: z.string().nullable(),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  dueAt: z.string(),
  decidedAt: z.string().nullable(),
});
export const withdrawalResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  withdrawal: withdrawalSchema,
});
export const moveToBalanceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** What moved from the plan to the balance. */
  amount: decimalString,
});
export const withdrawalListSchema = z.object({ withdrawals: z.array(withdrawalSchema) });
export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: z.string(),
  email: z.string(),
  username: z.string(),
  /** The payout the treasury has sent and the chain has not confirmed yet, if any. */
  sendingTxHash: z.string().nullable(),
});
export const adminWithdrawalListSchema = z.object({ withdrawals: z.array(adminWithdrawalSchema) });
export const adminPaySchema = z.object({
  txHash: z
    .string({ error: MSG.withdraw.txHashInvalid })
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, MSG.withdraw.txHashInvalid),
});
export const adminRejectSchema = z.object({
  reason: z.string({ error: MSG.withdraw.reasonRequired }).trim().min(1, MSG.withdraw.reasonRequired).max(500),
});
export const earningsResponseSchema = z.object({
  success: z.literal(true),
  earnings: decimalString,
  message: z.string(),
});

export const referralResponseSchema = z.object({ referralCode: z.string().nullable(), message: z.string() });
export const referralRequestSchema = z.object({
  source: z.enum(['generate', 'custom']),
  referralCode: z.string().max(100).default(''),
});
export const referralSaveResponseSchema = z.object({
  success: z.literal(true),
  referralCode: z.string(),
  message: z.string(),
});

export const historyResponseSchema = z.object({ lines: z.array(z.string()) });
