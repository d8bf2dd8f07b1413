import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidKey } from './columns.js';
import { users } from './users.js';

// ---- Withdrawal controls (DESIGN D18, docs/decisions/0044-withdrawal-controls.md) ----

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

/**
 * A change to an account that holds its withdrawals until `ends_at` (WITHDRAWAL_HOLD_HOURS after it, fixed when made:
 * the mail names that time). A wallet change keeps the new wallet: the first withdrawal to it needs four eyes.
 */
export const withdrawalHolds = pgTable(
  'withdrawal_holds',
  {
    id: uuidKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    change: text('change', { enum: ['wallet', 'email', 'password', 'two-factor-off'] }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The admin who made it; null when the user did. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    wallet: text('wallet'),
  },
  (t) => [
    check('withdrawal_holds_change_check', sql`${t.change} in ('wallet', 'email', 'password', 'two-factor-off')`),
    index('withdrawal_holds_user_idx').on(t.userId, t.changedAt),
  ],
);
