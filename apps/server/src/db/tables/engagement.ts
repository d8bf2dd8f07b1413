import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { uuidKey } from './columns.js';
import { userIdColumn, users } from './users.js';

// ---- Engagement: rewards, bot, taps (DESIGN D9, D11) ----

/** Per-user engagement state; balances themselves live in the ledger (coin.coins, coin.daily). */
export const engagement = pgTable('engagement', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  welcomeClaimedAt: timestamp('welcome_claimed_at', { withTimezone: true, mode: 'date' }),
  /** Daily coins are settled for every UTC day up to and including this date (YYYY-MM-DD). */
  dailySettledThrough: text('daily_settled_through').notNull(),
  botStatus: text('bot_status', { enum: ['inactive', 'active', 'paused'] })
    .notNull()
    .default('inactive'),
  botReason: text('bot_reason'),
  botActivatedAt: timestamp('bot_activated_at', { withTimezone: true, mode: 'date' }),
  /** Upkeep is paid up to this moment; the next 100,000 coins fall due then. */
  botPaidThrough: timestamp('bot_paid_through', { withTimezone: true, mode: 'date' }),
  lastTapSaveAt: timestamp('last_tap_save_at', { withTimezone: true, mode: 'date' }).notNull(),
  tapDay: text('tap_day').notNull(),
  tapsToday: integer('taps_today').notNull().default(0),
  totalClicks: bigint('total_clicks', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

// ---- Staking (DESIGN D10) ----

export const stakes = pgTable(
  'stakes',
  {
    id: uuidKey(),
    userId: userIdColumn(),
    tokens: bigint('tokens', { mode: 'bigint' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status', { enum: ['active', 'released'] }).notNull(),
    /** USD micro-units of yield credited so far for this stake (its totalEarned). */
    creditedTotal: bigint('credited_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    releasedAt: timestamp('released_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('stakes_one_active_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    // The staking summary reads a user's latest stake (active or not).
    index('stakes_user_latest_idx').on(t.userId, t.startedAt.desc()),
  ],
);
