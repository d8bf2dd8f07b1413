import { ACCOUNT_MSG, type ChangePasswordRequest, type Language } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Actor } from '../../http/session.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { RATE_RULES, type RateLimiter } from '../../http/rate-limit.js';
import { selfAudit, type AuditLog } from '../audit/audit.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import type { SessionStore } from '../auth/sessions.js';
import type { Mailer } from '../mail/mailer.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import { passwordChangedMail } from './account.mails.js';
import type { AccountChangeHolds } from '../users/account-change-holds.js';
import { accountRepository as repo } from './account.repository.js';
import { ACCOUNT_RATE_RULES } from './account.rate-rules.js';
import { deviceLabel } from './device.js';

/** Who is asking: the session the request came with (its user, and its token hash to tell "this one"). */
export interface Caller extends Actor {
  tokenHash: string;
}

/**
 * The signed-in user's own account security (ADR 0023: sessions, sign-in history, the password change): sessions, sign-in
 * history and the password. Every query is scoped by the caller's user id, never by an id from the client alone.
 */
export function createAccountService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'LOGINS_PER_IP_15_MIN' | 'BRAND'>;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  audit: AuditLog;
  /** Withdrawal holds after a password change (modules/withdrawals, ADR 0044). */
  holds?: AccountChangeHolds;
}) {
  const { db, clock } = deps;

  /**
   * The caller's password, checked after the per-IP and per-account limits (counted before any hashing). A wrong
   * password is a field error: 401 would read as "signed out" to the web client.
   */
  async function checkPassword(caller: Caller, password: string, field: string): Promise<UserRow> {
    await deps.rateLimiter.consume(
      RATE_RULES.loginIp(caller.ip, deps.config.LOGINS_PER_IP_15_MIN),
      ACCOUNT_RATE_RULES.passwordCheck(caller.userId),
    );
    const user = await usersRepository.findById(db, caller.userId);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('VALIDATION_ERROR', ACCOUNT_MSG.currentPasswordWrong, {
        [field]: ACCOUNT_MSG.currentPasswordWrong,
      });
    }
    return user;
  }

  return {
    checkPassword,

    async listSessions(caller: Caller) {
      const now = clock.now();
      const rows = await repo.liveSessions(db, caller.userId, now, deps.sessions.limits('user').idleMs);
      return {
        sessions: rows.map((row) => ({
          id: row.publicId,
          device: deviceLabel(row.userAgent),
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.tokenHash === caller.tokenHash,
        })),
      };
    },

    /** Ends one of the caller's sessions; another user's id, or one that ended already, is 404. */
    async endSession(caller: Caller, publicId: string) {
      const ended = await deps.audit.change(async (tx, record) => {
        const count = await repo.endSession(tx, caller.userId, publicId);
        if (count === 0) return 0;
        await record({
          actorId: caller.userId,
          action: 'account.session.end',
          targetType: 'session',
          targetId: publicId,
          ip: caller.ip,
        });
        return count;
      }, caller.claim);
      if (ended === 0) throw new AppError('NOT_FOUND', ACCOUNT_MSG.sessionNotFound);
      return { success: true as const, message: ACCOUNT_MSG.sessionEnded, ended };
    },

    async endOtherSessions(caller: Caller) {
      const ended = await deps.audit.change(async (tx, record) => {
        const count = await repo.endOtherSessions(tx, caller.userId, caller.tokenHash);
        await record(
          selfAudit(caller.userId, 'account.sessions.end-others', { after: { ended: count }, ip: caller.ip }),
        );
        return count;
      }, caller.claim);
      return { success: true as const, message: ACCOUNT_MSG.otherSessionsEnded(ended), ended };
    },

    async signIns(userId: string) {
      const rows = await repo.signIns(db, userId);
      return { signIns: rows.map((row) => ({ ...row, at: row.at.toISOString() })) };
    },

    /**
     * The account's language (DESIGN D19): the web app speaks it once signed in, and mails and notifications are
     * written in it from now on. Setting it twice is setting it once, so it needs no Idempotency-Key.
     */
    async setLanguage(userId: string, language: Language) {
      await repo.setLanguage(db, userId, language, clock.now());
      return { success: true as const, language };
    },

    /**
     * A new password for the signed-in user: the current one proves it is them. The password and the end of
     * every other session commit together (whoever knew the old password is signed out); this session stays.
     */
    async changePassword(caller: Caller, input: ChangePasswordRequest) {
      if (input.currentPassword === input.newPassword) {
        throw new AppError('VALIDATION_ERROR', ACCOUNT_MSG.newPasswordSame, {
          newPassword: ACCOUNT_MSG.newPasswordSame,
        });
      }
      const user = await checkPassword(caller, input.currentPassword, 'currentPassword');
      const newHash = await hashPassword(input.newPassword);
      const now = clock.now();
      const changed = await deps.audit.change(async (tx, record) => {
        if (!(await repo.replacePassword(tx, user.id, user.passwordHash, newHash, now))) return false;
        const ended = await repo.endOtherSessions(tx, user.id, caller.tokenHash);
        await deps.holds?.start(tx, { userId: user.id, change: 'password', actorId: null });
        // Never the hashes: the entry says that it changed and what it ended.
        await record(
          selfAudit(user.id, 'account.password.change', { after: { otherSessionsEnded: ended }, ip: caller.ip }),
        );
        return true;
      }, caller.claim);
      if (!changed) throw new AppError('CONFLICT', ACCOUNT_MSG.passwordChangedMeanwhile);
      // A failed delivery stays in the outbox, marked failed, for the admin's Outbox screen.
      await deps.mailer.send(passwordChangedMail(deps.config.BRAND, user, now)).catch(() => undefined);
      await deps.holds?.tell(user.id);
      return { success: true as const, message: ACCOUNT_MSG.passwordChanged };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
