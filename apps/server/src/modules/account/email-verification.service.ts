import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ACCOUNT_MSG, MSG, VERIFY_EMAIL_PAGE, type ChangeEmailRequest, type Language } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { IdempotencyClaim } from '../../db/transaction.js';
import type { Db } from '../../db/client.js';
import { pgErrorCode } from '../../db/pg-errors.js';
import { emailVerifications, users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { type RateLimiter } from '../../http/rate-limit.js';
import { selfAudit, type AuditLog } from '../audit/audit.js';
import type { Mailer } from '../mail/mailer.js';
import { usersRepository } from '../users/users.repository.js';
import { emailChangedMail, emailChangeRequestedMail, verificationMail } from './account.mails.js';
import type { AccountChangeHolds } from '../users/account-change-holds.js';
import { accountRepository as repo } from './account.repository.js';
import { ACCOUNT_RATE_RULES } from './account.rate-rules.js';
import type { AccountService, Caller } from './account.service.js';

/** A link is valid this long (ADR 0023: 24 hours). */
export const VERIFICATION_TTL_MS = 24 * 3_600_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Verified e-mail and e-mail changes (ADR 0023). A link is single use, lasts 24 hours and only
 * its token's SHA-256 is stored; a new link replaces the user's unused ones. A changed address is pending (a
 * `change` link) until its link is opened; only then does the account's address change, already verified.
 */
export function createEmailVerificationService(deps: {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  audit: AuditLog;
  account: AccountService;
  /** The brand every mail names. */
  config: Pick<Config, 'BRAND'>;
  /** The web app's address, for the link (config PUBLIC_URL). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Withdrawal holds after an e-mail change (modules/withdrawals, ADR 0044). */
  holds?: AccountChangeHolds;
}) {
  const { db, clock } = deps;

  /** Writes a fresh link (dropping the user's unused ones) and returns it. */
  async function createLink(
    user: { id: string },
    email: string,
    purpose: 'signup' | 'change',
    claim: IdempotencyClaim | null = null,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await deps.audit.change(async (tx, record) => {
      await repo.dropUnusedVerifications(tx, user.id);
      await repo.insertVerification(tx, {
        userId: user.id,
        email,
        purpose,
        tokenHash: hashToken(token),
        at: now,
        expiresAt: new Date(now.getTime() + VERIFICATION_TTL_MS),
      });
      if (purpose === 'change') {
        await record(selfAudit(user.id, 'account.email.change-requested', { after: { pendingEmail: email } }));
      }
    }, claim);
    const link = `${deps.publicUrl}${VERIFY_EMAIL_PAGE}?token=${token}`;
    return link;
  }

  /** A fresh link, e-mailed on its own. */
  async function issue(
    user: { id: string; username: string; language: Language },
    email: string,
    purpose: 'signup' | 'change',
    claim: IdempotencyClaim | null,
  ) {
    const link = await createLink(user, email, purpose, claim);
    // A failed delivery stays in the outbox, marked failed, for the admin's Outbox screen.
    await deps.mailer
      .send(verificationMail(deps.config.BRAND, { ...user, email }, link, purpose))
      .catch(() => undefined);
  }

  /**
   * A used link whose address is still its account's, verified: only then is "already verified" true. Anything
   * else (unknown, expired unused, an address since changed) stays "invalid", so a link says nothing of the
   * account's present address, nor of any other account.
   */
  async function usedLinkOfVerifiedAddress(token: string) {
    const [row] = await db
      .select({ email: emailVerifications.email })
      .from(emailVerifications)
      .innerJoin(users, eq(users.id, emailVerifications.userId))
      .where(
        and(
          eq(emailVerifications.tokenHash, hashToken(token)),
          isNotNull(emailVerifications.usedAt),
          isNotNull(users.emailVerifiedAt),
          sql`lower(${users.email}) = lower(${emailVerifications.email})`,
        ),
      );
    return row ? { message: ACCOUNT_MSG.alreadyVerified, email: row.email } : null;
  }

  return {
    /**
     * After sign-up: the new account's first link, for the welcome mail to carry (one mail at sign-up). Never
     * fails the sign-up: without a link the welcome goes without it, and "Resend" sends one.
     */
    async onRegistered(user: { id: string; email: string }): Promise<string | null> {
      return createLink(user, user.email, 'signup').catch((error: unknown) => {
        deps.log.warn({ err: error }, 'could not create the sign-up verification link');
        return null;
      });
    },

    async status(userId: string) {
      const user = await usersRepository.findById(db, userId);
      if (!user) throw new AppError('NOT_FOUND', MSG.invest.userNotFound);
      return {
        email: user.email,
        emailVerified: user.emailVerifiedAt !== null,
        pendingEmail: await repo.pendingEmail(db, userId, clock.now()),
      };
    },

    /** "Resend": a new link to the pending address, or to the account's own while it is unverified. */
    async resend(caller: Caller) {
      const user = await usersRepository.findById(db, caller.userId);
      if (!user) throw new AppError('NOT_FOUND', MSG.invest.userNotFound);
      const pending = await repo.pendingEmail(db, user.id, clock.now());
      if (!pending && user.emailVerifiedAt) throw new AppError('CONFLICT', ACCOUNT_MSG.alreadyVerified);
      await deps.rateLimiter.consume(ACCOUNT_RATE_RULES.verificationSend(user.id));
      const to = pending ?? user.email;
      await issue(user, to, pending ? 'change' : 'signup', caller.claim);
      return { success: true as const, message: ACCOUNT_MSG.verificationSent(to) };
    },

    /** Asks to move the account to a new address: the password first, then a link to it, a notice to the old one. */
    async requestChange(caller: Caller, input: ChangeEmailRequest) {
      const user = await deps.account.checkPassword(caller, input.password, 'password');
      if (input.newEmail === user.email.toLowerCase()) {
        throw new AppError('VALIDATION_ERROR', ACCOUNT_MSG.emailSame, { newEmail: ACCOUNT_MSG.emailSame });
      }
      const taken = await usersRepository.findByEmail(db, input.newEmail);
      if (taken) throw new AppError('EMAIL_TAKEN', MSG.register.emailTaken, { newEmail: MSG.register.emailTaken });
      await deps.rateLimiter.consume(ACCOUNT_RATE_RULES.verificationSend(user.id));
      await issue(user, input.newEmail, 'change', caller.claim);
      await deps.mailer.send(emailChangeRequestedMail(deps.config.BRAND, user, input.newEmail)).catch(() => undefined);
      return { success: true as const, message: ACCOUNT_MSG.emailChangeSent(input.newEmail) };
    },

    /** GET: whether a link would work, without using it (a mail scanner's visit changes nothing). */
    async check(token: string, ip: string) {
      await deps.rateLimiter.consume(ACCOUNT_RATE_RULES.verificationCheckIp(ip));
      if (!(await repo.usableVerification(db, hashToken(token), clock.now()))) {
        throw new AppError('VALIDATION_ERROR', ACCOUNT_MSG.linkInvalid);
      }
      return { success: true as const, message: ACCOUNT_MSG.linkValid };
    },

    /** POST: uses the link. Single use: the row is locked and marked used in the same transaction. */
    async verify(token: string, ip: string) {
      await deps.rateLimiter.consume(ACCOUNT_RATE_RULES.verificationCheckIp(ip));
      const now = clock.now();
      let outcome: {
        email: string;
        purpose: 'signup' | 'change';
        oldEmail: string;
        username: string;
        language: Language;
        userId: string;
      } | null;
      try {
        outcome = await deps.audit.change(async (tx, record) => {
          const link = await repo.lockUsableVerification(tx, hashToken(token), now);
          if (!link) return null;
          const user = await usersRepository.lockById(tx, link.userId);
          if (!user) return null;
          // A sign-up link proves only the address it was sent to: after a change it proves nothing.
          if (link.purpose === 'signup' && user.email.toLowerCase() !== link.email.toLowerCase()) return null;
          await repo.markVerificationUsed(tx, link.id, now);
          if (link.purpose === 'signup') {
            await repo.markEmailVerified(tx, user.id, now);
          } else {
            await repo.changeEmail(tx, user.id, link.email, now);
            await deps.holds?.start(tx, { userId: user.id, change: 'email', actorId: null });
          }
          await record(
            selfAudit(user.id, link.purpose === 'signup' ? 'account.email.verified' : 'account.email.changed', {
              before: link.purpose === 'change' ? { email: user.email } : undefined,
              after: { email: link.email },
              ip,
            }),
          );
          return {
            email: link.email,
            purpose: link.purpose,
            oldEmail: user.email,
            username: user.username,
            language: user.language,
            userId: user.id,
          };
        });
      } catch (error) {
        // Another account took the address between the request and the link (the unique index decides).
        if (pgErrorCode(error) === '23505') throw new AppError('EMAIL_TAKEN', ACCOUNT_MSG.emailTakenOnVerify);
        throw error;
      }
      if (!outcome) {
        // A link opened again after it worked (a second click, another device) says so, rather than "invalid".
        const used = await usedLinkOfVerifiedAddress(token);
        if (used) return { success: true as const, status: 'already-verified' as const, ...used };
        throw new AppError('VALIDATION_ERROR', ACCOUNT_MSG.linkInvalid);
      }
      if (outcome.purpose === 'change') {
        await deps.mailer
          .send(emailChangedMail(deps.config.BRAND, { ...outcome, email: outcome.oldEmail }, outcome.email))
          .catch(() => undefined);
        await deps.holds?.tell(outcome.userId, outcome.oldEmail);
        const message = ACCOUNT_MSG.emailChanged(outcome.email);
        return { success: true as const, status: 'verified' as const, message, email: outcome.email };
      }
      return {
        success: true as const,
        status: 'verified' as const,
        message: ACCOUNT_MSG.verified,
        email: outcome.email,
      };
    },
  };
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
