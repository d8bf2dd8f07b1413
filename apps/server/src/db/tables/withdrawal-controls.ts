import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

// ---- Withdrawal controls (issue #37 points 2–4, DESIGN D18, docs/decisions/0044-withdrawal-controls.md) ----

/**
 * A user's own withdrawal caps (USD micro-units over the rolling windows of CAP_WINDOW_HOURS), set by finance. No
 * row, or a null cap: the configured default (WITHDRAWAL_DAILY_CAP_USD, WITHDRAWAL_MONTHLY_CAP_USD).
 */
export const withdrawalLimits = pgTable(
  'withdrawal_limits',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyCap: bigint('daily_cap', { mode: 'bigint' }),
    monthlyCap: bigint('monthly_cap', { mode: 'bigint' }),
    note: text('note').notNull().default(''),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    check('withdrawal_limits_daily_cap_check', sql`${t.dailyCap} IS NULL OR ${t.dailyCap} > 0`),
    check('withdrawal_limits_monthly_cap_check', sql`${t.monthlyCap} IS NULL OR ${t.monthlyCap} > 0`),
  ],
);
