import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { LIVE_EVENT_NOTIFICATION, LIVE_HEARTBEAT_MS, NOTIFICATIONS_API } from '@svp/shared';
import type { Clock } from '../../clock.js';
import { queryRows, type Db } from '../../db/client.js';
import { errors } from '../../http/errors.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import { errorResponses } from '../../http/responses.js';
import { sessionOf } from '../../http/session.js';
import { notificationsRepository as repo } from '../notifications/notifications.repository.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { LiveBus } from './live-bus.js';

/** Streams one user may hold on all instances together (a few tabs and devices); more is a script. */
export const MAX_STREAMS_PER_USER = 10;
const REPLAY_LIMIT = 100;
/** When a new stream looks again for what committed around its start (see below). */
const CATCH_UP_MS = 2_000;
/** How long after a notification with a higher id one may still commit: far longer than a money transaction. */
const SETTLE_MS = 10_000;
/** Unsettled ids an event's id may list; past this it names only the settled point (a resume may repeat some). */
const MAX_LISTED_IDS = 32;
const NOT_A_STREAM = 'This address sends a live event stream: open it with Accept: text/event-stream.';
/** `<settled>` or `<settled>.<id sent>.<id sent>…`: see `resumeId` below. A bare id is an older server's. */
const eventId = z
  .string()
  .regex(new RegExp(`^\\d{1,18}(\\.\\d{1,18}){0,${MAX_LISTED_IDS}}$`), 'Invalid stream position.');

/**
 * GET /api/v1/events: the live stream (Server-Sent Events, DESIGN D17). Each notification goes out as
 * `event: notification` with the stream's resume point as the event's id (its own id is in its data); a reconnect
 * sends it back as `Last-Event-ID` (or `?after=`), and what the stream had not sent is sent first. A new stream
 * starts from now. The reply is hijacked: the idempotency, one-statement and serializer hooks never see it (they
 * act on ordinary replies), and Fastify leaves the socket to this handler.
 */
