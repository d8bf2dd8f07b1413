import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { uuidKey } from './columns.js';
import { userIdColumn } from './users.js';

/** Plans and investments (DESIGN D4). */
// ---- Plans, investments, withdrawals ----
/** Operator-editable plan rates (DESIGN D4); seeded from packages/shared PLANS when missing. */
export const plans = pgTable('plans', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  type: text('type').notNull(),
  dailyTask: integer('daily_task').notNull(),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
  multiplier: bigint('multiplier', { mode: 'bigint' }).notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const investments = pgTable(
  'investments',
  {
    id: uuidKey(),
    userId: userIdColumn(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    expectedWithdrawal: bigint('expected_withdrawal', { mode: 'bigint' }).notNull(),
    days: integer('days').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: ['active', 'closed'] }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // One active plan per user, enforced by the database so two racing requests cannot both start one.
    uniqueIndex('investments_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    // A user's every plan: the referral bonus's first-investment test and the daily coins' accrual (ADR 0029).
    index('investments_user_idx').on(t.userId),
  ],
);
