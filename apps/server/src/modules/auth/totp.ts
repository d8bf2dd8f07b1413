import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { authenticator } from 'otplib';
import type { AccountChangeHolds } from '../users/account-change-holds.js';
import { MSG, TWO_FACTOR_MSG, type Role } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { selfAudit, type AuditLog, type RecordAudit } from '../audit/audit.js';
import { sessions, totpFactors } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import type { Actor } from '../../http/session.js';
import { AppError } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { usersRepository } from '../users/users.repository.js';
import { verifyPassword } from './password.js';
import type { MailRecipient } from '../mail/mailer.js';

const STEP_MS = 30_000;
const RECOVERY_CODES = 10;
const hash = (code: string) => createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
const invalid = () => new AppError('OTP_INVALID', MSG.totp.invalid);

/** Who gives a code: the session's user, its role (admins' audit actions and rules differ), the session. */
export interface TotpCaller {
  userId: string;
  role: Role;
  sessionHash: string;
  ip: string;
}

/**
 * Why a code is given. 'sign-in' completes a pending session (an admin's first one enrols, ADR 0009); 'enrol'
 * turns a user's factor on from Settings; 'reauth' is an admin's step-up; 'disable' turns a user's factor off.
 */
export type TotpPurpose = 'sign-in' | 'enrol' | 'reauth' | 'disable';

/**
 * Every account's second factor (admins' mandatory, users' optional; ADR 0009, 0024): TOTP with single-use
 * recovery codes. A code is accepted once (its time step is remembered), within ±1 step; every check counts
 * against one per-account limit.
 */
