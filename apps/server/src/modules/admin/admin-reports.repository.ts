import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deposits, rejectedDeposits, topupRequests, users } from '../../db/schema.js';

/**
 * The admin reports' list queries, newest first, each read from an index that holds only what it lists
 * (db/tables/deposits.ts: deposits_flagged_idx; rejected_deposits_seen_idx), never the whole table, and the overview's
 * counts. They are queries, not rows, so a test can EXPLAIN the very statement the screen runs.
 */
export const adminReportsRepository = {
  /**
   * Users by role, open tickets, flagged deposits, and the active plans' and stakes' counts and sums, kept by
   * triggers as they change (sql/functions/overview/platform_count*.sql): exact as of now, whatever the platform's size.
   */
  keptCounts: sql`select name, n::text from platform_counts_read()`,

  /** Withdrawals waiting for the admin, through the index on status: the queue, never the history. */
  liveCounts: sql`
    select count(*)::int as "pendingWithdrawals" from withdrawals where status in ('pending', 'approved')`,

  /** What the platform's own accounts hold (platform_accounts: with what the roll-up has not reached). */
  platformSums: sql`
    select
      (select coalesce(sum(balance), 0) from platform_accounts where asset = 'USD')::text as "platformUsd",
      (select coalesce(sum(balance), 0) from platform_accounts where code = 'usd.deposits')::text as deposits,
      (select coalesce(sum(balance), 0) from platform_accounts where code = 'usd.payouts')::text as payouts,
      (select coalesce(sum(balance), 0) from platform_accounts where code = 'svp.treasury')::text as treasury`,

  /** Under-, over- and unrequested payments, with who paid and what was expected. */
  flaggedDeposits: (db: Db, limit: number) =>
    db
      .select({ deposit: deposits, username: users.username, email: users.email, expected: topupRequests.amountToPay })
      .from(deposits)
      .innerJoin(users, eq(users.id, deposits.userId))
      .leftJoin(topupRequests, eq(topupRequests.id, deposits.topupRequestId))
      .where(isNotNull(deposits.flag))
      .orderBy(desc(deposits.seenAt), desc(deposits.id))
      .limit(limit),

  /** Transfers that were not credited, with the reason. */
  rejectedDeposits: (db: Db, limit: number) =>
    db
      .select({ rejection: rejectedDeposits, username: users.username, email: users.email })
      .from(rejectedDeposits)
      .innerJoin(users, eq(users.id, rejectedDeposits.userId))
      .orderBy(desc(rejectedDeposits.seenAt), desc(rejectedDeposits.id))
      .limit(limit),
};
