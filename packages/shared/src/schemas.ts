import { YEAR_MS } from './time.js';
import { z } from 'zod';
import { ERROR_CODES, MSG } from './messages.js';
import { ceilingText, exceedsAmount, MAX_AMOUNT, type Asset } from './money.js';
import {
  amountPrecisionError,
  EMAIL_MAX,
  EMAIL_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  WALLET_PATTERN,
} from './validation.js';

// In the browser our CSP (script-src 'self') refuses zod's one-time `new Function` probe and logs a
// violation; jitless skips the probe. The server has no such policy and keeps zod's faster JIT parsers.
if ('document' in globalThis) z.config({ jitless: true });

/** Canonical exact decimal amount as sent by the API (DESIGN D2). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

/** The refusal of an amount above the asset's ceiling (MAX_AMOUNT), naming the ceiling. */
export const ceilingMessage = (asset: Asset) => MSG.common.amountTooLarge(ceilingText(asset));

/**
 * The rule a typed amount breaks before it is parsed, in the order the services check: above the asset's
 * ceiling, or too precise (cents for dollars, whole SVP tokens). Null when it breaks neither.
 */
export function amountRuleError(text: string, asset: 'USD' | 'SVP'): string | null {
  if (exceedsAmount(text, asset)) return ceilingMessage(asset);
  return amountPrecisionError(text, asset);
}

/**
 * A typed amount (text) that may not exceed the asset's ceiling: every request schema that takes an amount
 * uses it, so the API refuses a larger one with the ceiling's message before any service sees it (checked
 * first, so a long run of digits is named as too large rather than malformed). Text that is not a plain
 * decimal passes through to the service, which refuses it with the spec's words. `above` narrows the limit
 * below the ceiling (a top-up leaves room for its fee) with its own message.
 */
export const boundedAmount = (
  asset: Asset,
  max: number,
  message?: string,
  above: { limit: bigint; message: string } = { limit: MAX_AMOUNT[asset], message: ceilingMessage(asset) },
) =>
  z
    .string(message === undefined ? undefined : { error: message })
    .trim()
    .refine((text) => !exceedsAmount(text, asset, above.limit), { error: above.message })
    .max(max, message);

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** An e-mail address under the shared rule, normalised once here (validation.ts). */
const email = z
  .string({ error: MSG.register.emailInvalid })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, MSG.register.emailInvalid)
  .regex(EMAIL_PATTERN, MSG.register.emailInvalid);

const password = z
  .string({ error: MSG.register.passwordRequired })
  .min(PASSWORD_MIN, MSG.register.passwordShort)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters.`);

export const registerRequestSchema = z.object({
  email,
  password,
  walletAddress: z
    .string({ error: MSG.register.walletRequired })
    .trim()
    .min(1, MSG.register.walletRequired)
    .max(64, MSG.register.walletInvalid)
    .regex(WALLET_PATTERN, MSG.register.walletInvalid),
  referralCode: z.string().trim().max(64, MSG.register.referralUnknown).optional().default(''),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  /** E-mail address or phone number (SPEC §2, issue: login accepts either). */
  email: z.string({ error: MSG.login.bothRequired }).trim().min(1, MSG.login.bothRequired).max(EMAIL_MAX),
  password: z.string({ error: MSG.login.bothRequired }).min(1, MSG.login.bothRequired).max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The §3 user snapshot the SPA keeps under localStorage key `user`. Amounts are decimal strings. */
export const userSnapshotSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  username: z.string(),
  balance: decimalString,
  tier: z.string(),
  wallet: z.string(),
  end_time: z.string().nullable(),
  expectedWithdrawal: decimalString,
  /** What a withdrawal to the wallet would pay now: 0 before maturity or below the minimum earnings. */
  withdrawableNow: decimalString,
  investedAmount: decimalString,
  history: z.string(),
  coins: decimalString,
  dailyCoins: decimalString,
  botEarn: decimalString,
  /** Earned income (referral bonuses, credits): the `usd.earnings` account (DESIGN D6). */
  earnings: decimalString,
  botStatus: z.union([z.literal(0), z.literal(1)]),
  referralCode: z.string().nullable(),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSnapshotSchema,
});
export const meResponseSchema = z.object({ success: z.literal(true), user: userSnapshotSchema });

export const otpRequestSchema = z.object({ email });
export const passwordResetSchema = z.object({
  email,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, MSG.otp.verifyFailed),
  newPassword: password,
});

export const csrfResponseSchema = z.object({ csrfToken: z.string() });

/** Operator configuration the web app renders (DESIGN D15): brand, notice and links. */
export const publicConfigSchema = z.object({
  brand: z.string(),
  notice: z.string(),
  links: z.object({ channel: z.string(), chatBot: z.string(), telegramTask: z.string() }),
  /** The referral rule in words, rendered from the configured rule (DESIGN D5). */
  referralText: z.string(),
  /** Earnings needed before a withdrawal to the wallet (MIN_WITHDRAWAL_EARNINGS_USD), a USD decimal. */
  minEarningsToWithdraw: z.string(),
  /** MSG.withdraw.ruleBeforeInvesting with the configured figures, shown before a plan is confirmed. */
  withdrawalRuleText: z.string(),
  /** True when the server is not in production mode (test payments, test clock may be shown). */
  devTools: z.boolean(),
  testClock: z.boolean(),
  /** Where a transaction hash can be looked at (`${explorerUrl}/tx/${hash}`); null on the simulated chain. */
  explorerUrl: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const testClockRequestSchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(10 * YEAR_MS)
    .optional(),
  advanceDays: z.number().min(0).max(3650).optional(),
  reset: z.boolean().optional(),
});
export const testClockResponseSchema = z.object({ now: z.string(), offsetMs: z.number() });

/** A USD amount field: a decimal string within the ceiling, one message for every way it is wrong. */
export const usdAmountText = (message: string) => boundedAmount('USD', 20, message).min(1, message);
