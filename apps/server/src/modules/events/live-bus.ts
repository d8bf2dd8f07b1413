import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { sessionPool, type Db } from '../../db/client.js';
import { liveListenersRepository as listeners } from './live-listeners.repository.js';

/** The channel sql/functions/notifications/notification_add.sql notifies at commit: `{"id": "...", "userId": "..."}`. */
export const NOTIFICATION_CHANNEL = 'svp_notifications';
/** The channel a platform-wide switch (the maintenance mode) notifies at commit, so every instance reads it again. */
export const PLATFORM_CHANNEL = 'svp_platform';
const RECONNECT_MS = 1_000;
/** How long one attempt may take to connect, or to have its LISTEN answered. */
const LISTEN_TIMEOUT_MS = 5_000;
/** How often a process says it still holds its streams, and after how long without that its rows are removed. */
const REFRESH_MS = 60_000;
const STALE_MS = 5 * REFRESH_MS;

/** Called with the notification's id, or with null after a reconnect: anything may have been missed, look again. */
type Wake = (id: string | null) => void;

/** Told when a platform switch may have changed (and after each (re)connect), and when changes may go unheard. */
export interface PlatformWatcher {
  changed(): Promise<void>;
  lost(): void;
}

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Tells this process's live streams that a user has a new notification, whichever instance wrote it (DESIGN D17):
 * PostgreSQL LISTEN on one dedicated connection per process (not a pool's: a pooled connection would lose its
 * LISTEN when released), or PGlite's own listen in development. The same connection carries the platform channel,
 * so the maintenance switch costs no query on a request (watchPlatform, started with the server). A lost
 * connection is replaced; every stream then looks again and every platform watcher reads its switch again.
 * Each stream writes a live_listeners row and removes it when it ends: notification_add calls pg_notify only for
 * users someone listens for (ADR 0028), so money transactions of everyone else never queue on its commit
 * lock; and the rows tell how many streams a user holds on all instances together (the cap).
 */
