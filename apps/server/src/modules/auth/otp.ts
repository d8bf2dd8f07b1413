import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { OTP_TTL_MS } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { inTransaction, type Tx } from '../../db/transaction.js';
import { passwordResetOtps } from '../../db/schema.js';
import { usersRepository } from '../users/users.repository.js';

/** DESIGN D14: 6 digits, 10 minutes (OTP_TTL_MS, packages/shared), single use, 5 attempts, stored hashed. */
export const OTP_MAX_ATTEMPTS = 5;

const hashOtp = (userId: string, otp: string) => createHash('sha256').update(`${userId}:${otp}`).digest('hex');

export const generateOtp = () => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** Marks every unused code of the user used. */
const retireAll = (tx: Tx, userId: string, now: Date) =>
  tx
    .update(passwordResetOtps)
    .set({ usedAt: now })
    .where(and(eq(passwordResetOtps.userId, userId), isNull(passwordResetOtps.usedAt)));

/**
 * Lock order: the user's row first, then their codes — in issuing and in a reset alike (the reset locks
 * the user before `consume`), so a resend racing a reset waits instead of deadlocking.
 */
export const otpRepository = {
  /**
   * Stores a new code and retires any earlier unused one: only the latest e-mail works. The user's row is
   * locked first, so parallel requests take turns and each retires the code before it.
   */
  async issue(db: Db, userId: string, otp: string, now: Date): Promise<void> {
    await inTransaction(db, async (tx) => {
      await usersRepository.lockById(tx, userId);
      await retireAll(tx, userId, now);
      await tx.insert(passwordResetOtps).values({
        userId,
        otpHash: hashOtp(userId, otp),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        createdAt: now,
      });
    });
  },

  /**
   * Counts one attempt and checks the code; on a match marks it used in the same statement so two
   * concurrent resets cannot both succeed. Returns true only for the one winning check.
   */
  async consume(tx: Tx, userId: string, otp: string, now: Date): Promise<boolean> {
    const [live] = await tx
      .select()
      .from(passwordResetOtps)
      .where(
        and(
          eq(passwordResetOtps.userId, userId),
          isNull(passwordResetOtps.usedAt),
          gt(passwordResetOtps.expiresAt, now),
          lt(passwordResetOtps.attempts, OTP_MAX_ATTEMPTS),
        ),
      )
      .orderBy(desc(passwordResetOtps.createdAt))
      .limit(1);
    if (!live) return false;
    const matches = timingSafeEqual(Buffer.from(live.otpHash), Buffer.from(hashOtp(userId, otp)));
    const updated = await tx
      .update(passwordResetOtps)
      .set({
        attempts: sql`${passwordResetOtps.attempts} + 1`,
        usedAt: matches
          ? now
          : sql`case when ${passwordResetOtps.attempts} + 1 >= ${OTP_MAX_ATTEMPTS} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(
        and(
          eq(passwordResetOtps.id, live.id),
          isNull(passwordResetOtps.usedAt),
          lt(passwordResetOtps.attempts, OTP_MAX_ATTEMPTS),
        ),
      )
      .returning({ id: passwordResetOtps.id });
    if (!matches || updated.length !== 1) return false;
    // Spent: no other code of this user opens a second reset.
    await retireAll(tx, userId, now);
    return true;
  },
};
