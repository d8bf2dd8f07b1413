import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deposits, rejectedDeposits, topupRequests, users } from '../../db/schema.js';

/**
 * The admin reports' list queries, newest first, each read from an index that holds only what it lists
 * (migration 0032: deposits_flagged_idx; rejected_deposits_seen_idx), never the whole table, and the overview's
 * counts. They are queries, not rows, so a test can EXPLAIN the very statement the screen runs.
 */
export const adminReportsRepository = {
  /** Users by role, open tickets and flagged deposits, kept by triggers as they change (migration 0032). */
  keptCounts: sql`select name, n::text from platform_counts_read()`,

  /** Active plans and pending withdrawals, through indexes that hold only those rows (the live sets). */
  liveCounts: sql`
    select
      (select count(*)::int from investments where status = 'active') as "activeInvestments",
      (select count(*)::int from withdrawals where status in ('pending', 'approved')) as "pendingWithdrawals"`,

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
