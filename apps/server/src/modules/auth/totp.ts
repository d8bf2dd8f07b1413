import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { MSG } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { AuditLog } from '../audit/audit.js';
import { adminTotp, sessions } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { usersRepository } from '../users/users.repository.js';

const STEP_MS = 30_000;
const RECOVERY_CODES = 10;
const hash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
const invalid = () => new AppError('OTP_INVALID', MSG.totp.invalid);

/**
 * Admins' second factor: TOTP set up on first admin login, required afterwards, with
 * single-use recovery codes. A code is accepted once (its time step is remembered), within ±1 step.
 */
export function createTotpService(deps: { db: Db; clock: Clock; rateLimiter: RateLimiter; audit: AuditLog }) {
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
      if (existing?.confirmedAt) throw new AppError('CONFLICT', MSG.totp.codeRequired);
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
     * Checks a code (or a recovery code once enrolled) and completes the session's sign-in, `purpose`
     * saying why it was asked for. Returns the recovery codes when this call finished the enrolment.
     * Each code is spent by one conditional statement, so two requests racing with the same code (or
     * recovery code) cannot both pass; enrolment, recovery-code use and re-authentication are audited
     * in the same transaction (DESIGN D13).
     */
    async verify(
      who: { userId: string; sessionHash: string; ip: string },
      code: string,
      purpose: 'sign-in' | 'reauth',
    ): Promise<string[] | undefined> {
      const { userId } = who;
      await deps.rateLimiter.consume({ bucket: `totp:acct:${userId}`, limit: 10, windowMs: 15 * 60_000 });
      const row = await find(userId);
      if (!row) throw new AppError('OTP_INVALID', MSG.totp.setupRequired);
      const digits = code.replace(/\s/g, '');
      const now = clock.now();
      return deps.audit.change(async (tx, record) => {
        const audit = (action: string, after?: unknown) =>
          record({ actorId: userId, action, targetType: 'user', targetId: userId, after, ip: who.ip });
        let recovery: string[] | undefined;
        if (/^\d{6}$/.test(digits)) {
          const delta = totp().checkDelta(digits, row.secret);
          if (delta === null) throw invalid();
          const step = BigInt(Math.floor(now.getTime() / STEP_MS) + delta);
          const enrolling = !row.confirmedAt;
          const change: Partial<typeof adminTotp.$inferSelect> = { lastStep: step };
          if (enrolling) {
            recovery = Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex').toUpperCase());
            change.confirmedAt = now;
            change.recoveryHashes = recovery.map(hash);
          }
          // The accepted step only moves forward: a replayed code, or a second request with it, matches no row.
          const spent = await tx
            .update(adminTotp)
            .set(change)
            .where(
              and(
                eq(adminTotp.userId, userId),
                or(isNull(adminTotp.lastStep), lt(adminTotp.lastStep, step)),
                enrolling ? isNull(adminTotp.confirmedAt) : isNotNull(adminTotp.confirmedAt),
              ),
            )
            .returning({ userId: adminTotp.userId });
          if (spent.length === 0) throw invalid();
          if (enrolling) await audit('admin.totp_enrolled');
        } else {
          const used = hash(digits);
          const spent = await tx
            .update(adminTotp)
            .set({ recoveryHashes: sql`${adminTotp.recoveryHashes} - ${used}::text` })
            .where(
              and(
                eq(adminTotp.userId, userId),
                isNotNull(adminTotp.confirmedAt),
                sql`${adminTotp.recoveryHashes} @> jsonb_build_array(${used}::text)`,
              ),
            )
            .returning({ recoveryHashes: adminTotp.recoveryHashes });
          if (spent.length === 0) throw invalid();
          await audit('admin.recovery_code_used', { recoveryCodesLeft: spent[0]!.recoveryHashes.length });
        }
        if (purpose === 'reauth') await audit('admin.reauthenticated');
        await tx.update(sessions).set({ mfa: 'done', verifiedAt: now }).where(eq(sessions.tokenHash, who.sessionHash));
        return recovery;
      });
    },
  };
}

export type TotpService = ReturnType<typeof createTotpService>;
