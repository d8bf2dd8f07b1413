import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { eventsRoutes } from './events.routes.js';
import { createLiveBus } from './live-bus.js';

/**
 * The live stream (GET /events) as app.ts wires it: it sits above notifications (it replays the bell's rows), so
 * notifications never import it.
 */
export function createEventsModule(deps: {
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  rateLimiter: RateLimiter;
  /** The idle limit of a user's session: a stream ends with it. */
  idleMs: number;
  log: FastifyBaseLogger;
}) {
  const bus = createLiveBus({ db: deps.db, log: deps.log });
  return {
    bus,
    routes: eventsRoutes({ ...deps, bus }),
    close: () => bus.close(),
  };
}

export type EventsModule = ReturnType<typeof createEventsModule>;