export function eventsRoutes(deps: {
  db: Db;
  clock: Clock;
  bus: LiveBus;
  notifications: NotificationsService;
  rateLimiter: RateLimiter;
  /** The idle limit of a user's session: a stream does not keep a session alive, and ends with it. */
  idleMs: number;
  heartbeatMs?: number;
}): FastifyPluginAsyncZod {
  const { db, bus } = deps;
  // A comment line this often keeps proxies from closing an idle stream, re-checks the session, and tells the
  // browser the stream is alive (it falls back to polling when one is missed).
  const heartbeatMs = deps.heartbeatMs ?? LIVE_HEARTBEAT_MS;

  /** The session as `resolve` would judge it, without touching it. */
  async function sessionAlive(tokenHash: string): Promise<boolean> {
    const now = deps.clock.now().toISOString();
    const rows = await queryRows<{ ok: number }>(
      db,
      sql`select 1 as ok from sessions s join users u on u.id = s.user_id
          where s.token_hash = ${tokenHash} and s.expires_at > ${now}::timestamptz
            and s.last_seen_at > ${now}::timestamptz - make_interval(secs => ${deps.idleMs / 1000})
            and not u.disabled and u.role = s.role`,
    );
    return rows.length === 1;
  }

  return async (app) => {
    /** Open streams' closers: a shutdown ends them, or the server would wait for them forever. */
    const streams = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const end of [...streams]) end();
    });
    app.get(
      NOTIFICATIONS_API.events,
      {
        config: { access: 'user' },
        schema: {
          tags: ['notifications'],
          querystring: z.object({ after: eventId.optional() }),
          response: { ...errorResponses },
        },
      },
      async (request, reply) => {
        const session = sessionOf(request);
        // EventSource always asks for a stream; anything else (a plain fetch, a probe) gets an answer, not a socket
        // held open.
        if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
          throw errors.validation(NOT_A_STREAM);
        }
        const { userId } = session;
        await deps.rateLimiter.consume({ bucket: `events:acct:${userId}`, limit: 120, windowMs: 15 * 60_000 });
        const header = request.headers['last-event-id'];
        const resumeFrom = eventId.safeParse(Array.isArray(header) ? header[0] : header).data ?? request.query.after;
        // Ids are drawn in call order but commit in any order: a notification may commit after one with a higher id
        // was sent. So each read starts at `settled`, the highest id sent at least SETTLE_MS ago, and skips the ids
        // sent since (kept in `recent`, in the order sent). A resume point carries both, so a reconnect sends a late
        // one too, and nothing twice.
        const [resumeSettled, ...resumeSent] = resumeFrom?.split('.') ?? [];
        let settled = resumeSettled ? BigInt(resumeSettled) : await repo.newestId(db, userId);
        const recent = new Map<bigint, number>(resumeSent.map((id) => [BigInt(id), Date.now()]));

        const raw = reply.raw;
        let open = true;
        // Nothing is written before the headers: a wake-up before then is caught by the first pump below.
        let started = false;
        let pumping: Promise<void> | null = null;
        let again = false;

        /** Where a reconnect resumes: the settled point and the ids sent above it (or the point alone, if many). */
        function resumeId(): string {
          const sent = [...recent.keys()].filter((id) => id > settled);
          return sent.length > MAX_LISTED_IDS ? `${settled}` : [settled, ...sent].join('.');
        }

        function settle(now: number) {
          for (const [id, sentAt] of recent) {
            if (now - sentAt < SETTLE_MS) return;
            if (id > settled) settled = id;
            recent.delete(id);
          }
        }

        /** Sends every notification not sent yet, one pass at a time. */
        const pump = (): Promise<void> => {
          if (pumping) {
            again = true;
            return pumping;
          }
          pumping = (async () => {
            do {
              again = false;
              settle(Date.now());
              let after = settled;
              for (;;) {
                const [rows, language] = await Promise.all([
                  repo.after(db, userId, after, REPLAY_LIMIT),
                  repo.languageOf(db, userId),
                ]);
                for (const row of rows) {
                  if (!open) return;
                  after = row.id;
                  if (recent.has(row.id)) continue;
                  recent.set(row.id, Date.now());
                  const data = JSON.stringify(deps.notifications.view(row, language));
                  raw.write(`id: ${resumeId()}\nevent: ${LIVE_EVENT_NOTIFICATION}\ndata: ${data}\n\n`);
                }
                if (rows.length < REPLAY_LIMIT) break;
              }
            } while (again && open);
          })()
            .catch((error: unknown) => request.log.warn({ err: String(error) }, 'live stream read failed'))
            .finally(() => {
              pumping = null;
            });
          return pumping;
        };

        // The cap is checked and the stream registered in one step (live-listeners.repository.ts): concurrent opens
        // on any instance cannot pass it together.
        const unsubscribe = await bus.subscribe(userId, () => started && void pump(), MAX_STREAMS_PER_USER);
        if (!unsubscribe) throw errors.rateLimited();
        const end = () => {
          if (!open) return;
          open = false;
          streams.delete(end);
          clearInterval(heartbeat);
          unsubscribe();
          raw.end();
        };
        const heartbeat = setInterval(() => {
          raw.write(': heartbeat\n\n');
          sessionAlive(session.tokenHash)
            .then((alive) => alive || end())
            .catch(() => undefined);
        }, heartbeatMs);
        heartbeat.unref();
        raw.on('close', end);
        streams.add(end);

        reply.hijack();
        // The client left while its stream was being registered: its 'close' has passed, and the row must go now.
        if (raw.destroyed) return end();
        raw.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          // nginx and similar proxies would otherwise buffer the stream.
          'x-accel-buffering': 'no',
        });
        raw.write('retry: 3000\n\n');
        started = true;
        await pump();
        // A money transaction that looked for listeners just before this stream's row was written, and commits
        // after the pump above, woke nobody: one more look once such a transaction has long committed.
        setTimeout(() => open && void pump(), CATCH_UP_MS).unref();
      },
    );
  };
}
