import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from './columns.js';
import { userIdColumn } from './users.js';

// ---- Account security (ADR 0023) ----

/** Each password check at sign-in for a known account, kept to the newest few per user (the Security screen). */
export const signInEvents = pgTable(
  'sign_in_events',
  {
    id: uuidKey(),
    userId: userIdColumn('cascade'),
    /** 'password-only': the password was right but no valid second-factor code followed (yet). */
    outcome: text('outcome', { enum: ['success', 'failed', 'password-only'] }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** "Chrome on Windows": read from the user agent once, when the attempt was made. */
    device: text('device').notNull(),
    createdAt: createdAt(),
    /** A 'password-only' attempt's pending session (its token's hash), which the code turns into 'success'. */
    sessionHash: text('session_hash'),
    /** When the account was e-mailed about this attempt that never finished. */
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('sign_in_events_user_idx').on(t.userId, t.createdAt, t.id),
    index('sign_in_events_unreported_idx')
      .on(t.createdAt)
      .where(sql`${t.outcome} = 'password-only' and ${t.reportedAt} is null`),
    check('sign_in_events_outcome_check', sql`${t.outcome} in ('success', 'failed', 'password-only')`),
  ],
);

/** Devices (browser family and OS) a user has signed in from: a sign-in from any other one is e-mailed. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: userIdColumn('cascade'),
    device: text('device').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);

/**
 * E-mail verification links: single use, 24 hours, only the token's SHA-256 stored. `change` rows are the
 * pending new address of an e-mail change; the account's address changes only once its link is opened.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuidKey(),
    userId: userIdColumn('cascade'),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['signup', 'change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash),
    index('email_verifications_user_idx').on(t.userId),
    check('email_verifications_purpose_check', sql`${t.purpose} in ('signup', 'change')`),
  ],
);
