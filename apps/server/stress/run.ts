import pg from 'pg';
import type { Milestone } from './driver.js';
import { Router } from './http.js';
import type { Options } from './options.js';
import { createDatabase, serverEnv, ServerProcess, sleep } from './processes.js';

/** The deposit watcher's advisory lock id (apps/server/src/chain/leader-lock.ts). */
const WATCHER_LOCK = 727_002;

export interface Harness {
  databaseUrl: string;
  databaseName: string;
  servers: ServerProcess[];
  router: Router;
  stop(): Promise<void>;
}

/** A fresh database and `options.instances` app processes on it, all started at the same moment. */
export async function startHarness(options: Options): Promise<Harness> {
  const database = await createDatabase(options.databaseUrl, options.directUrl);
  const servers = Array.from(
    { length: options.instances },
    (_, i) => new ServerProcess(i, options.port + i, serverEnv(database), database.name),
  );
  const stop = async () => {
    await Promise.all(servers.map((s) => s.close()));
    if (options.keepDatabase) console.log(`database kept: ${database.directUrl}`);
    else await database.drop();
  };
  // Ctrl-C: the app processes get the same SIGINT and stop; the database is dropped all the same.
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  try {
    for (const server of servers) server.start();
    await Promise.all(servers.map((s) => s.waitReady()));
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(
    `database ${database.name}; app processes on ports ${servers.map((s) => s.port).join(', ')} ` +
      `(logs: ${servers.map((s) => s.logFile).join(', ')})`,
  );
  return {
    // The harness's own checks (locks held, the ledger, the effects) read the server itself, never a pooler.
    databaseUrl: database.directUrl,
    databaseName: database.name,
    servers,
    router: new Router(servers.map((s) => s.url)),
    stop,
  };
}

/**
 * Samples, twice a second, how many sessions hold the watcher's advisory lock in this run's database:
 * never more than one, and one at the end. `stop()` returns the violations seen.
 */
export function watchLeaderLock(databaseUrl: string) {
  const samples: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => undefined);
      try {
        await client.connect();
        const { rows } = await client.query<{ holders: number }>(
          `select count(*)::int as holders from pg_locks
           where locktype = 'advisory' and granted and objid = $1
             and database = (select oid from pg_database where datname = current_database())`,
          [WATCHER_LOCK],
        );
        samples.push(rows[0]!.holders);
      } catch {
        /* PostgreSQL restarting (crash mode) */
      } finally {
        await client.end().catch(() => undefined);
      }
      await sleep(500);
    }
  })();
  return {
    /**
     * Stops sampling. With `settleMs`, first waits (up to that long) for a sample of exactly one holder:
     * after a SIGKILL or a database restart near the end, the new process takes the lock on its next
     * watcher tick, so the last sample alone could catch it in between.
     */
    async stop(settleMs = 0): Promise<{ violations: string[]; note: string }> {
      const deadline = Date.now() + settleMs;
      while (Date.now() < deadline && samples[samples.length - 1] !== 1) await sleep(250);
      running = false;
      await loop;
      const max = Math.max(0, ...samples);
      const last = samples[samples.length - 1];
      const violations: string[] = [];
      if (max > 1) violations.push(`WATCHER: ${max} sessions held the deposit watcher's lock at once`);
      if (last !== 1) violations.push(`WATCHER: ${last ?? 'no'} lock holder(s) at the end, expected exactly 1`);
      const note = `deposit watcher lock holders over ${samples.length} samples: max ${max}, at the end ${last}`;
      return { violations, note };
    },
  };
}

/** With several instances, exactly one may have scanned the chain (svp_deposits_seen_total > 0). */
export async function checkSingleScanner(servers: ServerProcess[]): Promise<{ violations: string[]; note: string }> {
  const seen = await Promise.all(
    servers.map(async (s) => Number(/^svp_deposits_seen_total (\d+)/m.exec(await s.metrics())?.[1] ?? 0)),
  );
  const scanners = seen.filter((n) => n > 0).length;
  const note = `deposits seen per instance (/metrics svp_deposits_seen_total): ${seen.join(', ')}`;
  return { violations: scanners === 1 ? [] : [`WATCHER: ${scanners} instances scanned the chain, expected 1`], note };
}

/**
 * Moves every instance's test clock during the load, so the time-driven paths run too: daily coins
 * and bot upkeep (+1 day), maturity withdrawals (+46 days), stakes ending (+15 days), once more +1 day.
 */
export function clockJumps(
  servers: ServerProcess[],
  total: number,
  whenUp: () => Promise<void> = async () => undefined,
): Milestone[] {
  const plan: [number, number][] = [
    [0.2, 1],
    [0.4, 46],
    [0.6, 15],
    [0.8, 1],
  ];
  return plan.map(([fraction, days]) => ({
    at: Math.floor(total * fraction),
    run: async () => {
      for (let attempt = 1; ; attempt++) {
        await whenUp();
        try {
          await Promise.all(servers.map((s) => s.advanceClock(days)));
          console.log(`  test clock +${days} day(s) (${servers[0]!.clockDays} in all)`);
          return;
        } catch (error) {
          if (attempt >= 20) throw error;
          await sleep(500);
        }
      }
    },
  }));
}