export function createLiveBus(deps: { db: Db; log: FastifyBaseLogger }) {
  const subscribers = new Map<string, Set<Wake>>();
  const instance = randomUUID();
  let refresher: NodeJS.Timeout | null = null;
  let started: Promise<void> | null = null;
  let closed = false;
  let stop: (() => Promise<void>) | null = null;
  const platformWatchers = new Set<PlatformWatcher>();

  const warn = (what: string) => (error: unknown) =>
    deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, what);

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

  /** Never rejects: a watcher that cannot read its switch now keeps asking the database on each request. */
  const platformChanged = async () => {
    await Promise.all(
      [...platformWatchers].map((watcher) => watcher.changed().catch(warn('platform switch not read'))),
    );
  };
  const platformLost = () => {
    for (const watcher of platformWatchers) watcher.lost();
  };

  /** Tries again every RECONNECT_MS until a connection listens (or the bus closes); then every stream looks again. */
  function reconnect(pool: pg.Pool): void {
    setTimeout(() => {
      if (closed) return;
      listenPostgres(pool)
        .then(async () => {
          started = Promise.resolve(); // a first connect that failed and was retried here counts as started
          deps.log.info('live notifications: listening again');
          wakeAll();
          await platformChanged();
        })
        .catch((error: unknown) => {
          // A node still leaving recovery refuses LISTEN for a moment after a failover: try again, never give up.
          deps.log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'live notifications: reconnect failed',
          );
          reconnect(pool);
        });
    }, RECONNECT_MS).unref();
  }

  async function listenPostgres(pool: pg.Pool): Promise<void> {
    // A router with no primary behind it may hold a connection or its LISTEN without an answer: such an attempt
    // fails after LISTEN_TIMEOUT_MS and the next one follows, instead of the chain waiting on it for good.
    const client = new pg.Client({
      ...pool.options,
      connectionTimeoutMillis: LISTEN_TIMEOUT_MS,
      query_timeout: LISTEN_TIMEOUT_MS,
    });
    let listening = false;
    let replaced = false;
    // Only a connection that listened is replaced from its events. One that fails while connecting emits 'error'
    // and 'end' before its caller's catch: replacing it there as well started a second retry chain on every
    // failure, doubling them until the failover drill ran out of local ports (thousands of connections a second).
    const replace = (error?: Error) => {
      if (!listening || replaced || closed) return;
      replaced = true;
      deps.log.warn({ err: error?.message }, 'live notifications connection lost; reconnecting');
      platformLost();
      client.end().catch(() => undefined);
      reconnect(pool);
    };
    client.on('error', replace);
    client.on('end', () => replace());
    client.on('notification', (n) => {
      if (n.channel === NOTIFICATION_CHANNEL && n.payload) dispatch(n.payload);
      else if (n.channel === PLATFORM_CHANNEL) void platformChanged();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATION_CHANNEL}; LISTEN ${PLATFORM_CHANNEL}`);
      listening = true;
    } catch (error) {
      // This client never listened: its caller tries again. Ending it must not schedule a second attempt.
      replaced = true;
      client.end().catch(() => undefined);
      throw error;
    }
    stop = async () => {
      replaced = true;
      await client.end().catch(() => undefined);
    };
  }

  function start(): Promise<void> {
    started ??= (async () => {
      const driver = (deps.db as unknown as { session?: { client?: unknown } }).session?.client;
      if (driver instanceof pg.Pool) {
        const pool = sessionPool(driver); // LISTEN needs a session: never through a transaction pooler
        try {
          await listenPostgres(pool);
        } catch (error) {
          // A platform watcher needs the channel for the life of the process: keep trying, as after a loss.
          if (platformWatchers.size > 0 && !closed) reconnect(pool);
          throw error;
        }
      } else if (driver && typeof (driver as PgliteListener).listen === 'function') {
        const listener = driver as PgliteListener;
        const unlisten = await Promise.all([
          listener.listen(NOTIFICATION_CHANNEL, dispatch),
          listener.listen(PLATFORM_CHANNEL, () => void platformChanged()),
        ]);
        stop = async () => void (await Promise.all(unlisten.map((end) => end())));
      } else {
        throw new Error('live notifications: no database driver to listen on');
      }
      await platformChanged();
    })();
    started.catch(() => {
      started = null; // the next stream tries again (a platform watcher's retries run already)
    });
    return started;
  }

  function keepRefreshing() {
    refresher ??= setInterval(() => {
      listeners.refresh(deps.db, instance, STALE_MS).catch(warn('live listeners not refreshed'));
    }, REFRESH_MS);
    refresher.unref();
  }

  return {
    /**
     * Tells `watcher` each time a platform switch may have changed, starting with the first connect (which this
     * awaits), and each time the connection is lost. Rejects when the first connect fails; it is tried again.
     */
    watchPlatform(watcher: PlatformWatcher): Promise<void> {
      platformWatchers.add(watcher);
      return start();
    },
    /**
     * Calls `wake` for each new notification of the user until the returned function is called. Resolves once
     * notifications for the user wake this process: a notification committed before then is the caller's to read.
     * Resolves null, registering nothing, when the user already holds `max` streams across every instance.
     */
    async subscribe(userId: string, wake: Wake, max: number): Promise<(() => void) | null> {
      let set = subscribers.get(userId);
      if (!set) subscribers.set(userId, (set = new Set()));
      set.add(wake);
      const drop = () => {
        set.delete(wake);
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId);
      };
      const stream = `${instance}/${randomUUID()}`;
      try {
        await start();
        if (!(await listeners.addIfRoom(deps.db, userId, stream, max))) {
          drop();
          return null;
        }
        keepRefreshing();
      } catch (error) {
        drop();
        throw error;
      }
      return () => {
        drop();
        listeners.remove(deps.db, userId, stream).catch(warn('live listener not removed'));
      };
    },
    async close() {
      closed = true;
      if (refresher) clearInterval(refresher);
      if (subscribers.size > 0) await listeners.removeInstance(deps.db, instance).catch(warn('live listeners left'));
      subscribers.clear();
      await stop?.();
    },
  };
}

export type LiveBus = ReturnType<typeof createLiveBus>;
