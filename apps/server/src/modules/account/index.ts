import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { AuditLog } from '../audit/audit.js';
import type { SessionStore } from '../auth/sessions.js';
import type { Mailer } from '../mail/mailer.js';
import { accountRoutes } from './account.routes.js';
import { createAccountService } from './account.service.js';
import { createEmailVerificationService } from './email-verification.service.js';
import { createSignInRecorder } from './sign-ins.js';
import type { AccountChangeHolds } from '../users/account-change-holds.js';

/** The account-security module (ADR 0023), built once in app.ts. */
export function createAccountModule(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  sessions: SessionStore;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  audit: AuditLog;
  log: FastifyBaseLogger;
  /** Withdrawal holds after account changes (modules/withdrawals, ADR 0044). */
  holds?: AccountChangeHolds;
}) {
  const account = createAccountService(deps);
  const emailVerification = createEmailVerificationService({
    ...deps,
    account,
    publicUrl: deps.config.PUBLIC_URL,
  });
  const signIns = createSignInRecorder(deps);
  return { account, emailVerification, signIns, routes: () => accountRoutes(account, emailVerification) };
}

export type AccountModule = ReturnType<typeof createAccountModule>;
