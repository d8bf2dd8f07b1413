import type { SQL } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /**
   * The same database for bookkeeping whose loss in a crash costs nothing: its commits do not wait for the
   * WAL flush (synchronous_commit off). Idempotency claims and stored answers, session touches, rate-limit
   * counters. Never money: every ledger posting commits on `db`, and that durable commit also flushes every
   * relaxed commit before it (the WAL is one sequence). On PGlite it is `db` itself.
   */
  relaxed: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool (absent on PGlite), for work that needs one dedicated connection. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/** PGlite in `dataDir` (or in memory when dataDir is undefined), or PostgreSQL when a URL is given. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  onPoolError?: (err: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    // JIT off: every query here is a short OLTP statement, and a stale row estimate (a queue that was long at the
    // last ANALYZE) made PostgreSQL compile a 1 ms statement for 10-200 ms (docs/benchmarks-scale.md).
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (err) => options.onPoolError?.(err));
    // The pool drops its own listener while a client is checked out: a connection lost between two statements
    // of a transaction (PostgreSQL restarting) would be an unhandled 'error' event and kill the process. The
    // next query on that client fails instead, and the pool discards it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const relaxedPool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 4,
      options: '-c synchronous_commit=off',
    });
    relaxedPool.on('error', (err) => options.onPoolError?.(err));
    relaxedPool.on('connect', (client) => client.on('error', () => undefined));
    const relaxed = drizzlePg(relaxedPool, { schema }) as unknown as Db;
    return {
      db,
      relaxed,
      kind: 'postgres',
      pool,
      close: async () => {
        await Promise.all([pool.end(), relaxedPool.end()]);
      },
    };
  }
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, relaxed: db, kind: 'pglite', close: () => client.close() };
}

/** Raw SQL returning rows, the same on PGlite and node-postgres (both results carry `rows`). */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** What runs SQL under a drizzle database or transaction: a pg Pool or PoolClient, or PGlite (or its transaction). */
interface DriverClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

function driverOf(executor: Pick<Db, 'execute'>): DriverClient {
  // drizzle keeps the driver's client on its session, for the database and for each transaction alike.
  const client = (executor as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client) throw new Error('no driver client under this drizzle executor');
  return client;
}

/**
 * A fixed SQL text with $n parameters, for hot paths: no query builder runs per call. On PostgreSQL it is
 * a named prepared statement, parsed and planned once per connection (DESIGN §7); on PGlite a plain
 * parameterized query. Works on the database and inside a transaction. Cast results to text, int, boolean
 * or json in the SQL: both drivers then return the same JavaScript types.
 */
export function preparedStatement<T>(name: string, text: string) {
  return async (executor: Pick<Db, 'execute'>, values: unknown[]): Promise<T[]> => {
    const client = driverOf(executor);
    const result =
      client instanceof pg.Pool || client instanceof pg.Client
        ? await client.query({ name, text, values })
        : await client.query(text, values);
    return result.rows as T[];
  };
}
