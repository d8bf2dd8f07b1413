import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { MSG } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { adminTotp, sessions } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { usersRepository } from '../users/users.repository.js';

const STEP_MS = 30_000;
const RECOVERY_CODES = 10;
const hash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
const invalid = () => new AppError(400, 'OTP_INVALID', MSG.totp.invalid);

/**
 * Admins' second factor (issue #5): TOTP set up on first admin login, required afterwards, with
 * single-use recovery codes. A code is accepted once (its time step is remembered), within ±1 step.
 */
export function createTotpService(deps: { db: Db; clock: Clock; rateLimiter: RateLimiter }) {
  const { db, clock } = deps;
  const totp = () => authenticator.clone({ epoch: clock.now().getTime(), window: 1 });

  async function find(userId: string) {
    const [row] = await db.select().from(adminTotp).where(eq(adminTotp.userId, userId));
    return row;
  }

  return {
    /** 'setup' until a first code was proven, then 'verify'. */
    async stage(userId: string): Promise<'setup' | 'verify'> {
      return (await find(userId))?.confirmedAt ? 'verify' : 'setup';
    },

    /** The secret to enrol (kept until confirmed, so a reload shows the same QR code). */
    async setup(userId: string) {
      const existing = await find(userId);
      if (existing?.confirmedAt) throw new AppError(409, 'CONFLICT', MSG.totp.codeRequired);
      const user = await usersRepository.findById(db, userId);
      let secret = existing?.secret;
      if (!secret) {
        secret = authenticator.generateSecret(20);
        await db.insert(adminTotp).values({ userId, secret, recoveryHashes: [] }).onConflictDoNothing();
        secret = (await find(userId))!.secret;
      }
      return { secret, otpauthUrl: authenticator.keyuri(user?.email ?? 'admin', 'SVP Invest', secret) };
    },

    /**
     * Checks a code (or a recovery code once enrolled) and completes the session's sign-in.
     * Returns the recovery codes when this call finished the enrolment.
     */
    async verify(userId: string, sessionHash: string, code: string): Promise<string[] | undefined> {
      await deps.rateLimiter.consume({ bucket: `totp:acct:${userId}`, limit: 10, windowMs: 15 * 60_000 });
      const row = await find(userId);
      if (!row) throw new AppError(400, 'OTP_INVALID', MSG.totp.setupRequired);
      const digits = code.replace(/\s/g, '');
      let recovery: string[] | undefined;
      if (/^\d{6}$/.test(digits)) {
        const delta = totp().checkDelta(digits, row.secret);
        if (delta === null) throw invalid();
        const step = BigInt(Math.floor(clock.now().getTime() / STEP_MS) + delta);
        if (row.lastStep !== null && step <= row.lastStep) throw invalid(); // a replayed code
        const change: Partial<typeof adminTotp.$inferSelect> = { lastStep: step };
        if (!row.confirmedAt) {
          recovery = Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex').toUpperCase());
          change.confirmedAt = clock.now();
          change.recoveryHashes = recovery.map(hash);
        }
        await db.update(adminTotp).set(change).where(eq(adminTotp.userId, userId));
      } else {
        if (!row.confirmedAt || !row.recoveryHashes.includes(hash(digits))) throw invalid();
        await db
          .update(adminTotp)
          .set({ recoveryHashes: row.recoveryHashes.filter((h) => h !== hash(digits)) })
          .where(eq(adminTotp.userId, userId));
      }
      await db
        .update(sessions)
        .set({ mfa: 'done', verifiedAt: clock.now() })
        .where(eq(sessions.tokenHash, sessionHash));
      return recovery;
    },
  };
}

export type TotpService = ReturnType<typeof createTotpService>;
