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
 * The next `$4` entries of a user's accounts older than entry ($2 transaction, $3 id), newest first, among the
 * transactions the filters keep: per account through the (account, transaction desc, id desc) index from where
 * the last page stopped, each candidate's transaction by its key, then merged. Each filter is null when unset:
 * $5 asset (of the account), $6 kinds, $7/$8 created from (inclusive) / to (exclusive), and the search: $9 a
 * pattern for the memo, $10 kinds whose title matches, $11 a transaction id, $12 a pattern for a chain hash in the
 * posting's key, $13/$14 (asset, amount) pairs an entry of the transaction moves. A filtered page costs at most
 * the user's own entries, never another user's.
 */
const pageStatement = preparedStatement<PageRow>(
  'history_page',
  `select le.transaction_id::text as tx, le.id::text as id,
     (extract(epoch from t.created_at) * 1000)::bigint::text as at, t.kind, t.memo, a.code, le.asset,
     le.amount::text as amount
   from accounts a
   cross join lateral (
     select e.id, e.transaction_id, e.asset, e.amount from ledger_entries e
     join ledger_transactions f on f.id = e.transaction_id
     where e.account_id = a.id and (e.transaction_id, e.id) < ($2::bigint, $3::bigint)
       and ($6::text[] is null or f.kind = any($6::text[]))
       and ($7::timestamptz is null or f.created_at >= $7::timestamptz)
       and ($8::timestamptz is null or f.created_at < $8::timestamptz)
       and ($9::text is null
         or f.memo ilike $9::text
         or f.kind = any($10::text[])
         or f.id = $11::bigint
         or ($12::text is not null and f.idempotency_key ilike $12::text)
         or exists (select 1 from ledger_entries x join unnest($13::text[], $14::bigint[]) m(asset, amount)
                    on x.asset = m.asset and abs(x.amount) = m.amount
                    where x.transaction_id = f.id))
     order by e.transaction_id desc nulls last, e.id desc nulls last limit $4) le
   join ledger_transactions t on t.id = le.transaction_id
   where a.owner = $1 and ($5::text is null or a.asset = $5::text)
   order by le.transaction_id desc, le.id desc
   limit $4`,
);

/**
 * The balance of each of the user's accounts `$2[i]` once transaction `$3[i]` was posted: its balance now less
 * what the transactions since moved. One walk down each account's index from the newest to the oldest
 * transaction asked for, not one per line.
 */
const balancesAfterStatement = preparedStatement<{ code: string; tx: string; after: string }>(
  'history_balances_after',
  `with want as (select code, tx from unnest($2::text[], $3::bigint[]) w(code, tx)),
   oldest as (select code, min(tx) as tx from want group by code)
   select a.code, s.tx::text as tx, (a.balance - s.newer)::text as after
   from oldest o
   join accounts a on a.owner = $1 and a.code = o.code
   cross join lateral (
     select g.tx, coalesce(sum(g.amount) over (order by g.tx desc rows between unbounded preceding and 1 preceding), 0)
       as newer
     from (select e.transaction_id as tx, sum(e.amount) as amount from ledger_entries e
           where e.account_id = a.id and e.transaction_id >= o.tx group by e.transaction_id) g) s
   where (a.code, s.tx) in (select code, tx from want)`,
);

/** A transaction's header and its entries on the user's own accounts (none: not theirs). */
const transactionStatement = preparedStatement<EntryRow & { key: string }>(
  'history_transaction',
  `select t.id::text as tx, (extract(epoch from t.created_at) * 1000)::bigint::text as at, t.kind, t.memo,
     t.idempotency_key as key, a.code, e.asset, e.amount::text as amount
   from ledger_transactions t
   join ledger_entries e on e.transaction_id = t.id
   join accounts a on a.id = e.account_id and a.owner = $1
   where t.id = $2::bigint
   order by e.id`,
);

