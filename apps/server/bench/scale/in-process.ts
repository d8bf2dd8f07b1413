/**
 * The measures that are not one HTTP request: a watcher pass over blocks holding 1,000 transfers to
 * deposit addresses (on the simulated chain), and the ledger check's pass over what that watcher pass posted.
 * They run in this process, on the real app built over the benchmark database, while no server holds the
 * watcher's leader lock.
 */
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { createClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { percentiles, type Figures } from './measures.js';

export const TRANSFERS_PER_PASS = 1_000;
export const WATCHER_PASS = 'watcher pass (1,000 transfers)';
/** The incremental check (migration 0025) after each watcher pass: it checks what that pass posted. */
export const OVERVIEW_PASS = 'admin overview, computed (its background pass)';
export const INVARIANT_CHECK = 'invariant check (incremental pass over a watcher pass: 1,000 new transactions)';
/** Measured watcher passes a size: at a million users each pays 1,000 never paid before; more steady the ratio. */
export const WATCHER_PASSES = Number(process.env.SCALE_WATCHER_PASSES ?? 5);
/** The overview's background pass, computed this many times a size after the watcher's passes. */
const OVERVIEW_PASSES = 5;

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

/** Where PostgreSQL's WAL ends now: a pass's WAL is the difference (exact, unlike the statistics views, which
 *  backends flush up to seconds later), and `pg_waldump --start A --end B --stats` tells what it holds. */
async function walNow(pool: pg.Pool): Promise<string> {
  return (await pool.query<{ lsn: string }>('select pg_current_wal_insert_lsn() as lsn')).rows[0]!.lsn;
}

async function walKiBPerTransfer(pool: pg.Pool, from: string): Promise<string> {
  const { rows } = await pool.query<{ bytes: string; lsn: string }>(
    'select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), $1) as bytes, pg_current_wal_insert_lsn() as lsn',
    [from],
  );
  return `${(Number(rows[0]!.bytes) / 1024 / TRANSFERS_PER_PASS).toFixed(1)} KiB WAL a transfer (${from} to ${rows[0]!.lsn})`;
}

export async function inProcessMeasures(
  databaseUrl: string,
  users: number,
  log: (line: string) => void,
  passes = WATCHER_PASSES,
): Promise<{ watcher: Figures; invariants: Figures; overview: Figures; invariantsOk: boolean }> {
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
    // The check catches up with the seeded ledger once, as it would after its migration: not measured.
    const catchUpStarted = performance.now();
    const seededTaken = await app.services.ledgerCheck.runOnce();
    log(
      `  ledger check caught up: ${seededTaken} transaction ids in ${(performance.now() - catchUpStarted).toFixed(0)} ms`,
    );
    // The catch-up updated every account with entries once (its verified totals, ADR 0033): autovacuum and the
    // checkpointer would clean up after it during the measured passes. Done now, unmeasured, as `npm run bench`
    // settles its database before each write run.
    const settleStarted = performance.now();
    await database.pool!.query('vacuum analyze');
    await database.pool!.query('checkpoint');
    log(
      `  settled after the catch-up (vacuum analyze, checkpoint) in ${(performance.now() - settleStarted).toFixed(0)} ms`,
    );
    // The first pass sets the cursor where the seeded chain ends; the measured passes each find 1,000 new transfers.
    await app.services.watcher.runOnce();
    await app.services.ledgerCheck.runOnce();
    const timings: number[] = [];
    const checks: number[] = [];
    let errors = 0;
    for (let pass = 1; pass <= passes; pass++) {
      await payToDepositAddresses(databaseUrl, users, pass);
      const walFrom = await walNow(database.pool!);
      let started = performance.now();
      const credited = await app.services.watcher.runOnce();
      timings.push(performance.now() - started);
      const wal = await walKiBPerTransfer(database.pool!, walFrom);
      if (credited !== TRANSFERS_PER_PASS) errors += 1;
      // As every server does each second: the platform accounts' queue is rolled up (ADR 0030).
      await app.services.platformRollUp.runOnce();
      started = performance.now();
      const checked = await app.services.ledgerCheck.runOnce();
      checks.push(performance.now() - started);
      log(
        `  watcher pass ${pass}: ${credited} credited in ${timings.at(-1)!.toFixed(0)} ms, ${wal}; ledger check: ${checked} ids in ${checks.at(-1)!.toFixed(0)} ms`,
      );
    }
    // Context, not a measure: the last pass's users paid again, their rows and index pages now cached. It tells
    // what a pass costs apart from the first touch of never-read rows since the seed (lab notes, ninth round).
    await payToDepositAddresses(databaseUrl, users, passes);
    const walFrom = await walNow(database.pool!);
    let started = performance.now();
    const again = await app.services.watcher.runOnce();
    const revisit = performance.now() - started;
    const wal = await walKiBPerTransfer(database.pool!, walFrom);
    await app.services.platformRollUp.runOnce();
    started = performance.now();
    await app.services.ledgerCheck.runOnce();
    log(
      `  watcher pass revisiting pass ${passes}'s users (context): ${again} credited in ${revisit.toFixed(0)} ms, ${wal}; ledger check: ${(performance.now() - started).toFixed(0)} ms`,
    );
    // The overview's background pass, computed as its job does: counts, the check brought up to date, solvency.
    const overviews: number[] = [];
    for (let pass = 1; pass <= OVERVIEW_PASSES; pass++) {
      started = performance.now();
      await app.services.adminReports.overviewNow();
      overviews.push(performance.now() - started);
    }
    log(`  admin overview computed: ${overviews.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    const report = await app.services.ledgerCheck.report();
    const invariantsOk = report.ok;
    log(`  ledger check: ${invariantsOk ? 'ok' : `NOT OK: ${report.problems.slice(0, 5).join('; ')}`}`);
    return {
      watcher: percentiles(timings, errors),
      invariants: percentiles(checks, invariantsOk ? 0 : 1),
      overview: percentiles(overviews, 0),
      invariantsOk,
    };
  } finally {
    await app.close();
    await database.close();
  }
}
