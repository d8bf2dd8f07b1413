import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

// ---- Operator controls (DESIGN D18) ----

/**
 * An admin's roles (packages/shared operator-permissions.ts maps each to its permissions). No row, no permission:
 * an admin account with no role reaches nothing but its own sign-in.
 */
export const adminRoles = pgTable(
  'admin_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['superadmin', 'finance', 'support', 'compliance'] }).notNull(),
    /** Who granted it; null for the migration's and the first admin's grant. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'admin_roles_pkey', columns: [t.userId, t.role] }),
    check('admin_roles_role_check', sql`${t.role} in ('superadmin', 'finance', 'support', 'compliance')`),
  ],
);

/** Maintenance mode: one row (id = true). While active, users' writes answer 503 with the message. */
export const maintenanceMode = pgTable(
  'maintenance_mode',
  {
    id: boolean('id').primaryKey().default(true),
    active: boolean('active').notNull(),
    message: text('message').notNull(),
    retryAfterSeconds: integer('retry_after_seconds').notNull(),
    since: timestamp('since', { withTimezone: true, mode: 'date' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [check('maintenance_mode_one_row', sql`${t.id}`)],
);

/**
 * An announcement and how far its sending got: `cursor` is the last user id (in id order) whose batch committed,
 * so a job that died resumes after it.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    audience: text('audience', { enum: ['all', 'verified', 'invested', 'inactive30'] }).notNull(),
    status: text('status', { enum: ['sending', 'sent'] }).notNull(),
    cursor: uuid('cursor'),
    sent: integer('sent').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('announcements_status_check', sql`${t.status} in ('sending', 'sent')`),
    check('announcements_audience_check', sql`${t.audience} in ('all', 'verified', 'invested', 'inactive30')`),
  ],
);

/** Who an announcement reached: its primary key is the unique (announcement, user), so nobody gets one twice. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // Led by the user (shard-ready): the pair is unique whatever the order of its columns.
  (t) => [primaryKey({ name: 'announcement_recipients_pkey', columns: [t.userId, t.announcementId] })],
);
