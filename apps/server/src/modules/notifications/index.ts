import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Mailer } from '../mail/mailer.js';
import { createNotificationMailJob } from './mail-job.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

/**
 * The notifications module as app.ts wires it: the bell's routes and the e-mail job (server.ts starts it). The live
 * stream (GET /events) reads these rows from modules/events, a layer above.
 */
export function createNotificationsModule(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  const templates = { brand: deps.config.BRAND, explorerUrl: deps.config.explorerUrl };
  const service = createNotificationsService({ db: deps.db, clock: deps.clock, templates });
  const mailJob = createNotificationMailJob({ ...deps, templates });
  return {
    service,
    mailJob,
    routes: notificationsRoutes(service, deps.rateLimiter),
    close: () => mailJob.stop(),
  };
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
