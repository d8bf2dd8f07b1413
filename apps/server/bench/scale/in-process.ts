/**
 * The measures that are not one HTTP request: a watcher pass over blocks holding 1,000 transfers to
 * deposit addresses (on the simulated chain), and the invariant report. They run in this process, on the
 * real app built over the benchmark database, while no server holds the watcher's leader lock.
 */
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { createClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.js';
import { percentiles, type Figures } from './measures.js';

export const TRANSFERS_PER_PASS = 1_000;
export const WATCHER_PASS = 'watcher pass (1,000 transfers)';
/** The full check reads every entry: the admin overview runs it as a background job and shows its last result. */
export const INVARIANT_CHECK = 'invariant check (full pass: the background job behind the overview)';
const PASSES = Number(process.env.SCALE_WATCHER_PASSES ?? 3);
const INVARIANT_RUNS = Number(process.env.SCALE_INVARIANT_RUNS ?? 3);

/** Appends `count` transfers of 10 USDT to seeded users' deposit addresses, one block each, on the simulated chain. */
async function payToDepositAddresses(databaseUrl: string, users: number, pass: number): Promise<void> {
  // Transaction hashes unique across runs on one database (the plan pass pays again after the measured passes).
  const salt = `${pass}:${Date.now()}`;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `insert into simulated_transfers (tx_hash, to_address, amount_raw, created_at)
       select '0x' || md5('scale-pay' || $4 || ':' || j) || md5('scale-pay2' || $4 || ':' || j), d.address,
         '10000000000000000000', now()
       from generate_series(1, $1::int) as j
       join deposit_addresses d on d.derivation_index = (j * 7919 + $3::int * 104729) % $2::int`,
      [TRANSFERS_PER_PASS, users, pass, salt],
    );
  } finally {
    await db.end();
  }
}

export async function inProcessMeasures(
  databaseUrl: string,
  users: number,
  log: (line: string) => void,
): Promise<{ watcher: Figures; invariants: Figures; invariantsOk: boolean }> {
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    ADMIN_PASSWORD: 'bench-admin-password',
  });
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({
    config,
    db: database.db,
    relaxed: database.relaxed,
    pool: database.pool,
    clock: createClock(),
  });
  try {
    // The first pass sets the cursor where the seeded chain ends; the measured passes each find 1,000 new transfers.
    await app.services.watcher.runOnce();
    const passes: number[] = [];
    let errors = 0;
    for (let pass = 1; pass <= PASSES; pass++) {
      await payToDepositAddresses(databaseUrl, users, pass);
      const started = performance.now();
      const credited = await app.services.watcher.runOnce();
      passes.push(performance.now() - started);
      if (credited !== TRANSFERS_PER_PASS) errors += 1;
      log(`  watcher pass ${pass}: ${credited} credited in ${passes.at(-1)!.toFixed(0)} ms`);
    }
    const runs: number[] = [];
    let invariantsOk = true;
    for (let run = 0; run < INVARIANT_RUNS; run++) {
      const started = performance.now();
      const report = await checkLedgerInvariants(database.db);
      runs.push(performance.now() - started);
      invariantsOk &&= report.ok;
    }
    log(`  invariant report: ${invariantsOk ? 'ok' : 'NOT OK'}, ${runs.map((r) => r.toFixed(0)).join(', ')} ms`);
    return { watcher: percentiles(passes, errors), invariants: percentiles(runs, invariantsOk ? 0 : 1), invariantsOk };
  } finally {
    await app.close();
    await database.close();
  }
}
