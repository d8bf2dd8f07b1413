import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../mail/mailer.js';
import { newDeviceMail } from './account.mails.js';
import { accountRepository as repo } from './account.repository.js';
import { deviceLabel } from './device.js';

interface Attempt {
  ip: string;
  userAgent?: string;
}

/**
 * The sign-in history (issue 18 part 3), written by the login path: every password check for a known account,
 * and a security mail when a sign-in comes from a device (browser family and OS) the user never used before.
 * Bookkeeping must not fail a sign-in: a write that fails is logged and the sign-in goes on.
 */
export function createSignInRecorder(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'BRAND'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { db, clock } = deps;

  async function record(userId: string, attempt: Attempt, outcome: 'success' | 'failed') {
    const device = deviceLabel(attempt.userAgent);
    const at = clock.now();
    await repo.recordSignIn(db, {
      userId,
      outcome,
      ip: attempt.ip,
      userAgent: attempt.userAgent?.slice(0, 300) ?? null,
      device,
      at,
    });
    return { device, at };
  }

  const logged = (what: string) => (error: unknown) =>
    deps.log.warn({ err: error }, `sign-in history: could not record ${what}`);

  return {
    /** A wrong password (or a refused role or disabled account) for an existing account. */
    failed: (userId: string, attempt: Attempt): Promise<void> =>
      record(userId, attempt, 'failed').then(() => undefined, logged('a failed attempt')),

    /** A password accepted and a session opened. */
    async succeeded(user: { id: string; email: string; username: string }, attempt: Attempt): Promise<void> {
      try {
        const { device, at } = await record(user.id, attempt, 'success');
        const seen = await repo.noteDevice(db, user.id, device, at);
        if (seen.isNew && seen.hadOthers) {
          // A failed delivery stays in the outbox, marked failed, for the admin's Outbox screen.
          await deps.mailer
            .send(newDeviceMail(deps.config.BRAND, user.email, user.username, { device, ip: attempt.ip, at }))
            .catch(() => undefined);
        }
      } catch (error) {
        logged('a sign-in')(error);
      }
    },
  };
}

export type SignInRecorder = ReturnType<typeof createSignInRecorder>;
