import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.js';

/** The channel migration 0015's notification_add notifies at commit: `{"id": "...", "userId": "..."}`. */
export const NOTIFICATION_CHANNEL = 'svp_notifications';
const RECONNECT_MS = 1_000;

/** Called with the notification's id, or with null after a reconnect: anything may have been missed, look again. */
type Wake = (id: string | null) => void;

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Tells this process's live streams that a user has a new notification, whichever instance wrote it (DESIGN D17):
 * PostgreSQL LISTEN on one dedicated connection per process (not a pool's: a pooled connection would lose its
 * LISTEN when released), or PGlite's own listen in development. Started by the first stream, so a process that
 * serves no stream holds no extra connection. A lost connection is replaced, and every stream then looks again.
 */
export function createLiveBus(deps: { db: Db; log: FastifyBaseLogger }) {
  const subscribers = new Map<string, Set<Wake>>();
  let started: Promise<void> | null = null;
  let closed = false;
  let stop: (() => Promise<void>) | null = null;

  function dispatch(payload: string) {
    let message: { id?: unknown; userId?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.userId !== 'string' || typeof message.id !== 'string') return;
    for (const wake of subscribers.get(message.userId) ?? []) wake(message.id);
  }

  const wakeAll = () => {
    for (const set of subscribers.values()) for (const wake of set) wake(null);
  };

  async function listenPostgres(pool: pg.Pool): Promise<void> {
    const client = new pg.Client(pool.options);
    let replaced = false;
    const replace = (error?: Error) => {
      if (replaced || closed) return;
      replaced = true;
      deps.log.warn({ err: error?.message }, 'live notifications connection lost; reconnecting');
      client.end().catch(() => undefined);
      setTimeout(() => {
        listenPostgres(pool)
          .then(wakeAll)
          .catch(() => replace());
      }, RECONNECT_MS).unref();
    };
    client.on('error', replace);
    client.on('end', () => replace());
    client.on('notification', (n) => {
      if (n.channel === NOTIFICATION_CHANNEL && n.payload) dispatch(n.payload);
    });
    await client.connect();
    await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    stop = async () => {
      replaced = true;
      await client.end().catch(() => undefined);
    };
  }

  function start(): Promise<void> {
    started ??= (async () => {
      const driver = (deps.db as unknown as { session?: { client?: unknown } }).session?.client;
      if (driver instanceof pg.Pool) {
        await listenPostgres(driver);
      } else if (driver && typeof (driver as PgliteListener).listen === 'function') {
        const unlisten = await (driver as PgliteListener).listen(NOTIFICATION_CHANNEL, dispatch);
        stop = unlisten;
      } else {
        throw new Error('live notifications: no database driver to listen on');
      }
    })();
    started.catch(() => {
      started = null; // the next stream tries again
    });
    return started;
  }

  return {
    /** Calls `wake` for each new notification of the user until the returned function is called. */
    async subscribe(userId: string, wake: Wake): Promise<() => void> {
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(wake);
      try {
        await start();
      } catch (error) {
        set.delete(wake);
        throw error;
      }
      return () => {
        set.delete(wake);
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId);
      };
    },
    /** How many streams this process holds for the user. */
    count: (userId: string) => subscribers.get(userId)?.size ?? 0,
    async close() {
      closed = true;
      subscribers.clear();
      await stop?.();
    },
  };
}

export type LiveBus = ReturnType<typeof createLiveBus>;
