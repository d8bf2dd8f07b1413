import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidKey } from './columns.js';
import { investments } from './plans.js';
import { userIdColumn } from './users.js';

/** Withdrawals (DESIGN D6, D7, D16). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuidKey(),
    userId: userIdColumn(),
    investmentId: uuid('investment_id').references(() => investments.id),
    kind: text('kind', { enum: ['maturity', 'break'] }).notNull(),
    gross: bigint('gross', { mode: 'bigint' }).notNull(),
    feeHandling: bigint('fee_handling', { mode: 'bigint' }).notNull(),
    feeCrypto: bigint('fee_crypto', { mode: 'bigint' }).notNull(),
    feeCharity: bigint('fee_charity', { mode: 'bigint' }).notNull(),
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    wallet: text('wallet').notNull(),
    /** pending → approved (by an admin) → paid (when the chain confirms the payout), or rejected (DESIGN D16). */
    status: text('status', { enum: ['pending', 'approved', 'paid', 'rejected'] }).notNull(),
    txHash: text('tx_hash'),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    approvedBy: uuid('approved_by'),
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'date' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by'),
    /** 2: a second, different admin must approve before it is 'approved' (four eyes, migration 0045). */
    approvalsNeeded: smallint('approvals_needed').notNull().default(1),
    /** Why it needs two ('large', 'new-wallet'); empty for one. */
    reviewReasons: text('review_reasons')
      .array()
      .notNull()
      .default(sql`'{}'`),
    firstApprovedBy: uuid('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('withdrawals_status_idx').on(t.status, t.dueAt),
    // The caps sum a user's recent withdrawals (migration 0044); it serves the user's list too.
    index('withdrawals_user_requested_idx').on(t.userId, t.requestedAt),
    check(
      'withdrawals_four_eyes_check',
      sql`${t.approvalsNeeded} = 1 OR ${t.status} NOT IN ('approved', 'paid') OR (${t.firstApprovedBy} IS NOT NULL AND ${t.approvedBy} IS NOT NULL AND ${t.firstApprovedBy} <> ${t.approvedBy})`,
    ),
  ],
);
