import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

// ---- Notifications (DESIGN D17; written by sql/functions/notifications/notification_add.sql) ----

export const notifications = pgTable(
  'notifications',
  {
    /** Increasing: the live stream's event id, so a reconnect resumes after the last one seen. */
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    category: text('category').notNull(),
    /** What the templates render from (amounts as integer strings at their asset's scale). */
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    /** One notification per event. */
    eventKey: text('event_key').notNull(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('notifications_event_idx').on(t.userId, t.eventKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The e-mail categories the user turned off. */
  emailOff: text('email_off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Who has a live stream open, and on which app instance (ADR 0028). A logged table (drizzle/0043): a standby holds
 * the rows, so streams keep being woken after a failover.
 * notification_add wakes a user's streams with pg_notify only when a row says someone listens.
 */
export const liveListeners = pgTable(
  'live_listeners',
  {
    userId: uuid('user_id').notNull(),
    /** Which stream, on which app process: `<process id>/<stream id>`, one row per open stream. */
    instance: text('instance').notNull(),
    /** When that process last said it still holds them; rows it stopped refreshing are removed. */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.instance] }), index('live_listeners_instance_idx').on(t.instance)],
);
