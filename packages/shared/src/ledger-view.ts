import { z } from 'zod';
import { figuresAsOfField } from './figures-age.js';
import { formatAmount, formatSvp, formatUsdMicro, fromDecimalString, type Asset } from './money.js';
import type { UserAccountCode } from './ledger.js';

/**
 * The ledger view of History (a statement as a bank app shows it): its filters, one line per transaction with
 * signed amounts and the running balance of each account it moved, and a transaction's details with its
 * references. The user's own view and an admin's view of a user's ledger read the same schemas.
 */

/** Where the ledger view's routes live (beside API.history and API.historyCsv). */
export const LEDGER_API = {
  entry: '/history/entries/:transactionId',
  adminUserHistory: '/admin/users/:id/history',
  adminUserEntry: '/admin/users/:id/history/:transactionId',
} as const;

/** The filter's kinds as the filter names them (translated: SHARED_TEXTS.LEDGER_KIND_GROUP_LABELS). */
export const LEDGER_KIND_GROUP_LABELS = {
  topups: 'Top-ups',
  plans: 'Plans',
  withdrawals: 'Withdrawals',
  referrals: 'Referral bonuses',
  staking: 'Staking',
  coins: 'Coins and bot',
  adjustments: 'Adjustments by support',
} as const;

/** The filter's kinds: what a person looks for, each a set of ledger postings (`label`: its English name). */
export const LEDGER_KIND_GROUPS = {
  topups: { label: LEDGER_KIND_GROUP_LABELS.topups, kinds: ['deposit'] },
  plans: { label: LEDGER_KIND_GROUP_LABELS.plans, kinds: ['investment.start', 'investment.to-balance'] },
  withdrawals: {
    label: LEDGER_KIND_GROUP_LABELS.withdrawals,
    kinds: ['withdrawal.request', 'withdrawal.break', 'withdrawal.paid', 'withdrawal.rejected'],
  },
  referrals: { label: LEDGER_KIND_GROUP_LABELS.referrals, kinds: ['referral.bonus'] },
  staking: {
    label: LEDGER_KIND_GROUP_LABELS.staking,
    kinds: [
      'staking.yield',
      'staking.release',
      'staking.convert',
      'staking.buy',
      'staking.sell',
      'staking.stake',
      'staking.earned-to-balance',
      'staking.withdraw-earned',
      'staking.transfer',
    ],
  },
  coins: {
    label: LEDGER_KIND_GROUP_LABELS.coins,
    kinds: ['coins.daily', 'coins.daily-claim', 'coins.welcome', 'coins.taps', 'bot.activation', 'bot.upkeep'],
  },
  adjustments: { label: LEDGER_KIND_GROUP_LABELS.adjustments, kinds: ['admin.adjustment'] },
} as const satisfies Record<keyof typeof LEDGER_KIND_GROUP_LABELS, { label: string; kinds: readonly string[] }>;
export type LedgerKindGroup = keyof typeof LEDGER_KIND_GROUPS;
export const LEDGER_KIND_GROUP_KEYS = Object.keys(LEDGER_KIND_GROUPS) as LedgerKindGroup[];

/** The group a posting's kind belongs to (null for a kind no group lists yet). */
export function kindGroupOf(kind: string): LedgerKindGroup | null {
  for (const key of LEDGER_KIND_GROUP_KEYS)
    if ((LEDGER_KIND_GROUPS[key].kinds as readonly string[]).includes(kind)) return key;
  return null;
}