/** A plan of the user's, by id: what a plan's postings refer to. */
const investmentStatement = preparedStatement<{ plan: string; days: number; amount: string; ends: string }>(
  'history_investment',
  `select p.name as plan, i.days, i.amount::text as amount, i.ends_at::text as ends
   from investments i join plans p on p.code = i.plan_code
   where i.id = $2::uuid and i.user_id = $1`,
);

/** A withdrawal of the user's, by its id or by the plan it pays out (through the user's index). */
const withdrawalStatement = preparedStatement<{
  id: string;
  status: string;
  wallet: string;
  tx_hash: string | null;
  reason: string | null;
  investment_id: string | null;
}>(
  'history_withdrawal',
  `select w.id::text as id, w.status, w.wallet, w.tx_hash, w.reason, w.investment_id::text as investment_id
   from withdrawals w
   where w.user_id = $1 and (w.id = $2::uuid or w.investment_id = $3::uuid)
   order by w.requested_at desc limit 1`,
);

/** Whether a user exists (an admin asking for an unknown user's ledger gets a 404, not an empty one). */
const userStatement = preparedStatement<{ id: string }>(
  'history_user',
  `select id::text from users where id = $1::uuid`,
);

/** The filters as the page statement takes them; null for each unset one. */
export interface EntryFilters {
  asset: string | null;
  kinds: string[] | null;
  from: Date | null;
  to: Date | null;
  search: {
    memo: string;
    kinds: string[];
    transactionId: string | null;
    keyPattern: string | null;
    amounts: { asset: string; amount: bigint }[];
  } | null;
}

export const NO_FILTERS: EntryFilters = { asset: null, kinds: null, from: null, to: null, search: null };

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

  /** The `limit` entries on the user's accounts older than `before` that the filters keep, newest first. */
  async page(
    db: Db,
    userId: string,
    before: PageCursor,
    limit: number,
    filters: EntryFilters = NO_FILTERS,
  ): Promise<(StatementEntry & { entryId: bigint })[]> {
    const q = filters.search;
    const rows = await pageStatement(db, [
      userId,
      before.transactionId.toString(),
      before.entryId.toString(),
      limit,
      filters.asset,
      filters.kinds,
      filters.from?.toISOString() ?? null,
      filters.to?.toISOString() ?? null,
      q?.memo ?? null,
      q?.kinds ?? [],
      q?.transactionId ?? null,
      q?.keyPattern ?? null,
      q?.amounts.map((m) => m.asset) ?? [],
      q?.amounts.map((m) => m.amount.toString()) ?? [],
    ]);
    return rows.map((e) => ({ ...entryOf(e), entryId: BigInt(e.id) }));
  },

  /** Each (account code, transaction) pair's balance after that transaction, keyed `code:transaction`. */
  async balancesAfter(db: Db, userId: string, pairs: { code: string; tx: bigint }[]): Promise<Map<string, bigint>> {
    if (pairs.length === 0) return new Map();
    const rows = await balancesAfterStatement(db, [
      userId,
      pairs.map((p) => p.code),
      pairs.map((p) => p.tx.toString()),
    ]);
    return new Map(rows.map((r) => [`${r.code}:${r.tx}`, BigInt(r.after)]));
  },

  /** A transaction's entries on the user's accounts, with its header and key; empty when none is theirs. */
  async transaction(db: Db, userId: string, transactionId: bigint) {
    const rows = await transactionStatement(db, [userId, transactionId.toString()]);
    return rows.map((r) => ({ ...entryOf(r), key: r.key }));
  },

  async investment(db: Db, userId: string, investmentId: string) {
    const [row] = await investmentStatement(db, [userId, investmentId]);
    return row ?? null;
  },

  async withdrawal(db: Db, userId: string, by: { id?: string; investmentId?: string }) {
    const [row] = await withdrawalStatement(db, [userId, by.id ?? null, by.investmentId ?? null]);
    return row ?? null;
  },

  async userExists(db: Db, userId: string): Promise<boolean> {
    return (await userStatement(db, [userId])).length > 0;
  },
};
