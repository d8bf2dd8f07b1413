import { z } from 'zod';
import { formatUsdMicro } from './money-format.js';
import { decimalString } from './schemas.js';

/**
 * Withdrawal controls (DESIGN D18, docs/decisions/0044-withdrawal-controls.md): per-user daily
 * and monthly caps, a second admin's approval for large withdrawals and the first one to a newly changed wallet,
 * and a hold on withdrawals after a change to the account. The texts, schemas and constants both apps use; the
 * rules themselves run in the database (apps/server/sql/functions/withdrawals/withdrawal_controls.sql).
 */

export const WITHDRAWAL_CONTROLS_API = {
  /** Admin: pending or approved withdrawals past the promised time (withdrawals.read). */
  late: '/admin/withdrawals/late',
  /** Admin: a user's caps, the defaults and any override (GET: withdrawals.read; POST: withdrawals.limits). */
  limits: '/admin/users/:id/withdrawal-limits',
} as const;

/** The cap windows, rolling: the payouts of the user's withdrawals requested within them, rejected ones aside. */
export const CAP_WINDOW_HOURS = { daily: 24, monthly: 30 * 24 } as const;

/** The promised processing time in business hours (SPEC §1 terms, §9: "48 hours to 3 days"; Sundays not counted). */
export const PROCESSING_HOURS = { normal: 48, review: 72 } as const;

/** Why a withdrawal needs a second admin's approval. */
export const REVIEW_REASONS = ['large', 'new-wallet'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** The account changes that start a hold on withdrawals. */
export const HOLD_CHANGES = ['wallet', 'email', 'password', 'two-factor-off'] as const;
export type HoldChange = (typeof HOLD_CHANGES)[number];

/** "4 Mar 2026, 09:00 UTC": a moment in a server-written sentence (the browser formats its own copy locally). */
export function utcMoment(at: Date | string): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const month = d.toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' });
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${month} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/** utcMoment with a translation's month names (12, January first): "4 mar 2026, 09:00 UTC". */
export function utcMomentWith(at: Date | string, months: readonly string[]): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${months[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

const CHANGE_TEXT = {
  wallet: 'the wallet address of your account was changed',
  email: 'the e-mail address of your account was changed',
  password: 'the password of your account was reset',
  'two-factor-off': 'two-factor authentication was turned off',
} as const satisfies Record<HoldChange, string>;

const REVIEW_TEXT = {
  large: 'a large withdrawal',
  'new-wallet': 'the first withdrawal to a newly changed wallet',
} as const satisfies Record<ReviewReason, string>;

export const WITHDRAWAL_CONTROLS_MSG = {
  /** SPEC §1 (terms), verbatim. */
  /** What changed, as `hold` and `holdShort` say it (a text of its own, so the web finds holdShort's words). */
  holdChanges: CHANGE_TEXT,
  /** Why a second approval is needed, as `underReview` and `reviewReason` say it. */
  reviewReasons: REVIEW_TEXT,
  promise:
    'Withdrawals are processed within 48 hours to 3 days; extra verification may be needed for large withdrawals.',
  dailyCap: (payout: bigint, cap: bigint, used: bigint) =>
    `This withdrawal of ${formatUsdMicro(payout)} is over your daily withdrawal limit: ${formatUsdMicro(cap)} in 24 hours, ` +
    `of which ${formatUsdMicro(used)} is already requested. Contact support if you need a higher limit.`,
  monthlyCap: (payout: bigint, cap: bigint, used: bigint) =>
    `This withdrawal of ${formatUsdMicro(payout)} is over your monthly withdrawal limit: ${formatUsdMicro(cap)} in 30 days, ` +
    `of which ${formatUsdMicro(used)} is already requested. Contact support if you need a higher limit.`,
  hold: (until: Date | string, change: HoldChange) =>
    `Withdrawals are on hold until ${utcMoment(until)} because ${CHANGE_TEXT[change]}. ` +
    'This protects your money if someone else made the change; if it was not you, contact support at once.',
  holdShort: (change: HoldChange) => CHANGE_TEXT[change],
  /** The user's list and the success message: what happens to a request that needs a second approval. */
  underReview: (due: Date | string, reasons: readonly ReviewReason[]) =>
    `Under review: extra verification is needed for ${reasons.map((r) => REVIEW_TEXT[r]).join(' and ') || 'this withdrawal'}. ` +
    `Expected by ${utcMoment(due)}.`,
  requestedForReview: (due: Date | string) =>
    'Your withdrawal request has been received. Extra verification is needed for large withdrawals: ' +
    `it is under review and funds arrive by ${utcMoment(due)} (business days).`,
  reviewReason: (reason: ReviewReason) => REVIEW_TEXT[reason],
  // Admin side.
  firstApproval: 'First approval recorded: a second admin must approve this withdrawal before it can be paid.',
  sameAdmin: 'You gave this withdrawal its first approval: a different admin must give the second.',
  limitsSaved: 'Withdrawal limits saved.',
  capInvalid: 'Enter a dollar amount above 0 (at most 2 decimals), or leave it empty for the default.',
  userNotFound: 'User not found.',
} as const;

/** The figures the quote shows: caps with what is used, the hold and whether a request would go to review. */
export const withdrawalControlsSchema = z.object({
  /** null: no cap. */
  dailyCap: decimalString.nullable(),
  dailyUsed: decimalString,
  monthlyCap: decimalString.nullable(),
  monthlyUsed: decimalString,
  /** A hold in force: until when and why. */
  hold: z.object({ until: z.string(), change: z.enum(HOLD_CHANGES), message: z.string() }).nullable(),
  /** Why a maturity request now would need a second approval (empty: one approval). */
  review: z.array(z.enum(REVIEW_REASONS)),
  /** SPEC's promise, shown on the form. */
  promise: z.string(),
});
export type WithdrawalControls = z.infer<typeof withdrawalControlsSchema>;

/** A withdrawal's review, as the user's list and the admin's queue show it. */
export const withdrawalReviewSchema = z.object({
  reasons: z.array(z.enum(REVIEW_REASONS)),
  approvalsNeeded: z.number().int(),
  approvals: z.number().int(),
});

/** The money fields of a cap: a dollar amount above 0 with at most 2 decimals, or null for the default. */
const capInput = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, WITHDRAWAL_CONTROLS_MSG.capInvalid)
  .refine((v) => Number(v) > 0, WITHDRAWAL_CONTROLS_MSG.capInvalid)
  .nullable();

export const withdrawalLimitsSetSchema = z.object({
  dailyCap: capInput,
  monthlyCap: capInput,
  note: z.string().trim().max(500).default(''),
});
export type WithdrawalLimitsSet = z.infer<typeof withdrawalLimitsSetSchema>;

export const withdrawalLimitsSchema = z.object({
  userId: z.string(),
  defaults: z.object({ dailyCap: decimalString.nullable(), monthlyCap: decimalString.nullable() }),
  /** The user's own caps; null where the default applies. */
  override: z
    .object({
      dailyCap: decimalString.nullable(),
      monthlyCap: decimalString.nullable(),
      note: z.string(),
      setBy: z.string().nullable(),
      setAt: z.string(),
    })
    .nullable(),
  /** What applies now and what is used of it. */
  dailyCap: decimalString.nullable(),
  dailyUsed: decimalString,
  monthlyCap: decimalString.nullable(),
  monthlyUsed: decimalString,
});
export type WithdrawalLimits = z.infer<typeof withdrawalLimitsSchema>;
