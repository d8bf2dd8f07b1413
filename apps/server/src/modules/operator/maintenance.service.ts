import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OPERATOR_MSG, type MaintenanceState } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { maintenanceMode } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { SignedInActor } from '../../http/session.js';
import type { AuditLog } from '../audit/audit.js';
import { PLATFORM_CHANNEL, type LiveBus } from '../events/live-bus.js';

/**
 * How long an instance trusts its copy of the switch while it cannot hear changes (no LISTEN connection): another
 * instance's change reaches it within this. While it hears them, a change arrives at its commit.
 */
const FRESH_MS = 1_000;
const DEFAULT_RETRY_AFTER_SECONDS = 300;

/**
 * User routes that stay open while the platform is read-only: securing an account (passwords, sessions, two-factor),
 * the bell's read marks and e-mail preferences, and writing to support. Every other user write waits, so a new
 * user route is refused during maintenance unless it is added here (test/operator/maintenance.test.ts lists them).
 */
export const OPEN_DURING_MAINTENANCE = new Set([
  'POST /api/v1/account/password',
  'POST /api/v1/account/sessions/:id/revoke',
  'POST /api/v1/account/sessions/revoke-others',
  'POST /api/v1/two-factor/setup',
  'POST /api/v1/two-factor/confirm',
  'POST /api/v1/two-factor/disable',
  'POST /api/v1/notifications/:id/read',
  'POST /api/v1/notifications/read-all',
  'PUT /api/v1/notifications/preferences',
  'POST /api/v1/tickets',
  'POST /api/v1/tickets/:id/messages',
]);

const OFF: MaintenanceState = {
  active: false,
  message: '',
  since: null,
  retryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
};

/**
 * Maintenance mode (DESIGN D18): a superadmin makes the platform read-only with a message. Users' writes answer
 * 503 with `Retry-After`; reads, sign-in and the admin console go on. Background work (the deposit watcher, the
 * roll-up) is not paused by it. A change notifies PLATFORM_CHANNEL at its commit, and each instance following it
 * (follow, from the server's start) reads the switch again then: a user's write costs no query for it. An instance
 * that cannot hear changes (its LISTEN connection lost) re-reads it at most once a second, on a request needing it.
 */
export function createMaintenanceService(deps: { db: Db; clock: Clock; audit: AuditLog }) {
  const { db, clock, audit } = deps;
  let cached: { state: MaintenanceState; readAt: number } | null = null;
  let reading: Promise<MaintenanceState> | null = null;
  /** True while changes are heard: the cached switch is then current whatever its age. */
  let heard = false;
  /** Counts connection losses: a read started before a loss must not say changes are heard. */
  let losses = 0;
  // Reads may overlap (a notification during a request's read): only the latest started may set the cache.
  let started = 0;
  let applied = 0;

  async function read(): Promise<MaintenanceState> {
    const mine = ++started;
    const [row] = await db.select().from(maintenanceMode).where(eq(maintenanceMode.id, true));
    const state: MaintenanceState = row
      ? {
          active: row.active,
          message: row.message,
          since: row.active && row.since ? row.since.toISOString() : null,
          retryAfterSeconds: row.retryAfterSeconds,
        }
      : OFF;
    if (mine > applied) {
      applied = mine;
      cached = { state, readAt: Date.now() };
    }
    return state;
  }

  /**
   * The switch as this instance knows it: the cached copy while changes are heard, else read again when older
   * than FRESH_MS (one read for concurrent callers).
   */
  async function current(): Promise<MaintenanceState> {
    if (cached && (heard || Date.now() - cached.readAt < FRESH_MS)) return cached.state;
    reading ??= read().finally(() => (reading = null));
    return reading;
  }

  return {
    current,

    /** Hears every change of the switch from now on (awaits the first read); app start calls it. */
    async follow(bus: Pick<LiveBus, 'watchPlatform'>): Promise<void> {
      await bus.watchPlatform({
        changed: async () => {
          heard = false; // until this read lands, a request reads for itself
          const before = losses;
          await read();
          heard = losses === before;
        },
        lost: () => {
          losses += 1;
          heard = false;
        },
      });
    },

    async checkWritable(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (OPEN_DURING_MAINTENANCE.has(`${request.method} ${request.routeOptions.url}`)) return;
      const state = await current();
      if (!state.active) return;
      reply.header('retry-after', String(state.retryAfterSeconds));
      throw new AppError('MAINTENANCE', state.message || OPERATOR_MSG.maintenanceDefault);
    },

    async set(actor: SignedInActor, input: { active: boolean; message?: string; retryAfterMinutes?: number }) {
      const before = await read();
      const now = clock.now();
      const message = input.active ? input.message?.trim() || OPERATOR_MSG.maintenanceDefault : '';
      const retryAfterSeconds = (input.retryAfterMinutes ?? DEFAULT_RETRY_AFTER_SECONDS / 60) * 60;
      // Switching on again keeps the first moment it went on; switching off clears it.
      const since = input.active ? (before.active && before.since ? new Date(before.since) : now) : null;
      await audit.change(async (tx, record) => {
        const values = {
          active: input.active,
          message,
          retryAfterSeconds,
          since,
          updatedBy: actor.userId,
          updatedAt: now,
        };
        await tx
          .insert(maintenanceMode)
          .values({ id: true, ...values })
          .onConflictDoUpdate({ target: maintenanceMode.id, set: values });
        // Delivered at commit: every instance following the switch reads it again.
        await tx.execute(sql`select pg_notify(${PLATFORM_CHANNEL}, 'maintenance')`);
        await record({
          actorId: actor.userId,
          action: input.active ? 'maintenance.on' : 'maintenance.off',
          targetType: 'platform',
          targetId: null,
          before,
          after: { active: input.active, message, retryAfterSeconds },
          ip: actor.ip,
        });
      }, actor.claim);
      const state = await read();
      return {
        success: true as const,
        message: input.active ? OPERATOR_MSG.maintenanceOn : OPERATOR_MSG.maintenanceOff,
        state,
      };
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
