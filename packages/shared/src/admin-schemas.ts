import { z } from 'zod';
import { figuresAsOfField } from './figures-age.js';
import { USER_ACCOUNTS } from './ledger.js';
import { MSG } from './messages.js';
import { exceedsAmount, parseAmount } from './money.js';
import { ceilingMessage, decimalString, userSnapshotSchema } from './schemas.js';
import { EMAIL_MAX } from './validation.js';

/** Tickets, profile and admin console schemas. */
export const ticketStatusSchema = z.enum(['open', 'pending', 'closed']);
export const ticketCreateSchema = z.object({
  subject: z.string({ error: MSG.tickets.empty }).trim().min(1, MSG.tickets.empty).max(200),
  message: z.string({ error: MSG.tickets.empty }).trim().min(1, MSG.tickets.empty).max(5000),
});
export const ticketReplySchema = z.object({
  message: z.string({ error: MSG.tickets.empty }).trim().min(1, MSG.tickets.empty).max(5000),
});
export const ticketSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: ticketStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const ticketMessageSchema = z.object({
  id: z.string(),
  sender: z.enum(['user', 'admin']),
  message: z.string(),
  created_at: z.string(),
});
export const ticketListSchema = z.object({ tickets: z.array(ticketSummarySchema) });
export const ticketThreadSchema = z.object({ ticket: ticketSummarySchema, messages: z.array(ticketMessageSchema) });
export const adminTicketSummarySchema = ticketSummarySchema.extend({ username: z.string(), email: z.string() });
export const adminTicketListSchema = z.object({ tickets: z.array(adminTicketSummarySchema) });
export const adminTicketThreadSchema = z.object({
  ticket: adminTicketSummarySchema,
  messages: z.array(ticketMessageSchema),
});

export const usernameSchema = z.object({
  username: z
    .string({ error: MSG.profile.usernameInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_]{3,30}$/, MSG.profile.usernameInvalid),
});

export const EDITABLE_USER_FIELDS = [
  'name',
  'email',
  'phone',
  'username',
  'walletAddress',
  'role',
  'disabled',
] as const;
export type EditableUserField = (typeof EDITABLE_USER_FIELDS)[number];

export const adminLookupQuerySchema = z.object({ email: z.string().trim().max(EMAIL_MAX).default('') });
export const adminUserDetailsSchema = z.object({
  id: z.string(),
  fields: z.array(z.object({ field: z.string(), value: z.string() })),
  editableFields: z.array(z.string()),
});
export const adminFieldUpdateSchema = z.object({
  field: z.string().trim().max(40).default(''),
  value: z.string().trim().max(200).default(''),
});
export const adminContactUpdateSchema = z.object({
  name: z.string().trim().max(100).default(''),
  email: z.string().trim().max(EMAIL_MAX).default(''),
  phone: z.string().trim().max(30).default(''),
});
export const adminUserRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.string(),
  disabled: z.boolean(),
});
export const adminUserListSchema = z.object({
  users: z.array(adminUserRowSchema),
  /** The next page's `after`, or null on the last page. */
  nextCursor: z.string().nullable(),
  ...figuresAsOfField,
});

/** The Manage Users table's orders: sign-up time either way, or e-mail address. */
export const ADMIN_USER_SORTS = ['newest', 'oldest', 'email'] as const;
export const ADMIN_USER_STATUSES = ['all', 'active', 'disabled'] as const;
export const ADMIN_USERS_PAGE_MAX = 100;
/** GET /admin/users: a page at a time (keyset), sorted, filtered by the start of an e-mail or username. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(EMAIL_MAX).default(''),
  status: z.enum(ADMIN_USER_STATUSES).default('all'),
  sort: z.enum(ADMIN_USER_SORTS).default('newest'),
  /** An opaque cursor from the previous page's `nextCursor`. */
  after: z.string().max(400).default(''),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_PAGE_MAX).default(50),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const ADJUSTABLE_ACCOUNTS = ['usd.balance', 'usd.earnings', 'usd.fund', 'coin.coins', 'svp.wallet'] as const;
export type AdjustableAccount = (typeof ADJUSTABLE_ACCOUNTS)[number];

/**
 * An adjustment's amount as typed, in the account's minor units: digits with at most 2 decimals, whole tokens
 * for SVP; null for anything else ("1,000", "1e9", "12.345"), never a guess at what was meant.
 */
