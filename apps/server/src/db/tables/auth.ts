import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidKey } from './columns.js';
import { userIdColumn, users } from './users.js';

/** Sign-in secrets: password-reset codes and second factors (admins' mandatory, users' optional). */
export const passwordResetOtps = pgTable(
  'password_reset_otps',
  {
    id: uuidKey(),
    userId: userIdColumn('cascade'),
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_otps_user_idx').on(t.userId)],
);

/** One TOTP factor per account, admin or user (was `admin_totp` before ADR 0024). */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Base32 TOTP secret. Confirmed once its owner proved a first code; until then the factor is not on. */
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  /** SHA-256 hashes of unused recovery codes. */
  recoveryHashes: jsonb('recovery_hashes').$type<string[]>().notNull(),
  /** Last accepted time step, so a code cannot be replayed within its window. */
  lastStep: bigint('last_step', { mode: 'bigint' }),
});
