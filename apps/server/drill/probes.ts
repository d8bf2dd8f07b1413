import pg from 'pg';
import type { Driver } from '../stress/driver.js';
import { waitFor } from './daemon.js';

/* What the failover drill does to and reads from the cluster while the load runs. */

/** `concurrency` workers running the stress scenarios until stopped (the stress runner stops at an op count). */
export function startLoad(driver: Driver, concurrency: number, scenario: () => Promise<void>) {
  let running = true;
  const errors: string[] = [];
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) await scenario().catch((error: unknown) => void errors.push(`LOAD: ${String(error)}`));
  });
  const started = Date.now();
  return {
    errors,
    async stop(): Promise<number> {
      running = false;
      await Promise.all(workers);
      await driver.settle();
      return Date.now() - started;
    },
  };
}

/** Waits until HAProxy hands out a connection to a writable primary; returns the ms since `since`. */
export async function waitWritablePrimary(url: string, since: number, limitMs: number): Promise<number> {
  await waitFor('a writable primary behind HAProxy', limitMs, async () => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ writable: boolean }>('select not pg_is_in_recovery() as writable');
      return rows[0]!.writable;
    } finally {
      await client.end().catch(() => undefined);
    }
  });
  return Date.now() - since;
}

/** The `value` column of a one-row query, on a connection of its own. */
export async function queryOne<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ value: T }>(text);
    return rows[0]!.value;
  } finally {
    await client.end();
  }
}

/** Ledger transactions on a node: the standby must hold every one the primary has once it caught up. */
export const ledgerCount = (url: string) =>
  queryOne<number>(url, 'select count(*)::int as value from ledger_transactions');
