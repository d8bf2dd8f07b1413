import { YEAR_MS } from './time.js';
import { z } from 'zod';
import { ERROR_CODES } from './errors.js';
import { LANGUAGES } from './languages.js';
import { MSG } from './messages.js';
import { ceilingText, exceedsAmount, MAX_AMOUNT, parseAmount, type Asset } from './money.js';
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

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** The message's place in SHARED_TEXTS (translation.ts' textKeyOf), when it is one: the web app shows it translated. */
    key: z.string().optional(),
    /** The arguments of a message that is a function of SHARED_TEXTS, in order; [] for a plain text. */
    params: z.array(z.string()).optional(),
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
  /** The language the sign-up page was read in (DESIGN D19): the account's, until changed in Settings. */
  language: z.enum(LANGUAGES).optional(),
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
  /** Earned income (referral bonuses, credits): the `usd.earnings` account now (DESIGN D6); a withdrawal empties it. */
  earnings: decimalString,
  /** All the earnings ever credited, for all time: a withdrawal paying them out does not lower it. */
  earnedTotal: decimalString,
  botStatus: z.union([z.literal(0), z.literal(1)]),
  referralCode: z.string().nullable(),
  /** The account's language (DESIGN D19): the web app speaks it once signed in, e-mails go out in it. */
  language: z.enum(LANGUAGES),
});
export type UserSnapshot = z.infer<typeof userSnapshotSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSnapshotSchema,
});

/** GET /rewards: the welcome reward's status and the coin totals (SPEC §4). */
export const rewardStatusSchema = z.object({
  rewardClaimed: z.union([z.literal(0), z.literal(1)]),
  coins: decimalString,
  dailyCoins: decimalString,
  message: z.string(),
});
export type RewardStatus = z.infer<typeof rewardStatusSchema>;
/** GET /bot: the trading bot's state and why it is paused, if it is (DESIGN D9). */
export const botStatusSchema = z.object({
  botStatus: z.union([z.literal(0), z.literal(1)]),
  state: z.enum(['inactive', 'active', 'paused']),
  reason: z.string().nullable(),
  paidThrough: z.string().nullable(),
  botEarn: decimalString,
});
export type BotStatus = z.infer<typeof botStatusSchema>;

export const meResponseSchema = z.object({
  success: z.literal(true),
  user: userSnapshotSchema,
  /**
   * The dashboard home's coin box and bot box, exactly as GET /rewards and GET /bot answer them, read in /me's
   * own statement so that the home's first screen is /me and /config alone (DESIGN §7). Null for an admin.
   */
  engagement: z.object({ rewards: rewardStatusSchema, bot: botStatusSchema }).nullable(),
  /** Whether the account's e-mail address is verified (ADR 0023): the dashboard shows a banner until it is. */
  emailVerified: z.boolean(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

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

export interface AmountFieldOptions {
  /** A limit below the asset's ceiling, with its own message (a top-up leaves room for its fee). */
  above?: { limit: bigint; message: string };
  /** Decimals the field accepts (default: cents for USD, whole SVP tokens). */
  decimals?: number;
  /** Whether too many decimals gets the spec's precision message (default) rather than `invalid`. */
  precisionMessage?: boolean;
}

/**
 * An amount parsed once, at the edge: the field takes the typed decimal text and yields minor units (bigint),
 * so no service parses a string. Refused in this order, each in the spec's words: above the ceiling (or the
 * narrower `above`), more precise than the asset allows, then anything that is not a positive amount
 * (`invalid`; a missing or blank field too). Range rules (a plan's minimum, a balance) stay with the services,
 * which check them in the spec's order.
 */
export function amountField(asset: 'USD' | 'SVP', invalid: string, options: AmountFieldOptions = {}) {
  return typedAmount(asset, invalid, options).transform((parsed, ctx): bigint => {
    if (typeof parsed === 'bigint') return parsed;
    ctx.addIssue({ code: 'custom', message: parsed.refused ?? invalid });
    return z.NEVER;
  });
}

/**
 * The same field where the service must speak first (SPEC §5 names the plan before the amount): what is not a
 * positive amount yields null and the service refuses it in its turn; the ceiling and precision still refuse here.
 */
export function amountOrNullField(asset: 'USD' | 'SVP', options: AmountFieldOptions = {}) {
  return typedAmount(asset, MSG.common.invalidInput, options).transform((parsed, ctx): bigint | null => {
    if (typeof parsed === 'bigint') return parsed;
    if (parsed.refused === null) return null;
    ctx.addIssue({ code: 'custom', message: parsed.refused });
    return z.NEVER;
  });
}

/** Typed text → minor units, or why not (`refused`: a rule's message; null: simply not a positive amount). */
function typedAmount(asset: 'USD' | 'SVP', notText: string, options: AmountFieldOptions) {
  const above = options.above ?? { limit: MAX_AMOUNT[asset], message: ceilingMessage(asset) };
  const decimals = options.decimals ?? (asset === 'USD' ? 2 : 0);
  return (
    z
      .string({ error: notText })
      // Bounded for the parser's sake; a long run of digits is named as too large, anything else as not an amount.
      .max(64, { error: (issue) => (/^\s*\d[\d.]*\s*$/.test(String(issue.input)) ? above.message : notText) })
      .default('')
      .transform((typed): bigint | { refused: string | null } => {
        const text = typed.trim();
        if (exceedsAmount(text, asset, above.limit)) return { refused: above.message };
        const precision = options.precisionMessage === false ? null : amountPrecisionError(text, asset);
        if (precision) return { refused: precision };
        const minor = text.length > 40 ? null : parseAmount(text, asset, decimals);
        return minor === null || minor <= 0n ? { refused: null } : minor;
      })
  );
}