/** A short title per posting kind, as a statement row's heading. */
export const LEDGER_KIND_LABELS = {
  deposit: 'Top-up',
  'investment.start': 'Plan started',
  'investment.to-balance': 'Plan moved to balance',
  'withdrawal.request': 'Withdrawal requested',
  'withdrawal.break': 'Plan broken early',
  'withdrawal.paid': 'Withdrawal paid',
  'withdrawal.rejected': 'Withdrawal rejected',
  'referral.bonus': 'Referral bonus',
  'staking.yield': 'Staking earnings',
  'staking.release': 'Stake ended',
  'staking.convert': 'Fund conversion',
  'staking.buy': 'SVP bought',
  'staking.sell': 'SVP sold',
  'staking.stake': 'Tokens staked',
  'staking.earned-to-balance': 'Staking earnings to balance',
  'staking.withdraw-earned': 'Staking earnings withdrawn',
  'staking.transfer': 'Fund transfer',
  'coins.daily': 'Daily coins',
  'coins.daily-claim': 'Daily bonus claimed',
  'coins.welcome': 'Welcome reward',
  'coins.taps': 'Daily task',
  'bot.activation': 'Bot activated',
  'bot.upkeep': 'Bot upkeep',
  'admin.adjustment': 'Adjustment by support',
} as const satisfies Record<string, string>;
export const ledgerKindLabel = (kind: string) => (LEDGER_KIND_LABELS as Record<string, string>)[kind] ?? kind;

/** The user's balances as the dashboard names them. */
export const LEDGER_ACCOUNT_LABELS = {
  'usd.balance': 'Balance',
  'usd.invested': 'Invested amount',
  'usd.earnings': 'Earnings',
  'usd.fund': 'Fund balance',
  'usd.staking_earned': 'Staking earnings',
  'usd.withdrawal_pending': 'Pending withdrawals',
  'svp.wallet': 'Token wallet',
  'svp.staked': 'Staked tokens',
  'coin.coins': 'Coins',
  'coin.daily': 'Daily coins',
} as const satisfies Record<UserAccountCode, string>;
export const ledgerAccountLabel = (code: string) => LEDGER_ACCOUNT_LABELS[code as UserAccountCode] ?? code;

export const LEDGER_ASSETS = ['USD', 'SVP', 'COIN'] as const satisfies readonly Asset[];
export const LEDGER_ASSET_LABELS = {
  USD: 'US dollars',
  SVP: 'SVP tokens',
  COIN: 'Coins',
} as const satisfies Record<Asset, string>;

/** An amount in its asset's units, without sign: "$1,234.50", "200,000 SVP", "25.00 coins". */
export function assetAmountText(minor: bigint, asset: Asset): string {
  const abs = minor < 0n ? -minor : minor;
  if (asset === 'USD') return formatUsdMicro(abs);
  if (asset === 'SVP') return formatSvp(abs);
  return `${formatAmount(abs, 'COIN')} coins`;
}

/** A statement's signed amount from the API's decimal string: "+$100.00", "−200,000 SVP" (a true minus sign). */
export function signedAmountText(decimal: string, asset: Asset): string {
  const minor = fromDecimalString(decimal.replace(/^-/, ''), asset);
  return `${decimal.startsWith('-') ? '\u2212' : '+'}${assetAmountText(minor, asset)}`;
}

/** A balance from the API's decimal string, in its asset's units. */
export const balanceText = (decimal: string, asset: Asset) =>
  `${decimal.startsWith('-') ? '\u2212' : ''}${assetAmountText(fromDecimalString(decimal.replace(/^-/, ''), asset), asset)}`;

/** Lines per page unless the caller asks for fewer or more. */
export const LEDGER_PAGE_SIZE = 50;
export const LEDGER_PAGE_MAX = 100;
export const LEDGER_SEARCH_MAX = 100;

export const LEDGER_MSG = {
  kind: `Choose a kind from the list: ${LEDGER_KIND_GROUP_KEYS.join(', ')}.`,
  asset: 'Choose an asset: USD, SVP or COIN.',
  date: 'Enter a date as YYYY-MM-DD.',
  range: 'The start date must be on or before the end date.',
  search: `Search for at most ${LEDGER_SEARCH_MAX} characters.`,
  cursor: 'This page link is not valid: start again from the newest.',
  limit: `Ask for 1 to ${LEDGER_PAGE_MAX} lines.`,
  transaction: 'No such transaction in this history.',
} as const;

/** A query-string value left empty ("kind=") is no filter. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A calendar day, or an instant (a browser sends its own midnight as one). */
const dayOrInstant = z
  .string()
  .max(40, LEDGER_MSG.date)
  .refine((v) => {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(v);
    const instant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v);
    if (!day && !instant) return false;
    const time = Date.parse(day ? `${v}T00:00:00Z` : v);
    return Number.isFinite(time) && (!day || new Date(time).toISOString().startsWith(v));
  }, LEDGER_MSG.date);

