import { z } from 'zod';
import { MSG } from './messages.js';
import { ceilingText, MAX_AMOUNT } from './money.js';
import { TOPUP_FEE } from './plans.js';
import { amountField, decimalString } from './schemas.js';

/**
 * Top-up and deposits (DESIGN D8): the top-up panel, its payment status and the development payments.
 * Amounts are decimal strings (ADR 0002).
 */

/** The most a top-up may ask for: its amount to pay (amount + $3 fee) is one payment, within the ceiling. */
export const MAX_TOPUP = MAX_AMOUNT.USD - TOPUP_FEE;
export const topupCeilingMessage = MSG.topup.aboveCeiling(ceilingText('USD', MAX_TOPUP), ceilingText('USD'));
export const topupRequestSchema = z.object({
  amount: amountField('USD', MSG.topup.invalidAmount, { above: { limit: MAX_TOPUP, message: topupCeilingMessage } }),
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
  amount: amountField('USD', MSG.topup.invalidAmount).optional(),
});
export const devChainPaySchema = z.object({
  to: z.string().regex(/^0x[0-9a-fA-F]{40}$/, MSG.register.walletInvalid),
  /** USDT to the micro-dollar, as a wallet may send it. */
  amount: amountField('USD', MSG.topup.invalidAmount, { decimals: 6, precisionMessage: false }),
});
export const devChainPayResponseSchema = z.object({ txHash: z.string(), credited: z.number() });
