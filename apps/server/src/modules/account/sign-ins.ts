import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { MailRecipient, Mailer } from '../mail/mailer.js';
import { usersRepository } from '../users/users.repository.js';
import { passwordWithoutCodeMail } from '../auth/two-factor.mails.js';
import { newDeviceMail } from './account.mails.js';
import { accountRepository as repo } from './account.repository.js';
import { signInsRepository, type UnfinishedSignIn } from './sign-ins.repository.js';
import { deviceLabel } from './device.js';

interface Attempt {
  ip: string;
  userAgent?: string;
}

/** A password given without a valid code is reported once this long has passed without the code. */
export const UNFINISHED_REPORT_AFTER_MS = 10 * 60_000;
/** At most one such mail per account this often (the attempts in between wait for it): no flooding a mailbox. */
export const UNFINISHED_REPORT_GAP_MS = 60 * 60_000;

/**
 * The sign-in history (ADR 0023), written by the login path: every password check for a known account,
 * and a security mail when a sign-in comes from a device (browser family and OS) the user never used before.
 * A password accepted for an account with a second factor is recorded at once as 'password-only' and becomes
 * 'success' when its code is given; one that never gets its code (a wrong one, or none) is e-mailed to the account
 * (`reportUnfinished`, run by the server's housekeeping). Bookkeeping must not fail a sign-in: a write that fails
 * is logged and the sign-in goes on.
 */
export function createSignInRecorder(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'BRAND'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;

  async function record(
    userId: string,
    attempt: Attempt,
    outcome: 'success' | 'failed' | 'password-only',
    sessionHash?: string,
  ) {
    const device = deviceLabel(attempt.userAgent);
    const at = clock.now();
    await repo.recordSignIn(db, {
      userId,
      outcome,
      sessionHash,
      ip: attempt.ip,
      userAgent: attempt.userAgent?.slice(0, 300) ?? null,
      device,
      at,
    });
    return { device, at };
  }

  const logged = (what: string) => (error: unknown) =>
    deps.log.warn({ err: error }, `sign-in history: could not record ${what}`);

  /** A sign-in done: a mail when it came from a device new to the user. */
  async function noteDevice(user: { id: string } & MailRecipient, attempt: Attempt) {
    const device = deviceLabel(attempt.userAgent);
    const at = clock.now();
    const seen = await repo.noteDevice(db, user.id, device, at);
    if (seen.isNew && seen.hadOthers) {
      // A failed delivery stays in the outbox, marked failed, for the admin's Outbox screen.
      await deps.mailer
        .send(newDeviceMail(deps.config.BRAND, user, { device, ip: attempt.ip, at }))
        .catch(() => undefined);
    }
  }

  return {
    /** A wrong password (or a refused role or disabled account) for an existing account. */
    failed: (userId: string, attempt: Attempt): Promise<void> =>
      record(userId, attempt, 'failed').then(() => undefined, logged('a failed attempt')),

    /** A password accepted and a session opened. */
    async succeeded(user: { id: string } & MailRecipient, attempt: Attempt): Promise<void> {
      try {
        await record(user.id, attempt, 'success');
        await noteDevice(user, attempt);
      } catch (error) {
        logged('a sign-in')(error);
      }
    },

    /** A password accepted; the session (its token's hash) waits for the second factor. */
    passwordOnly: (userId: string, attempt: Attempt, sessionHash: string): Promise<void> =>
      record(userId, attempt, 'password-only', sessionHash).then(() => undefined, logged('a password-only attempt')),

    /** The pending session gave its code: its attempt becomes a sign-in (a new one if its row is gone). */
    async secondFactorPassed(
      user: { id: string } & MailRecipient,
      attempt: Attempt,
      sessionHash: string,
    ): Promise<void> {
      try {
        if (!(await signInsRepository.complete(db, user.id, sessionHash))) await record(user.id, attempt, 'success');
        await noteDevice(user, attempt);
      } catch (error) {
        logged('a sign-in')(error);
      }
    },

    /**
     * E-mails each account whose password was given without a valid code, in attempts that never finished within
     * UNFINISHED_REPORT_AFTER_MS: one mail listing them, at most one per account per UNFINISHED_REPORT_GAP_MS.
     * Returns how many mails it sent.
     */
    async reportUnfinished(): Promise<number> {
      const now = clock.now();
      const claimed = await signInsRepository.claimUnreported(
        db,
        now,
        new Date(now.getTime() - UNFINISHED_REPORT_AFTER_MS),
        new Date(now.getTime() - UNFINISHED_REPORT_GAP_MS),
      );
      const byUser = new Map<string, UnfinishedSignIn[]>();
      for (const attempt of claimed) byUser.set(attempt.userId, [...(byUser.get(attempt.userId) ?? []), attempt]);
      for (const [userId, attempts] of byUser) {
        const user = await usersRepository.findById(db, userId);
        if (!user) continue;
        attempts.sort((a, b) => a.at.getTime() - b.at.getTime());
        // A failed delivery stays in the outbox and is tried again by the notifications job.
        await deps.mailer.send(passwordWithoutCodeMail(deps.config.BRAND, user, attempts)).catch(() => undefined);
      }
      return byUser.size;
    },
  };
}

export type SignInRecorder = ReturnType<typeof createSignInRecorder>;