export function createTotpService(deps: {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  audit: AuditLog;
  /** Ends the user's sessions but the one kept, in `tx`; returns how many (modules/account's, wired by app.ts). */
  endOtherSessions: (tx: Tx, userId: string, keepTokenHash: string) => Promise<number>;
  /** Withdrawal holds when a factor is removed (modules/withdrawals, ADR 0044); the caller mails after the commit. */
  holds?: AccountChangeHolds;
}) {
  const { db, clock } = deps;
  const totp = () => authenticator.clone({ epoch: clock.now().getTime(), window: 1 });
  const attemptRule = (userId: string) => ({ bucket: `totp:acct:${userId}`, limit: 10, windowMs: 15 * 60_000 });
  const countAttempt = (userId: string) => deps.rateLimiter.consume(attemptRule(userId));

  async function find(userId: string) {
    const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    return row;
  }

  /**
   * Spends a 6-digit code (moving the accepted step forward) or a recovery code on `tx`, by one conditional
   * statement each, so two requests racing with one code cannot both pass. Returns the new recovery codes when
   * the code finished an enrolment.
   */
  async function spend(
    tx: Tx,
    row: typeof totpFactors.$inferSelect,
    digits: string,
    audit: (action: string, after?: unknown) => Promise<void>,
  ): Promise<string[] | undefined> {
    const { userId } = row;
    const now = clock.now();
    if (/^\d{6}$/.test(digits)) {
      const delta = totp().checkDelta(digits, row.secret);
      if (delta === null) throw invalid();
      const step = BigInt(Math.floor(now.getTime() / STEP_MS) + delta);
      const enrolling = !row.confirmedAt;
      const change: Partial<typeof totpFactors.$inferSelect> = { lastStep: step };
      let recovery: string[] | undefined;
      if (enrolling) {
        recovery = Array.from({ length: RECOVERY_CODES }, () => randomBytes(5).toString('hex').toUpperCase());
        change.confirmedAt = now;
        change.recoveryHashes = recovery.map(hash);
      }
      // The accepted step only moves forward: a replayed code, or a second request with it, matches no row.
      const spent = await tx
        .update(totpFactors)
        .set(change)
        .where(
          and(
            eq(totpFactors.userId, userId),
            or(isNull(totpFactors.lastStep), lt(totpFactors.lastStep, step)),
            enrolling ? isNull(totpFactors.confirmedAt) : isNotNull(totpFactors.confirmedAt),
          ),
        )
        .returning({ userId: totpFactors.userId });
      if (spent.length === 0) throw invalid();
      return recovery;
    }
    const used = hash(digits);
    const spent = await tx
      .update(totpFactors)
      .set({ recoveryHashes: sql`${totpFactors.recoveryHashes} - ${used}::text` })
      .where(
        and(
          eq(totpFactors.userId, userId),
          isNotNull(totpFactors.confirmedAt),
          sql`${totpFactors.recoveryHashes} @> jsonb_build_array(${used}::text)`,
        ),
      )
      .returning({ recoveryHashes: totpFactors.recoveryHashes });
    if (spent.length === 0) throw invalid();
    await audit('recovery_code_used', { recoveryCodesLeft: spent[0]!.recoveryHashes.length });
    return undefined;
  }

  /** A user's refused code or password is audited in its own commit (the refused change rolled back). */
  async function auditRefusal(who: TotpCaller, purpose: TotpPurpose, reason: 'code' | 'password') {
    if (who.role !== 'user') return; // admins' refusals are not audited (their flow predates this, ADR 0009)
    await deps.audit.change((_tx, record) =>
      record(selfAudit(who.userId, 'user.totp_failed', { after: { purpose, reason }, ip: who.ip })),
    );
  }

  /** Runs `work` in an audited transaction; an invalid code there is audited for users, then rethrown. */
  async function audited<T>(
    who: TotpCaller,
    purpose: TotpPurpose,
    work: (tx: Tx, audit: (action: string, after?: unknown) => Promise<void>, record: RecordAudit) => Promise<T>,
  ): Promise<T> {
    try {
      return await deps.audit.change((tx, record) =>
        work(
          tx,
          (action, after) => record(selfAudit(who.userId, `${who.role}.${action}`, { after, ip: who.ip })),
          record,
        ),
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'OTP_INVALID') await auditRefusal(who, purpose, 'code');
      throw error;
    }
  }

  const codeOf = (code: string) => code.replace(/\s/g, '');
  /** A 6-digit code or a recovery code (10 hex digits, dashes and case as typed): anything else checks nothing. */
  const looksLikeCode = (code: string) => /^\d{6}$|^[0-9a-f]{10}$/i.test(codeOf(code).replace(/-/g, ''));

  return {
    /** Admins: 'setup' until a first code was proven, then 'verify'. */
    async stage(userId: string): Promise<'setup' | 'verify'> {
      return (await find(userId))?.confirmedAt ? 'verify' : 'setup';
    },

    /** Whether the account has a confirmed second factor (its sign-in then asks for a code). */
    async enabled(userId: string): Promise<boolean> {
      return Boolean((await find(userId))?.confirmedAt);
    },

    /** On or off, and the recovery codes left: never the secret. */
    async status(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const row = await find(userId);
      return row?.confirmedAt
        ? { enabled: true, recoveryCodesLeft: row.recoveryHashes.length }
        : { enabled: false, recoveryCodesLeft: 0 };
    },

    /** The admin console's view of a user's factor: on or off; an id no account has is not found. */
    async statusOf(userId: string): Promise<{ enabled: boolean }> {
      if (!(await usersRepository.findById(db, userId))) throw new AppError('NOT_FOUND', MSG.admin.notFound);
      return { enabled: Boolean((await find(userId))?.confirmedAt) };
    },

    /** The secret to enrol (kept until confirmed, so a reload shows the same QR code). */
    async setup(userId: string, role: Role = 'admin') {
      const existing = await find(userId);
      if (existing?.confirmedAt) {
        throw new AppError('CONFLICT', role === 'admin' ? MSG.totp.codeRequired : TWO_FACTOR_MSG.alreadyEnabled);
      }
      const user = await usersRepository.findById(db, userId);
      let secret = existing?.secret;
      if (!secret) {
        secret = authenticator.generateSecret(20);
        await db.insert(totpFactors).values({ userId, secret, recoveryHashes: [] }).onConflictDoNothing();
        secret = (await find(userId))!.secret;
      }
      return { secret, otpauthUrl: authenticator.keyuri(user?.email ?? role, 'SVP Invest', secret) };
    },

    /**
     * Checks a code (or a recovery code once enrolled) for `purpose` and marks the session's second factor
     * proven. Returns the recovery codes when this call finished the enrolment. Enrolment, recovery-code use and
     * re-authentication are audited in the same transaction (DESIGN D13); a user's wrong code in its own.
     */
    async verify(
      who: TotpCaller,
      code: string,
      purpose: Exclude<TotpPurpose, 'disable'>,
    ): Promise<string[] | undefined> {
      const { userId } = who;
      // Not a code at all: a form error, not a failed attempt (nothing counted, nothing audited).
      if (who.role === 'user' && !looksLikeCode(code)) {
        throw new AppError('VALIDATION_ERROR', TWO_FACTOR_MSG.codeRequired, { code: TWO_FACTOR_MSG.codeRequired });
      }
      await countAttempt(userId);
      const row = await find(userId);
      if (!row) {
        throw new AppError('OTP_INVALID', who.role === 'admin' ? MSG.totp.setupRequired : TWO_FACTOR_MSG.notEnabled);
      }
      // An admin's first sign-in enrols; a user enrols from Settings only, and signs in with a confirmed factor.
      const mayEnrol = purpose === 'enrol' || (purpose === 'sign-in' && who.role === 'admin');
      if (row.confirmedAt && purpose === 'enrol') throw new AppError('CONFLICT', TWO_FACTOR_MSG.alreadyEnabled);
      if (!row.confirmedAt && !mayEnrol) throw new AppError('OTP_INVALID', TWO_FACTOR_MSG.notEnabled);
      const recovery = await audited(who, purpose, async (tx, audit) => {
        const recovery = await spend(tx, row, codeOf(code), audit);
        if (recovery && who.role === 'user') {
          // A second factor guards nothing while sessions opened with the password alone stay signed in: every
          // other session of the user ends in the same commit (they sign in again, with a code). An admin's other
          // sessions are all still waiting for their first code (ADR 0009): they are left to it.
          const ended = await deps.endOtherSessions(tx, userId, who.sessionHash);
          await audit('totp_enrolled', { otherSessionsEnded: ended });
        } else if (recovery) await audit('totp_enrolled');
        if (purpose === 'reauth') await audit('reauthenticated');
        await tx
          .update(sessions)
          .set({ mfa: 'done', verifiedAt: clock.now() })
          .where(eq(sessions.tokenHash, who.sessionHash));
        return recovery;
      });
      // A right code is no guess: it does not count against the limit (an admin signing in often is not locked out).
      await deps.rateLimiter.release(attemptRule(userId));
      return recovery;
    },

    /**
     * A user turns their second factor off: the password and a current code (or a recovery code), both
     * counted against the per-account limit. The code is spent and the factor removed in one commit.
     */
    async disable(who: TotpCaller, password: string, code: string): Promise<void> {
      // An empty field checks nothing, so it costs no attempt.
      if (!password) {
        const fields = { password: TWO_FACTOR_MSG.passwordRequired };
        throw new AppError('VALIDATION_ERROR', TWO_FACTOR_MSG.passwordRequired, fields);
      }
      if (!looksLikeCode(code)) {
        throw new AppError('VALIDATION_ERROR', TWO_FACTOR_MSG.codeRequired, { code: TWO_FACTOR_MSG.codeRequired });
      }
      await countAttempt(who.userId);
      const user = await usersRepository.findById(db, who.userId);
      const row = await find(who.userId);
      if (!user || !row?.confirmedAt) throw new AppError('CONFLICT', TWO_FACTOR_MSG.notEnabled);
      if (!(await verifyPassword(user.passwordHash, password))) {
        await auditRefusal(who, 'disable', 'password');
        const fields = { password: TWO_FACTOR_MSG.passwordWrong };
        throw new AppError('VALIDATION_ERROR', TWO_FACTOR_MSG.passwordWrong, fields);
      }
      await audited(who, 'disable', async (tx, audit) => {
        await spend(tx, row, codeOf(code), audit);
        await tx.delete(totpFactors).where(eq(totpFactors.userId, who.userId));
        await deps.holds?.start(tx, { userId: who.userId, change: 'two-factor-off', actorId: null });
        await audit('totp_disabled');
      });
    },

    /**
     * An admin removes a user's factor (lost phone and recovery codes). Only a user's, never an admin's (that
     * would let one admin replace another's factor). Audited; the secret is neither read out nor logged.
     */
    async reset(admin: Actor, targetId: string): Promise<MailRecipient> {
      const target = await usersRepository.findById(db, targetId);
      if (!target) throw new AppError('NOT_FOUND', MSG.admin.notFound);
      if (target.role !== 'user') throw new AppError('CONFLICT', TWO_FACTOR_MSG.resetUsersOnly);
      return deps.audit.change(async (tx, record) => {
        const removed = await tx
          .delete(totpFactors)
          .where(eq(totpFactors.userId, targetId))
          .returning({ confirmedAt: totpFactors.confirmedAt, recoveryHashes: totpFactors.recoveryHashes });
        if (!removed[0]?.confirmedAt) throw new AppError('CONFLICT', TWO_FACTOR_MSG.resetNotSet);
        await deps.holds?.start(tx, { userId: targetId, change: 'two-factor-off', actorId: admin.userId });
        await record({
          actorId: admin.userId,
          action: 'admin.user_totp_reset',
          targetType: 'user',
          targetId,
          before: { enabled: true, recoveryCodesLeft: removed[0].recoveryHashes.length },
          after: { enabled: false },
          ip: admin.ip,
        });
        return { email: target.email, username: target.username, language: target.language };
      }, admin.claim);
    },
  };
}

export type TotpService = ReturnType<typeof createTotpService>;
