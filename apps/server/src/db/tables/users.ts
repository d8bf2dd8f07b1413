import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@svp/shared';
import { createdAt, uuidKey } from './columns.js';

/** The user a row belongs to (`user_id`); with 'cascade' the row goes when the account does. */
export const userIdColumn = (onDelete?: 'cascade') =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, onDelete && { onDelete });

/** People: users and admins alike (one table, a role). */
export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    email: text('email').notNull(),
    phone: text('phone'),
    username: text('username').notNull(),
    name: text('name'),
    walletAddress: text('wallet_address').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    disabled: boolean('disabled').notNull().default(false),
    referralCode: text('referral_code'),
    referredBy: uuid('referred_by'),
    /** When the account's current e-mail was proven by a link sent to it; null until then (ADR 0023). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** The account's language (DESIGN D19): e-mails and notifications are written in it (migration 0047). */
    language: text('language').$type<Language>().notNull().default(DEFAULT_LANGUAGE),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    // One account per address regardless of case (Ann@x.com and ann@x.com are the same person).
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_referral_code_lower_key').on(sql`lower(${t.referralCode})`),
    // The admin users table reads users in sign-up order, a page at a time (a range read, not a sort).
    index('users_created_at_idx').on(t.createdAt, t.id),
    // Manage Users filters by the start of an e-mail or username (LIKE 'abc%' under any collation).
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
    check('users_language_check', sql`${t.language} in (${sql.raw(LANGUAGES.map((code) => `'${code}'`).join(', '))})`),
  ],
);