export function parseAdjustmentAmount(account: AdjustableAccount, text: string): bigint | null {
  const asset = USER_ACCOUNTS[account];
  return parseAmount(text, asset, asset === 'SVP' ? 0 : 2);
}
/** An adjustment, its amount parsed at the edge in the account's own asset (the account picks the asset). */
export const adminAdjustSchema = z
  .object({
    account: z.enum(ADJUSTABLE_ACCOUNTS),
    direction: z.enum(['credit', 'debit']),
    amount: z.string().trim().max(24).default(''),
    reason: z.string().trim().max(500).default(''),
  })
  .transform((body, ctx) => {
    const refuse = (message: string) => {
      ctx.addIssue({ code: 'custom', path: ['amount'], message });
      return z.NEVER;
    };
    const asset = USER_ACCOUNTS[body.account];
    if (exceedsAmount(body.amount, asset)) return refuse(ceilingMessage(asset));
    const amount = parseAdjustmentAmount(body.account, body.amount);
    if (amount === null || amount <= 0n) return refuse(MSG.admin.adjustInvalid);
    return { ...body, amount };
  });

/** The three data sets of SPEC §7 (users, user data, referral data) and each one's editable columns. */
export const DATASET_EDITABLE = {
  users: ['name', 'email', 'phone'],
  userData: ['username', 'walletAddress'],
  referralData: ['referralCode'],
} as const;
export type DatasetName = keyof typeof DATASET_EDITABLE;
const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const datasetsSchema = z.object({
  users: z.array(z.record(z.string(), cell)),
  userData: z.array(z.record(z.string(), cell)),
  referralData: z.array(z.record(z.string(), cell)),
  editable: z.record(z.string(), z.array(z.string())),
});
export const datasetRowUpdateSchema = z.record(z.string(), z.union([z.string().max(200), z.null()]));

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export const auditListSchema = z.object({ entries: z.array(auditEntrySchema), ...figuresAsOfField });

export const overviewSchema = z.object({
  counts: z.object({
    users: z.number(),
    admins: z.number(),
    activeInvestments: z.number(),
    pendingWithdrawals: z.number(),
    openTickets: z.number(),
    flaggedDeposits: z.number(),
  }),
  /** `checkedAt`: when the figures were taken (a large ledger is checked in the background, ADR 0031). */
  invariants: z.object({ ok: z.boolean(), problems: z.array(z.string()), checkedAt: z.string().optional() }),
  /**
   * Whether the platform can pay: what it would owe if every active plan and stake ran to its end,
   * against the money it took in minus what it paid out. `surplus` is held − owed; below zero is a shortfall.
   */
  solvency: z.object({
    /** Every user's USD on the platform: balances, plans' principal, earnings, fund, pending withdrawals. */
    owedNow: decimalString,
    activePlans: z.object({ count: z.number(), invested: decimalString, atMaturity: decimalString }),
    /** Expected withdrawals of the active plans minus their principal (already in owedNow). */
    planReturnsToCome: decimalString,
    activeStakes: z.number(),
    /** Yield the active stakes will still earn up to their end, beyond what they were credited. */
    stakingYieldToCome: decimalString,
    /** SVP tokens users hold (wallet and staked), and what selling them all would pay. */
    tokensHeld: decimalString,
    tokensAtSellPrice: decimalString,
    owedAtMaturity: decimalString,
    depositsReceived: decimalString,
    paidOut: decimalString,
    netHeld: decimalString,
    surplus: decimalString,
  }),
});

/**
 * A deposit whose amount differed from its top-up request, or that came without one (DESIGN D8): it was
 * credited as received, and the admin follows it up. `expected` is the request's amount to pay (null when
 * there was no request). A `rejected` one was not credited at all (above the ceiling, or it could not be
 * recorded): `reason` says why, and `received` is what the chain reported, of any size.
 */
export const flaggedDepositSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  flag: z.enum(['under', 'over', 'unrequested', 'rejected']),
  expected: decimalString.nullable(),
  received: decimalString,
  credited: decimalString,
  txHash: z.string(),
  seenAt: z.string(),
  reason: z.string().nullable(),
});
export const flaggedDepositListSchema = z.object({ deposits: z.array(flaggedDepositSchema) });

/**
 * One outgoing e-mail as the admin Outbox screen lists it. `body`, `code` (the one-time code the mail carries)
 * and `links` are given only outside production and while the body is still stored (it is cleared once SMTP
 * accepted the mail); in production the list has recipients and subjects only.
 */
export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  status: z.enum(['pending', 'sent', 'failed', 'outbox']),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** Outside production only (else null, and `links` empty): the mail's text as rendered, its code and its links. */
  body: z.string().nullable(),
  code: z.string().nullable(),
  links: z.array(z.string()),
});
export const outboxListSchema = z.object({
  /** Outside production only: the list carries each mail's body, one-time code and links. */
  showsCodes: z.boolean(),
  /** Whether SMTP_URL is set (mails are sent) or mails stay in the outbox and the log. */
  delivery: z.enum(['smtp', 'outbox']),
  mails: z.array(outboxMailSchema),
});

export const adminLoginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  mfa: z.enum(['setup', 'verify']),
});
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export const totpVerifySchema = z.object({ code: z.string().trim().max(20).default('') });
export const totpVerifyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSnapshotSchema,
  recoveryCodes: z.array(z.string()).optional(),
});
