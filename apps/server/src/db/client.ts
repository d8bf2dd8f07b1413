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
   * relaxed commit before it (the WAL is one sequence). On PGlite, and behind a transaction pooler, it is `db`.
   */
  relaxed: Db;
  kind: 'pglite' | 'postgres';
  /** The PostgreSQL pool (absent on PGlite), for work that needs one dedicated connection. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

/**
 * Connections that go through a transaction pooler (PgBouncer): each statement may run on another server
 * connection, so they carry no session state. No startup options, no named prepared statements.
 */
const pooledConnections = new WeakSet<object>();
/** For a pool behind a transaction pooler: the pool of direct connections, for what needs a session. */
const sessionPools = new WeakMap<pg.Pool, pg.Pool>();

/**
 * The pool to take a connection from for work that needs a session of its own (LISTEN, a session advisory
 * lock, migrations): DATABASE_DIRECT_URL's when DATABASE_URL goes through a transaction pooler, else `pool`.
 */
export const sessionPool = (pool: pg.Pool): pg.Pool => sessionPools.get(pool) ?? pool;

function newPool(
  connectionString: string,
  max: number,
  settings: string | null,
  onPoolError?: (err: Error) => void,
): pg.Pool {
  const pooled = settings === null;
  const pool = new pg.Pool({ connectionString, max, ...(settings && { options: settings }) });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => onPoolError?.(err));
  // The pool drops its own listener while a client is checked out: a connection lost between two statements
  // of a transaction (PostgreSQL restarting) would be an unhandled 'error' event and kill the process. The
  // next query on that client fails instead, and the pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (pooled) pooledConnections.add(client);
  });
  if (pooled) pooledConnections.add(pool);
  return pool;
}

/**
 * PGlite in `dataDir` (or in memory when dataDir is undefined), or PostgreSQL when a URL is given. With a
 * `directUrl` other than `databaseUrl`, `databaseUrl` is taken to go through a transaction pooler (PgBouncer):
 * its connections get no startup options (the pooler refuses them; jit=off is the role's setting in the
 * database, drizzle/0041_session_settings_for_poolers.sql) and no named statements, and what needs a session
 * uses `directUrl` (sessionPool).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  directUrl?: string;
  dataDir?: string;
  onPoolError?: (err: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pooled = options.directUrl !== undefined && options.directUrl !== options.databaseUrl;
    // JIT off: every query here is a short OLTP statement, and a stale row estimate (a queue that was long at the
    // last ANALYZE) made PostgreSQL compile a 1 ms statement for 10-200 ms (docs/benchmarks-scale.md).
    const pool = newPool(options.databaseUrl, 10, pooled ? null : '-c jit=off', options.onPoolError);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    // Behind a transaction pooler a commit cannot be made asynchronous per connection: relaxed commits are
    // durable there (the pooler's own database entry may add connect_query='SET synchronous_commit=off').
    const relaxedPool = pooled
      ? null
      : newPool(options.databaseUrl, 4, '-c jit=off -c synchronous_commit=off', options.onPoolError);
    const directPool = pooled ? newPool(options.directUrl!, 3, '-c jit=off', options.onPoolError) : null;
    if (directPool) sessionPools.set(pool, directPool);
    const relaxed = relaxedPool ? (drizzlePg(relaxedPool, { schema }) as unknown as Db) : db;
    return {
      db,
      relaxed,
      kind: 'postgres',
      pool,
      close: async () => {
        await Promise.all([pool.end(), relaxedPool?.end(), directPool?.end()]);
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
 * a named prepared statement, parsed and planned once per connection (DESIGN §7), except behind a
 * transaction pooler, where the next statement may meet another server connection (unnamed there); on PGlite
 * a plain parameterized query. Works on the database and inside a transaction. Cast results to text, int, boolean
 * or json in the SQL: both drivers then return the same JavaScript types.
 */
export function preparedStatement<T>(name: string, text: string) {
  return async (executor: Pick<Db, 'execute'>, values: unknown[]): Promise<T[]> => {
    const client = driverOf(executor);
    const named = (client instanceof pg.Pool || client instanceof pg.Client) && !pooledConnections.has(client);
    const result = named ? await client.query({ name, text, values }) : await client.query(text, values);
    return result.rows as T[];
  };
}
