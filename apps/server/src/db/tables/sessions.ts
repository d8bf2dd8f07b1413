import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { userIdColumn } from './users.js';

/** Signed-in sessions (server-side, the cookie holds a random token). */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a database leak does not hand out live sessions. */
    tokenHash: text('token_hash').primaryKey(),
    userId: userIdColumn('cascade'),
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
    /** The session's id as its owner's browser sees it (Settings → Security): never the token's hash. */
    publicId: uuid('public_id').notNull().defaultRandom(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
