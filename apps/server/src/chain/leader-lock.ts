import type pg from 'pg';
import { sessionPool } from '../db/client.js';

/** Arbitrary constant naming the deposit watcher's advisory lock. */
const WATCHER_LOCK = 727_002;

export interface LeaderLock {
  /** True while this process holds the lock; tries to take it when it does not. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/**
 * One deposit watcher across all app processes (DESIGN §8): a session-level advisory lock held on a
 * dedicated connection (a direct one when DATABASE_URL goes through a transaction pooler, which would hand the
 * session, and so the lock, to another client). If that connection dies, PostgreSQL frees the lock and another
 * process takes over.
 */
export function createLeaderLock(pool: pg.Pool | undefined): LeaderLock {
  if (!pool) return { acquire: async () => true, release: async () => undefined }; // PGlite: one process
  let client: pg.PoolClient | null = null;
  return {
    async acquire() {
      if (client) {
        try {
          await client.query('select 1');
          return true;
        } catch {
          client.release(true);
          client = null;
        }
      }
      const candidate = await sessionPool(pool).connect();
      candidate.on('error', () => undefined); // a dropped leader connection must not crash the process
      const { rows } = await candidate.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
        WATCHER_LOCK,
      ]);
      if (rows[0]?.locked) {
        client = candidate;
        return true;
      }
      candidate.release();
      return false;
    },
    async release() {
      if (!client) return;
      await client.query('select pg_advisory_unlock($1)', [WATCHER_LOCK]).catch(() => undefined);
      client.release();
      client = null;
    },
  };
}
