import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Language } from '@svp/shared';
import { createdAt, uuidKey } from './columns.js';

/** The platform's bookkeeping: idempotency keys, rate limits, settings and the e-mail outbox. */
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
    /**
     * A request answered in one statement (docs/decisions/0021) stores what it did here instead of a body: the
     * route renders its response from it, on the first answer and on every replay alike.
     */
    result: jsonb('result'),
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

export const emailOutbox = pgTable('email_outbox', {
  id: uuidKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  /** Cleared once SMTP accepted the message, so one-time codes do not linger in the database. */
  body: text('body'),
  kind: text('kind').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed', 'outbox'] }).notNull(),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  /** A notification's mail (ADR 0025): sent by the notifications job, with retries. */
  notificationId: bigint('notification_id', { mode: 'bigint' }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
  /**
   * A notification's mail: its recipient's language when the event queued it (DESIGN D19, migration 0048), so each
   * attempt sends the same text. Null for a mail a request wrote, whose body is already in its language.
   */
  language: text('language').$type<Language>(),
});
