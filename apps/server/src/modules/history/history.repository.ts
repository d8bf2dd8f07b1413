import { desc, eq, inArray } from 'drizzle-orm';
import { preparedStatement, type Db } from '../../db/client.js';
import { accounts, ledgerEntries, ledgerTransactions } from '../../db/schema.js';

/** One entry on one of the user's accounts, with its transaction's header. */
export interface StatementEntry {
  transactionId: bigint;
  createdAt: Date;
  kind: string;
  memo: string | null;
  code: string;
  asset: string;
  amount: bigint;
}

interface NewestRow {
  entries_total: string;
  entries: { tx: string; at: string; kind: string; memo: string | null; code: string; asset: string; amount: string }[];
}

/**
 * A user's newest entries, at most `$2` per account through the (account, transaction desc) index and
 * then merged: the cost does not grow with the length of their history. Read in the same statement as
 * the number of entries on their accounts, which names exactly this set (accounts.entry_count).
 */
const newestStatement = preparedStatement<NewestRow>(
  'history_newest',
  `select
     (select coalesce(sum(a.entry_count), 0)::text from accounts a where a.owner = $1) as entries_total,
     (select coalesce(json_agg(h order by h.tx_id desc, h.entry_id desc), '[]'::json) from (
        select le.transaction_id as tx_id, le.id as entry_id, le.transaction_id::text as tx,
          (extract(epoch from t.created_at) * 1000)::bigint::text as at, t.kind, t.memo, a.code, le.asset,
          le.amount::text as amount
        from accounts a
        cross join lateral (
          select e.id, e.transaction_id, e.asset, e.amount from ledger_entries e
          where e.account_id = a.id order by e.transaction_id desc, e.id desc limit $2) le
        join ledger_transactions t on t.id = le.transaction_id
        where a.owner = $1
        order by le.transaction_id desc, le.id desc
        limit $2) h) as entries`,
);

/** Queries only. */
export const historyRepository = {
  async newest(db: Db, userId: string, limit: number): Promise<{ entriesTotal: string; entries: StatementEntry[] }> {
    const [row] = await newestStatement(db, [userId, limit]);
    return {
      entriesTotal: row?.entries_total ?? '0',
      entries: (row?.entries ?? []).map((e) => ({
        transactionId: BigInt(e.tx),
        createdAt: new Date(Number(e.at)),
        kind: e.kind,
        memo: e.memo,
        code: e.code,
        asset: e.asset,
        amount: BigInt(e.amount),
      })),
    };
  },

  /** Every entry on the user's accounts, newest first, up to 100,000 (the CSV export). */
  async all(db: Db, userId: string): Promise<StatementEntry[]> {
    const own = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.owner, userId));
    if (own.length === 0) return [];
    return db
      .select({
        transactionId: ledgerTransactions.id,
        createdAt: ledgerTransactions.createdAt,
        kind: ledgerTransactions.kind,
        memo: ledgerTransactions.memo,
        code: accounts.code,
        asset: ledgerEntries.asset,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .innerJoin(accounts, eq(accounts.id, ledgerEntries.accountId))
      .where(
        inArray(
          ledgerEntries.accountId,
          own.map((a) => a.id),
        ),
      )
      .orderBy(desc(ledgerTransactions.id), desc(ledgerEntries.id))
      .limit(100_000);
  },
};
