import { randomInt } from 'node:crypto';
import { MSG, type RegisterRequest, type Role, type UserSnapshot } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Config } from '../../config.js';
import { inTransaction, type IdempotencyClaim } from '../../db/transaction.js';
import type { Actor } from '../../http/session.js';
import { AppError } from '../../http/errors.js';
import { RATE_RULES, type RateLimiter } from '../../http/rate-limit.js';
import { pgConstraint, pgErrorCode } from '../../db/pg-errors.js';
import type { Mailer } from '../mail/mailer.js';
import { usersRepository, type UserRow } from '../users/users.repository.js';
import type { UsersService } from '../users/users.service.js';
import type { ReferralsService } from '../referrals/referrals.service.js';
import { welcomeMail, otpMail } from './auth.mails.js';
import { twoFactorChangedMail, twoFactorResetMail } from './two-factor.mails.js';
import type { AccountChangeHolds } from '../users/account-change-holds.js';
import { generateOtp, otpRepository } from './otp.js';
import { hashPassword, timingDummyHash, verifyPassword } from './password.js';
import { hashToken, type SessionStore } from './sessions.js';
import type { TotpService } from './totp.js';
import type { Ledger } from '../ledger/ledger.service.js';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

type Person = { id: string; email: string; username: string };

/**
 * What sign-in asks of modules/account (sign-in history, e-mail verification; ADR 0023). Declared here, implemented
 * there and wired in app.ts: account sits above auth, so auth never imports it.
 */
export interface SignInHooks {
  signIns: {
    failed(userId: string, attempt: RequestMeta): Promise<void>;
    succeeded(user: Person, attempt: RequestMeta): Promise<void>;
    passwordOnly(userId: string, attempt: RequestMeta, sessionHash: string): Promise<void>;
    secondFactorPassed(user: Person, attempt: RequestMeta, sessionHash: string): Promise<void>;
    reportUnfinished(): Promise<number>;
  };
  /** The verification link the welcome mail carries (null: none to send). */
  emailVerification: { onRegistered(user: { id: string; email: string }): Promise<string | null> };
}

const PORTAL_MESSAGES: Record<Role, { invalid: string; denied: string }> = {
  user: { invalid: MSG.login.invalid, denied: MSG.login.userOnly },
  admin: { invalid: MSG.adminLogin.invalid, denied: MSG.adminLogin.adminOnly },
};

