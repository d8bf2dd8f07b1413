import { z } from 'zod';
import { MSG } from './messages.js';
import { decimalString } from './schemas.js';
import { withdrawalControlsSchema, withdrawalReviewSchema } from './withdrawal-controls.js';

/**
 * Withdrawals (DESIGN D6, D7, D16): quote, request, the user's list and the admin's queue and decisions.
 * Amounts are decimal strings (ADR 0002).
 */
export const withdrawalKindSchema = z.enum(['maturity', 'break']);
export const withdrawalRequestSchema = z.object({ kind: withdrawalKindSchema.default('maturity') });
/** A quoted price, as the server's withdrawal_price gives it: the form shows these figures and computes none. */
const payoutSchema = z.object({
  gross: decimalString,
  fees: decimalString,
  /** Each fee taken from the gross (handling, then crypto, then charity), summing to `fees`. */
  feeSplit: z.object({ handling: decimalString, crypto: decimalString, charity: decimalString }),
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
  /** Why a break would be refused when only a control stops it (a cap, a hold: ADR 0044); null otherwise. */
  breakRefusal: z.string().nullable(),
  /** A matured plan may always move to the balance (principal and profit, no fees), earnings or not. */
  canMoveToBalance: z.boolean(),
  wallet: z.string(),
  /** Caps, any hold and whether a request would need a second approval (ADR 0044). */
  controls: withdrawalControlsSchema,
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
  /** A withdrawal that needs a second admin's approval (ADR 0044): why, and how many it has; null: one approval. */
  review: withdrawalReviewSchema.nullable(),
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
  /** The admin who gave the first of two approvals (their e-mail), if one has (ADR 0044). */
  firstApprovedBy: z.string().nullable(),
  /** Past its promised time (dueAt) and not paid. */
  late: z.boolean(),
});
export const adminWithdrawalListSchema = z.object({ withdrawals: z.array(adminWithdrawalSchema) });
/** Withdrawals past the promised time and not paid, the longest overdue first (ADR 0044). */
export const lateWithdrawalListSchema = z.object({
  withdrawals: z.array(adminWithdrawalSchema.extend({ hoursLate: z.number() })),
});
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
