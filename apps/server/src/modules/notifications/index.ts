import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Mailer } from '../mail/mailer.js';
import { eventsRoutes } from '../events/events.routes.js';
import { createLiveBus } from '../events/live-bus.js';
import { createNotificationMailJob } from './mail-job.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createNotificationsService } from './notifications.service.js';

/**
 * The notifications module as app.ts wires it: the bell's routes, the live stream (GET /events) and the e-mail job
 * (server.ts starts it).
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
  const bus = createLiveBus({ db: deps.db, log: deps.log });
  const routes: FastifyPluginAsync = async (api) => {
    await api.register(notificationsRoutes(service, deps.rateLimiter));
    await api.register(
      eventsRoutes({
        db: deps.db,
        clock: deps.clock,
        bus,
        notifications: service,
        rateLimiter: deps.rateLimiter,
        idleMs: deps.config.SESSION_IDLE_MINUTES * 60_000,
      }),
    );
  };
  return {
    service,
    mailJob,
    bus,
    routes,
    async close() {
      await Promise.all([mailJob.stop(), bus.close()]);
    },
  };
}

export type NotificationsModule = ReturnType<typeof createNotificationsModule>;