/** Where a day filter starts and ends: a day covers the whole UTC day, an instant is taken as it is. */
export const rangeStart = (v: string) => new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
export const rangeEnd = (v: string) =>
  v.length === 10 ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(v);

/** A row id as the database holds it: a positive bigint. */
const bigintId = (message: string) =>
  z
    .string()
    .max(19, message)
    .refine((v) => /^[1-9]\d{0,18}$/.test(v) && BigInt(v) <= 2n ** 63n - 1n, message);

const filterFields = {
  kind: optional(z.enum(LEDGER_KIND_GROUP_KEYS as [LedgerKindGroup, ...LedgerKindGroup[]], LEDGER_MSG.kind)),
  asset: optional(z.enum(LEDGER_ASSETS, LEDGER_MSG.asset)),
  from: optional(dayOrInstant),
  to: optional(dayOrInstant),
  q: optional(z.string().trim().max(LEDGER_SEARCH_MAX, LEDGER_MSG.search)),
};
const rangeInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || rangeStart(f.from) < rangeEnd(f.to);

/** The filters (the CSV export takes these alone). */
export const ledgerFiltersSchema = z
  .object(filterFields)
  .refine(rangeInOrder, { message: LEDGER_MSG.range, path: ['to'] });
export type LedgerFilters = z.infer<typeof ledgerFiltersSchema>;

export const ledgerQuerySchema = z
  .object({
    ...filterFields,
    /** The transaction the next page starts below (its id), as the previous page gave it. */
    cursor: optional(bigintId(LEDGER_MSG.cursor)),
    limit: optional(
      z.coerce
        .number({ error: LEDGER_MSG.limit })
        .int(LEDGER_MSG.limit)
        .min(1, LEDGER_MSG.limit)
        .max(LEDGER_PAGE_MAX, LEDGER_MSG.limit),
    ),
  })
  .refine(rangeInOrder, { message: LEDGER_MSG.range, path: ['to'] });
export type LedgerQuery = z.infer<typeof ledgerQuerySchema>;

/** What one line did to one of the user's accounts: signed, exact, and the account's balance after it. */
export const ledgerChangeSchema = z.object({
  account: z.string(),
  label: z.string(),
  asset: z.enum(LEDGER_ASSETS),
  /** Signed decimal string in the asset's units ("-10", "100000"). */
  amount: z.string(),
  /** The account's balance once this line was posted (decimal string). */
  balanceAfter: z.string(),
});
export type LedgerChange = z.infer<typeof ledgerChangeSchema>;

/** One statement line: a transaction, or a settlement's run of daily coins. */
export const ledgerLineSchema = z.object({
  /** The newest transaction of the line: its details' id. */
  id: z.string(),
  transactionCount: z.number().int(),
  createdAt: z.string(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  changes: z.array(ledgerChangeSchema),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;

export const ledgerPageSchema = z.object({
  items: z.array(ledgerLineSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.string().nullable(),
  ...figuresAsOfField,
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

/** A transaction's reference: a chain hash, a plan, a withdrawal. */
export const ledgerReferenceSchema = z.object({
  label: z.string(),
  value: z.string(),
  type: z.enum(['hash', 'text']),
});
export type LedgerReference = z.infer<typeof ledgerReferenceSchema>;

export const ledgerDetailSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  memo: z.string().nullable(),
  changes: z.array(ledgerChangeSchema),
  references: z.array(ledgerReferenceSchema),
});
export type LedgerDetail = z.infer<typeof ledgerDetailSchema>;

export const ledgerEntryParamsSchema = z.object({
  transactionId: bigintId(LEDGER_MSG.transaction),
});

/** GET /history: a page of the ledger view; asked with no query, also the newest statement sentences. */
export const historyPageResponseSchema = ledgerPageSchema.extend({ lines: z.array(z.string()).optional() });
export const ledgerDetailResponseSchema = ledgerDetailSchema.extend(figuresAsOfField);
