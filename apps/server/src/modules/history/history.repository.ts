import { preparedStatement, type Db } from '../../db/client.js';

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

/** An entry as both statements return it: numbers as text, the time as epoch ms. */
interface EntryRow {
  tx: string;
  at: string;
  kind: string;
  memo: string | null;
  code: string;
  asset: string;
  amount: string;
}

const entryOf = (e: EntryRow): StatementEntry => ({
  transactionId: BigInt(e.tx),
  createdAt: new Date(Number(e.at)),
  kind: e.kind,
  memo: e.memo,
  code: e.code,
  asset: e.asset,
  amount: BigInt(e.amount),
});

interface NewestRow {
  entries_total: string;
  entries: EntryRow[];
}

/**
 * A user's newest entries, at most `$2` per account through the (account, transaction desc) index and
 * then merged: the cost does not grow with the length of their history. Read in the same statement as
 * the number of entries on their accounts, which names exactly this set (accounts.entry_count).
 *
 * `desc nulls last`, as the index is declared: a plain `desc` means nulls first, which the index does not
 * give, and PostgreSQL then sorts every entry of the account (100,000 for a long history) to take the newest.
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
          where e.account_id = a.id order by e.transaction_id desc nulls last, e.id desc nulls last limit $2) le
        join ledger_transactions t on t.id = le.transaction_id
        where a.owner = $1
        order by le.transaction_id desc, le.id desc
        limit $2) h) as entries`,
);

interface PageRow extends EntryRow {
  id: string;
}

/**
 * The next `$4` entries of a user's accounts older than entry ($2 transaction, $3 id), newest first: per
 * account through the (account, transaction desc, id desc) index from where the last page stopped, then
 * merged. Each page costs the same however long the history is (the CSV export reads it page by page).
 */
const pageStatement = preparedStatement<PageRow>(
  'history_page',
  `select le.transaction_id::text as tx, le.id::text as id,
     (extract(epoch from t.created_at) * 1000)::bigint::text as at, t.kind, t.memo, a.code, le.asset,
     le.amount::text as amount
   from accounts a
   cross join lateral (
     select e.id, e.transaction_id, e.asset, e.amount from ledger_entries e
     where e.account_id = a.id and (e.transaction_id, e.id) < ($2::bigint, $3::bigint)
     order by e.transaction_id desc nulls last, e.id desc nulls last limit $4) le
   join ledger_transactions t on t.id = le.transaction_id
   where a.owner = $1
   order by le.transaction_id desc, le.id desc
   limit $4`,
);

/** Where a page of entries starts: before this (transaction, entry). */
export interface PageCursor {
  transactionId: bigint;
  entryId: bigint;
}

/** Queries only. */
export const historyRepository = {
  async newest(db: Db, userId: string, limit: number): Promise<{ entriesTotal: string; entries: StatementEntry[] }> {
    const [row] = await newestStatement(db, [userId, limit]);
    return {
      entriesTotal: row?.entries_total ?? '0',
      entries: (row?.entries ?? []).map(entryOf),
    };
  },

  /** The `limit` entries on the user's accounts older than `before`, newest first, with each one's id. */
  async page(
    db: Db,
    userId: string,
    before: PageCursor,
    limit: number,
  ): Promise<(StatementEntry & { entryId: bigint })[]> {
    const rows = await pageStatement(db, [userId, before.transactionId.toString(), before.entryId.toString(), limit]);
    return rows.map((e) => ({ ...entryOf(e), entryId: BigInt(e.id) }));
  },
};
