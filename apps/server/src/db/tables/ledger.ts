import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

// ---- Ledger (DESIGN §3) ----

export const accounts = pgTable(
  'accounts',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** A user id, or `system` for platform accounts. */
    owner: text('owner').notNull(),
    code: text('code').notNull(),
    asset: text('asset', { enum: ['USD', 'SVP', 'COIN'] }).notNull(),
    /** Cache of the sum of this account's entries, moved only by the posting function. */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    allowNegative: boolean('allow_negative').notNull().default(false),
    /**
     * Cache of how many entries this account has, moved with the balance. Entries are immutable and only
     * ever added, so the sum over a user's accounts names one exact statement: the key of the /me history cache.
     */
    entryCount: bigint('entry_count', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The sum of this account's entries that the incremental ledger check has verified (ledger-check.ts). */
    checkedTotal: bigint('checked_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** How many of this account's entries the incremental ledger check has verified. */
    checkedCount: bigint('checked_count', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounts_owner_code_key').on(t.owner, t.code),
    check('accounts_non_negative', sql`${t.allowNegative} or ${t.balance} >= 0`),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    actorId: text('actor_id'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ledger_transactions_idempotency_key').on(t.idempotencyKey)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => accounts.id),
    asset: text('asset', { enum: ['USD', 'SVP', 'COIN'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // A user's newest entries per account without sorting their whole history (GET /me, the statement).
    index('ledger_entries_account_newest_idx').on(t.accountId, t.transactionId.desc(), t.id.desc()),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/**
 * Postings whose platform legs the roll-up has not yet added to the platform accounts' cached balances
 * (sql/functions/ledger/ledger_roll_up_platform.sql, docs/decisions/0030). A platform account's balance is its
 * cached one plus those entries: the view `platform_accounts` answers it.
 */
export const ledgerPlatformUnrolled = pgTable('ledger_platform_unrolled', {
  transactionId: bigint('transaction_id', { mode: 'bigint' }).primaryKey(),
});
