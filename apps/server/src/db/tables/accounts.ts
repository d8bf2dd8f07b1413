import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** Accounts, sessions and the platform's bookkeeping tables. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    // One account per address regardless of case (Ann@x.com and ann@x.com are the same person).
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_referral_code_lower_key').on(sql`lower(${t.referralCode})`),
    check('users_role_check', sql`${t.role} in ('user', 'admin')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'admin'] }).notNull(),
    /** Admin sessions start 'pending' until the second factor is given. */
    mfa: text('mfa', { enum: ['none', 'pending', 'done'] })
      .notNull()
      .default('none'),
    /** When the second factor was last proven on this session: sign-in or a step-up (re-authentication). */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetOtps = pgTable(
  'password_reset_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_otps_user_idx').on(t.userId)],
);

export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  /** Cleared once SMTP accepted the message, so one-time codes do not linger in the database. */
  body: text('body'),
  kind: text('kind').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed', 'outbox'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The caller's user id, or `anon:<ip>` before login. Keys are only unique per caller. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    /** Random per attempt: only the attempt holding the claim may commit work under this key. */
    claim: text('claim'),
    /** Database time the current claim was taken: wall time, not the business clock (tests move that). */
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    /** Set inside the work's own transaction, so "did it happen?" survives a crash before the answer. */
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// ---- Admin second factor ----

export const adminTotp = pgTable('admin_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Base32 TOTP secret. Confirmed once the admin proved a first code. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** SHA-256 hashes of unused recovery codes. */
  recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull(),
  /** Last accepted time step, so a code cannot be replayed within its window. */
  lastStep: bigint('last_step', { mode: 'bigint' }),
});
