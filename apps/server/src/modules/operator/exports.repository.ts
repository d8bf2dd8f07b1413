import { sql } from 'drizzle-orm';
import { SYSTEM_OWNER } from '@svp/shared';
import { queryRows, type Db } from '../../db/client.js';

export interface JournalTransaction {
  id: string;
  created_at: Date | string;
  kind: string;
  actor_id: string | null;
  memo: string | null;
}
export interface JournalEntry {
  transaction_id: string;
  id: string;
  owner: string;
  code: string;
  asset: string;
  amount: string;
}
export interface AccountTotal {
  id: string;
  owner: string;
  code: string;
  asset: string;
  total: string;
}

/** Micro-dollars from a token amount in base units and its decimals (USDT has 18 on BSC, 6 here). */
const micro = (raw: string, decimals: string) =>
  sql.raw(
    `floor(${raw} / power(10::numeric, greatest(${decimals} - 6, 0)) * power(10::numeric, greatest(6 - ${decimals}, 0)))`,
  );

/**
 * Queries only: the accounting exports' reads (DESIGN D18), each a keyset page of a bounded size, so an export of
 * any length holds one page in memory.
 */
export const exportsRepository = {
  /** The period's transactions after `afterId`, in id order (the primary key's range from the cursor). */
  transactions(db: Db, from: Date, to: Date, afterId: string, limit: number) {
    return queryRows<JournalTransaction>(
      db,
      sql`select t.id::text as id, t.created_at, t.kind, t.actor_id, t.memo from ledger_transactions t
          where t.id > ${afterId}::bigint and t.created_at >= ${from.toISOString()}::timestamptz
            and t.created_at < ${to.toISOString()}::timestamptz
          order by t.id limit ${limit}`,
    );
  },

  /** The entries of those transactions (by the entries' transaction index), with their accounts. */
  entries(db: Db, transactionIds: string[]) {
    if (transactionIds.length === 0) return Promise.resolve([] as JournalEntry[]);
    return queryRows<JournalEntry>(
      db,
      sql`select e.transaction_id::text as transaction_id, e.id::text as id, a.owner, a.code, e.asset,
            e.amount::text as amount
          from ledger_entries e join accounts a on a.id = e.account_id
          where e.transaction_id = any(${`{${transactionIds.join(',')}}`}::bigint[])
          order by e.transaction_id, e.id`,
    );
  },

  /** Each account's balance at `at` (the sum of its entries posted before), a page of accounts after `afterId`. */
  accountTotals(db: Db, at: Date, afterId: string, limit: number) {
    return queryRows<AccountTotal>(
      db,
      sql`select a.id::text as id, a.owner, a.code, a.asset, coalesce(s.total, 0)::text as total
          from (select id, owner, code, asset from accounts where id > ${afterId}::bigint order by id limit ${limit}) a
          cross join lateral (
            select sum(e.amount) as total from ledger_entries e
            join ledger_transactions t on t.id = e.transaction_id
            where e.account_id = a.id and t.created_at < ${at.toISOString()}::timestamptz) s
          order by a.id`,
    );
  },

  /** What users' dollar accounts held at `at`, by account code: the platform's liabilities. */
  liabilities(db: Db, at: Date) {
    return queryRows<{ code: string; amount: string }>(
      db,
      sql`select a.code, coalesce(sum(e.amount), 0)::text as amount
          from ledger_entries e
          join accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id
          where a.owner <> ${SYSTEM_OWNER} and a.asset = 'USD' and t.created_at < ${at.toISOString()}::timestamptz
          group by a.code order by a.code`,
    );
  },

  /** The treasury's last reading of the chain: the treasury and the unswept deposit addresses, in micro-dollars. */
  async snapshot(db: Db) {
    const [row] = await queryRows<{ held: string; refreshed_at: Date | string }>(
      db,
      sql`select (${micro('(s.treasury_raw + s.unswept_raw)', 's.decimals')})::text as held, s.refreshed_at
          from treasury_snapshots s order by s.refreshed_at desc limit 1`,
    );
    return row ? { held: BigInt(row.held), refreshedAt: new Date(row.refreshed_at) } : null;
  },

  /** USDT that reached deposit addresses in [from, to), credited or not, and that the treasury sent out. */
  async chainFlows(db: Db, from: Date, to: Date) {
    const [row] = await queryRows<{ received: string; rejected: string; sent: string }>(
      db,
      sql`select
            (select coalesce(sum(d.received), 0) from deposits d
              where d.seen_at >= ${from.toISOString()}::timestamptz and d.seen_at < ${to.toISOString()}::timestamptz)::text
              as received,
            (select coalesce(sum(${micro('r.amount_raw', 'r.decimals')}), 0) from rejected_deposits r
              where r.seen_at >= ${from.toISOString()}::timestamptz and r.seen_at < ${to.toISOString()}::timestamptz)::text
              as rejected,
            (select coalesce(sum(${micro('x.amount_raw', 'x.decimals')}), 0) from treasury_transfers x
              where x.seen_at >= ${from.toISOString()}::timestamptz and x.seen_at < ${to.toISOString()}::timestamptz)::text
              as sent`,
    );
    return { received: BigInt(row!.received) + BigInt(row!.rejected), sent: BigInt(row!.sent) };
  },
};
