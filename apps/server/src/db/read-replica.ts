import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from './client.js';
import { pgErrorCode } from './pg-errors.js';
import * as schema from './schema.js';

/** A lag-tolerant read's answer: `figuresAsOf` (ISO time) when a replica served it, absent when the primary did. */
export interface ReplicaRead<T> {
  value: T;
  figuresAsOf?: string;
}

/**
 * Where reads that may lag go (DESIGN §8): the leaderboard, admin lists, the history page and export, the
 * treasury screen's chain figures. Never money paths, sessions, idempotency, or what a user must see right
 * after their own write: those use the primary's `db` directly.
 */
export interface LagTolerantReads {
  run<T>(read: (db: Db) => Promise<T>): Promise<ReplicaRead<T>>;
  close(): Promise<void>;
}

/** An object answer with the age of its figures beside its own fields, when a replica served it. */
export const withFiguresAge = <T extends object>(read: ReplicaRead<T>): T & { figuresAsOf?: string } =>
  read.figuresAsOf ? { ...read.value, figuresAsOf: read.figuresAsOf } : read.value;

/** No replica configured: every read is the primary's, current. */
export const primaryReads = (primary: Db): LagTolerantReads => ({
  run: async (read) => ({ value: await read(primary) }),
  close: async () => undefined,
});

/**
 * How old the replica's figures are. Caught up with a primary it is streaming from: now. Behind (replay paused
 * or slow, or the stream broken): the commit time of the last transaction it replayed. Null when it cannot tell
 * (nothing replayed since it started and not streaming), or when it is no replica at all (promoted: then it is
 * a primary of its own and must not be read as ours).
 */
const FIGURES_AS_OF = `
  select case
    when not pg_is_in_recovery() then null
    when (select status from pg_stat_wal_receiver) = 'streaming'
     and pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then now()
    else pg_last_xact_replay_timestamp()
  end as as_of`;

/** A replica that failed to answer is left alone this long before it is tried again. */
const RETRY_AFTER_MS = 10_000;

/** Connection-class failures (refused, reset, shutting down): the replica is down, not the query wrong. */
const replicaDown = (error: unknown) => {
  const code = pgErrorCode(error);
  return code === undefined || code.startsWith('08') || code.startsWith('57P');
};

/**
 * Reads from the streaming replica at `url`, with the age of its figures; falls back to the primary when the
 * replica is down, further behind than `maxLagMs`, or fails a read (a query cancelled by a recovery conflict).
 */
export function replicaReads(options: {
  primary: Db;
  url: string;
  maxLagMs: number;
  onFallback?: (reason: string) => void;
}): LagTolerantReads {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: 4,
    // A replica that does not answer must not hold a page: the primary serves it instead.
    connectionTimeoutMillis: 2_000,
    options: '-c jit=off',
  });
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const replica = drizzle(pool, { schema }) as unknown as Db;
  let skipUntil = 0;

  const fallBack = (reason: string) => {
    options.onFallback?.(reason);
  };

  return {
    async run(read) {
      if (Date.now() >= skipUntil) {
        try {
          const { rows } = await pool.query<{ as_of: Date | null }>(FIGURES_AS_OF);
          const asOf = rows[0]?.as_of ?? null;
          if (asOf === null) fallBack('the replica cannot tell the age of its figures');
          else if (Date.now() - asOf.getTime() > options.maxLagMs) fallBack('the replica is too far behind');
          else return { value: await read(replica), figuresAsOf: asOf.toISOString() };
        } catch (error) {
          if (replicaDown(error)) skipUntil = Date.now() + RETRY_AFTER_MS;
          fallBack(`the replica failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return { value: await read(options.primary) };
    },
    close: () => pool.end(),
  };
}
