import pg from 'pg';
import type { Database } from '../src/db/client.js';

/**
 * Counts the statements a database client sends, each one a round trip to the database (BEGIN and COMMIT
 * included): on PostgreSQL every `query` of a node-postgres client (pools and transactions go through it), on
 * PGlite every statement its one connection runs (`query`, `exec`, and a transaction's own BEGIN/COMMIT all
 * pass through `_runExclusiveQuery`). A counter that misses statements would let any test pass, so callers
 * check it first on a statement and a transaction of known cost (see `expectCounterWorks`).
 */
export interface RoundTripCounter {
  /** Round trips sent while `work` ran. Nothing else may use the database meanwhile. */
  count(work: () => Promise<unknown>): Promise<number>;
  restore(): void;
}

type Patchable = Record<string, (...args: unknown[]) => unknown>;

export function countRoundTrips(database: Database): RoundTripCounter {
  let counted = 0;
  const [target, method] =
    database.kind === 'postgres'
      ? [pg.Client.prototype as unknown as Patchable, 'query']
      : [pgliteOf(database), '_runExclusiveQuery'];
  const original = target[method];
  if (typeof original !== 'function') throw new Error(`no ${method} to count round trips with`);
  target[method] = function (this: unknown, ...args: unknown[]) {
    counted += 1;
    return original.apply(this, args);
  };
  return {
    async count(work) {
      const before = counted;
      await work();
      return counted - before;
    },
    restore() {
      target[method] = original;
    },
  };
}

/** Round trips `work` sends, with the counter removed again afterwards, whatever `work` does. */
export async function roundTripsOf(database: Database, work: () => Promise<unknown>): Promise<number> {
  const counter = countRoundTrips(database);
  try {
    return await counter.count(work);
  } finally {
    counter.restore();
  }
}

function pgliteOf(database: Database): Patchable {
  // drizzle keeps the driver's client on its session (the same path db/client.ts's preparedStatement takes).
  const client = (database.db as unknown as { session?: { client?: Patchable } }).session?.client;
  if (!client) throw new Error('no PGlite client under the drizzle database');
  return client;
}