/** Accounts, sign-in and password reset (SPEC §2, §4, §5, §8; DESIGN D14). */
/** The OTP request answers no sooner than this, known address or not (a look-up and a code write take ~5 ms). */
const OTP_ANSWER_FLOOR_MS = 250;

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  users: UsersService;
  referrals: ReferralsService;
  totp: TotpService;
  ledger: Ledger;
  config: Pick<Config, 'REGISTRATIONS_PER_IP_HOUR' | 'LOGINS_PER_IP_15_MIN' | 'LOGINS_PER_ACCOUNT_15_MIN' | 'BRAND'>;
  /** Sign-in history and e-mail verification (modules/account, ADR 0023). */
  account?: SignInHooks;
  /** Withdrawal holds after a password reset or two-factor off (modules/withdrawals, ADR 0044). */
  holds?: AccountChangeHolds;
}) {
  const { db, clock } = deps;

  /** A readable default username from the e-mail's local part, made unique with digits. */
  async function pickUsername(email: string): Promise<string> {
    const base = (email.split('@')[0] ?? 'user').replace(/[^A-Za-z0-9_]/g, '').slice(0, 20) || 'user';
    if (!(await usersRepository.usernameTaken(db, base))) return base;
    for (let i = 0; i < 20; i++) {
      const candidate = `${base}${randomInt(1000, 100000)}`;
      if (!(await usersRepository.usernameTaken(db, candidate))) return candidate;
    }
    throw new Error('could not pick a unique username');
  }

  /**
   * The per-account limits count against the stored e-mail (or phone) the typed text reaches, not the text:
   * PostgreSQL's lower() and JavaScript's toLowerCase() disagree on some letters (`İ`), so bucketing the
   * text gave every such spelling of one address a fresh allowance. Keyed by the stored value of the kind
   * typed, not the user's id, so a throttled phone does not tell a guess that an e-mail is the same
   * account's. Text that reaches no account keeps its own bucket.
   */
  const accountKey = (user: UserRow | undefined, typed: string) => {
    if (!user) return `text:${typed.trim().toLowerCase()}`;
    return typed.includes('@') ? `email:${user.email.toLowerCase()}` : `phone:${user.phone}`;
  };

  async function findByLogin(identifier: string): Promise<UserRow | undefined> {
    return identifier.includes('@')
      ? usersRepository.findByEmail(db, identifier)
      : usersRepository.findByPhone(db, identifier);
  }

  return {
    async register(input: Required<RegisterRequest>, meta: RequestMeta, claim: IdempotencyClaim | null = null) {
      await deps.rateLimiter.consume(RATE_RULES.registerIp(meta.ip, deps.config.REGISTRATIONS_PER_IP_HOUR));
      let referredBy: string | null = null;
      if (input.referralCode) {
        const referrer = await usersRepository.findByReferralCode(db, input.referralCode);
        if (!referrer) {
          throw new AppError('VALIDATION_ERROR', MSG.register.referralUnknown, {
            referralCode: MSG.register.referralUnknown,
          });
        }
        referredBy = referrer.id;
      }
      const emailTaken = () => new AppError('EMAIL_TAKEN', MSG.register.emailTaken, { email: MSG.register.emailTaken });
      if (await usersRepository.findByEmail(db, input.email)) throw emailTaken();
      const now = clock.now();
      const passwordHash = await hashPassword(input.password);
      const signUp = (username: string) =>
        inTransaction(
          db,
          async (tx) => {
            const created = await usersRepository.insert(tx as unknown as Db, {
              email: input.email,
              username,
              walletAddress: input.walletAddress,
              passwordHash,
              role: 'user',
              language: input.language,
              referredBy,
              createdAt: now,
              updatedAt: now,
            });
            await deps.ledger.openUserAccounts(tx, created.id);
            await deps.referrals.onSignup(tx, created.id, referredBy);
            return created;
          },
          claim,
        );
      let user: UserRow | undefined;
      for (let attempt = 1; !user; attempt++) {
        try {
          user = await signUp(await pickUsername(input.email));
        } catch (error) {
          if (pgErrorCode(error) !== '23505') throw error;
          const constraint = pgConstraint(error);
          // Two sign-ups whose e-mails share a local part picked one default username: pick again.
          if (constraint?.includes('username') && attempt < 5) continue;
          // Two sign-ups racing for one address: the unique index decides, the loser hears why.
          if (!constraint || constraint.includes('email')) throw emailTaken();
          throw new AppError('CONFLICT', 'Someone signed up with the same details at this moment. Please try again.');
        }
      }
      // The welcome carries the e-mail verification link (ADR 0023): one mail at sign-up.
      const verifyLink = (await deps.account?.emailVerification.onRegistered(user)) ?? null;
      await deps.mailer.send(welcomeMail(deps.config.BRAND, user, verifyLink)).catch(() => undefined);
    },

    /** A user's sign-in finished with the second factor: its password-only attempt becomes a sign-in. */
    async secondFactorPassed(userId: string, meta: RequestMeta, sessionHash: string): Promise<void> {
      const user = await usersRepository.findById(db, userId);
      if (user) await deps.account?.signIns.secondFactorPassed(user, meta, sessionHash);
    },

    /** Housekeeping: e-mails accounts whose password was given in sign-ins that never got their code. */
    reportUnfinishedSignIns: async (): Promise<void> => {
      await deps.account?.signIns.reportUnfinished();
    },

    async login(identifier: string, password: string, portal: Role, meta: RequestMeta) {
      // Both limits are counted before the password is hashed; a throttled IP costs no look-up.
      await deps.rateLimiter.consume(RATE_RULES.loginIp(meta.ip, deps.config.LOGINS_PER_IP_15_MIN));
      const user = await findByLogin(identifier.trim());
      await deps.rateLimiter.consume(
        RATE_RULES.loginAccount(accountKey(user, identifier), deps.config.LOGINS_PER_ACCOUNT_15_MIN),
      );
      const messages = PORTAL_MESSAGES[portal];
      const ok = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), password);
      // Sign-in history; not awaited: a known account's wrong password answers as fast as a stranger's.
      if (user && !ok) void deps.account?.signIns.failed(user.id, meta);
      if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', messages.invalid);
      // Roles are told apart only after the password matched, so a guess learns nothing.
      if (user.role !== portal) throw new AppError('ROLE_DENIED', messages.denied);
      if (user.disabled) throw new AppError('ACCOUNT_DISABLED', MSG.login.disabled);
      // Admins, and users who turned a second factor on, start 'pending': nothing but the second-factor
      // routes opens until they give a code (ADR 0024).
      const pending = portal === 'admin' || (await deps.totp.enabled(user.id));
      const checked = { id: user.id, role: user.role, checkedHash: user.passwordHash };
      const token = await deps.sessions.create(checked, meta, pending ? 'pending' : 'none');
      // The password was reset while it was being checked: the old one no longer signs in.
      if (!token) throw new AppError('INVALID_CREDENTIALS', messages.invalid);
      // History, and a mail for a device new to the user. A user with a second factor has given only the password
      // so far: recorded as such now (a wrong or missing code must leave a trace), a sign-in once the code comes.
      if (portal === 'admin' || !pending) await deps.account?.signIns.succeeded(user, meta);
      else await deps.account?.signIns.passwordOnly(user.id, meta, hashToken(token));
      // A pending session hears nothing about the account until the code is given.
      const snapshot: UserSnapshot | undefined = pending ? undefined : await deps.users.snapshot(user);
      const mfa = portal === 'admin' ? await deps.totp.stage(user.id) : pending ? ('verify' as const) : undefined;
      return { token, user: snapshot, mfa, maxAgeSeconds: deps.sessions.limits(user.role).absoluteMs / 1000 };
    },

    logout: (token: string) => deps.sessions.destroy(token),

    /** A user turned their second factor on or off in Settings: a security mail tells the account's owner. */
    async secondFactorChanged(userId: string, on: boolean): Promise<void> {
      const user = await usersRepository.findById(db, userId);
      if (!user) return;
      // A failed delivery stays in the outbox, marked failed, for the admin's Outbox screen.
      await deps.mailer.send(twoFactorChangedMail(deps.config.BRAND, user, on, clock.now())).catch(() => undefined);
      if (!on) await deps.holds?.tell(userId);
    },

    /** An admin removes a user's second factor (audited in totp.reset); the user hears of it by e-mail. */
    async resetSecondFactor(admin: Actor, targetId: string): Promise<void> {
      const user = await deps.totp.reset(admin, targetId);
      // A failed delivery stays in the outbox, marked failed, for the admin's Outbox screen.
      await deps.mailer.send(twoFactorResetMail(deps.config.BRAND, user)).catch(() => undefined);
      await deps.holds?.tell(targetId);
    },

    /**
     * Known and unknown addresses get the same answer in the same time (ADR 0018): the look-up and both rate
     * limits run either way, a mail failure is the outbox's business rather than the caller's, and the answer
     * waits for a fixed floor that covers the work only a known address causes.
     */
    async requestOtp(email: string, meta: RequestMeta): Promise<void> {
      const started = performance.now();
      try {
        await deps.rateLimiter.consume(RATE_RULES.otpSendIp(meta.ip));
        const user = await usersRepository.findByEmail(db, email);
        await deps.rateLimiter.consume(RATE_RULES.otpSendAccount(accountKey(user, email)));
        if (!user || user.disabled) return;
        const otp = generateOtp();
        await otpRepository.issue(db, user.id, otp, clock.now());
        // A failed delivery stays in the outbox, marked failed, for the admin's Outbox screen.
        await deps.mailer.send(otpMail(deps.config.BRAND, user, otp)).catch(() => undefined);
      } finally {
        const left = OTP_ANSWER_FLOOR_MS - (performance.now() - started);
        if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      }
    },

    async resetPassword(email: string, otp: string, newPassword: string, meta: RequestMeta): Promise<void> {
      await deps.rateLimiter.consume(RATE_RULES.otpCheckIp(meta.ip));
      const user = await usersRepository.findByEmail(db, email);
      await deps.rateLimiter.consume(RATE_RULES.otpCheckAccount(accountKey(user, email)));
      if (!user) throw new AppError('OTP_INVALID', MSG.otp.verifyFailed);
      const passwordHash = await hashPassword(newPassword);
      // The attempt is counted in its own commit even when the code is wrong.
      const accepted = await inTransaction(db, async (tx) => {
        const now = clock.now();
        await usersRepository.lockById(tx, user.id); // the user first, as issuing a code does (otp.ts)
        if (!(await otpRepository.consume(tx, user.id, otp, now))) return false;
        await usersRepository.updatePassword(tx as unknown as Db, user.id, passwordHash, now);
        // A reset ends every session, in the same commit: whoever knew the old password is signed out.
        await deps.sessions.destroyAllFor(user.id, tx);
        // And holds withdrawals (ADR 0044): a reset is how a stolen mailbox becomes a stolen account.
        await deps.holds?.start(tx, { userId: user.id, change: 'password', actorId: null });
        return true;
      });
      if (!accepted) throw new AppError('OTP_INVALID', MSG.otp.verifyFailed);
      await deps.holds?.tell(user.id);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
