/**
 * `npm run bench:scale [-- --users N] [-- --small N] [-- --keep]` — issue #17, growth: seeds a database of
 * `--small` users (default 1,000) and one of `--users` users (default 1,000,000) with set-based SQL, measures
 * the same requests on each (p50/p99 at 8 connections, the real server), and writes the ratios with the
 * EXPLAIN (ANALYZE, BUFFERS) plans taken at the large size to docs/benchmarks-scale.{md,json}. A measure
 * is met when its p50 and p99 at the large size are within 1.5× of the small size's.
 */
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { cpuSecondsOf, startServer } from '../app-under-test.js';
import { seedUsers } from '../seed-users.js';
import { benchDatabaseUrl, databaseUrlFor } from '../database-url.js';
import { INVARIANT_CHECK, inProcessMeasures, OVERVIEW_PASS, WATCHER_PASS } from './in-process.js';
import { httpMeasures, measure, probe, type Figures } from './measures.js';
import { logOffset, planLogging, plansSince } from './plans.js';
import { writeReport, type SizeResult } from './report.js';
import { coldRowsReference } from './reference.js';
import { seed } from './seed.js';
import { measureWrite, seedFor, sendOnce, writeMeasures } from './writes.js';

function flag(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at < 0 ? NaN : Number(process.argv[at + 1]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

const baseUrl = benchDatabaseUrl();
const log = (line: string) => console.log(line);

/** How long a server may take to shut down on SIGTERM before it is killed (its figures are taken by then). */
const SHUTDOWN_MS = 15_000;

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const killer = setTimeout(() => {
    log(`  server ${server.pid} still running ${SHUTDOWN_MS / 1000} s after SIGTERM: killed`);
    server.kill('SIGKILL');
  }, SHUTDOWN_MS);
  await exited;
  clearTimeout(killer);
}

/** A quarter-second in which the server used at most this share of a core counts as quiet. */
const QUIET_SHARE = 0.05;
/** How long a fresh server may take to go quiet before it is measured anyway (and the log says so). */
const SETTLE_LIMIT_MS = 20_000;

/**
 * Waits until a freshly started server has finished what it does on its own at start-up (the watcher's first scan,
 * the ledger check's and the roll-up's first passes, which take longer on a larger database), so that work is not
 * counted in the first measured requests: two quiet quarter-seconds in a row, at most SETTLE_LIMIT_MS.
 */
async function settled(server: ChildProcess, label: string): Promise<void> {
  const started = Date.now();
  let quiet = 0;
  let before = cpuSecondsOf(server.pid!);
  while (quiet < 2 && Date.now() - started < SETTLE_LIMIT_MS) {
    await new Promise((r) => setTimeout(r, 250));
    const now = cpuSecondsOf(server.pid!);
    quiet = now - before <= 0.25 * QUIET_SHARE ? quiet + 1 : 0;
    before = now;
  }
  if (quiet < 2)
    log(`  ${label}: the server was still busy ${SETTLE_LIMIT_MS / 1000} s after it started; measured anyway`);
}

async function runSize(users: number, withPlans: boolean): Promise<SizeResult> {
  const name = `svp_scale_${users}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = databaseUrlFor(baseUrl, name);
  const port = 3800 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  try {
    log(`\n${users.toLocaleString('en')} users (${name})`);
    // The server's own start migrates the database and creates the platform's accounts and first admin.
    await stop(await startServer(url, port));
    const seedStarted = Date.now();
    await seed(url, users, log);
    const seedSeconds = Math.round((Date.now() - seedStarted) / 1000);
    log(`  seeded in ${seedSeconds} s`);

    const figures: Record<string, Figures> = {};
    const { watcher, invariants, overview, invariantsOk } = await inProcessMeasures(url, users, log);
    const reference = await coldRowsReference(url, users, log);

    // A server of its own per measure: a background job one route starts (the leaderboard's re-ranking, the
    // overview's refresh) must not be counted in the next route's figures.
    const onItsOwnServer = async (name: string, run: () => Promise<Figures>) => {
      const server = await startServer(url, port);
      try {
        await settled(server, name);
        figures[name] = await run();
      } finally {
        await stop(server);
      }
      const f = figures[name]!;
      log(
        `  ${name}: p50 ${f.p50} ms, p99 ${f.p99} ms (${f.requests} requests${f.errors ? `, ${f.errors} errors` : ''})`,
      );
    };
    for (const m of httpMeasures(users)) {
      await onItsOwnServer(m.name, async () => measure(base, m, await probe(base, m)));
    }
    for (const m of writeMeasures) {
      const seeded = await seedFor(url, m);
      await onItsOwnServer(m.name, () => measureWrite(base, m, seeded));
    }
    figures[WATCHER_PASS] = watcher;
    figures[INVARIANT_CHECK] = invariants;
    figures[OVERVIEW_PASS] = overview;

    const plans: Record<string, string[]> = {};
    if (withPlans) {
      await planLogging(baseUrl, name, true);
      const server = await startServer(url, port);
      try {
        for (const m of httpMeasures(users)) {
          const offset = logOffset();
          await probe(base, m);
          await new Promise((r) => setTimeout(r, 1_000));
          plans[m.name] = plansSince(offset);
        }
        // One request of each write, by a user seeded for it (the function's inner statements are logged).
        for (const m of writeMeasures) {
          const [user] = await seedUsers(url, m.seed, 1);
          const offset = logOffset();
          const status = await sendOnce(base, m, user!);
          if (status >= 300) log(`  ${m.name}: the plan request answered ${status}`);
          await new Promise((r) => setTimeout(r, 1_000));
          plans[m.name] = plansSince(offset);
        }
      } finally {
        await stop(server);
      }
      const offset = logOffset();
      await inProcessMeasures(url, users, () => {}, 1);
      const inProcess = plansSince(offset);
      const overviewStatement = /platform_counts|platform_accounts|from withdrawals where status/;
      plans[WATCHER_PASS] = inProcess.filter((p) => !/ledger_check/.test(p) && !overviewStatement.test(p));
      plans[INVARIANT_CHECK] = inProcess.filter((p) => /ledger_check/.test(p));
      plans[OVERVIEW_PASS] = inProcess.filter((p) => !/ledger_check/.test(p) && overviewStatement.test(p));
      await planLogging(baseUrl, name, false);
    }
    return { users, seedSeconds, figures, plans, invariantsOk, reference };
  } finally {
    if (!process.argv.includes('--keep')) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function main() {
  const large = flag('users', 1_000_000);
  const small = flag('small', 1_000);
  // What PostgreSQL may cache decides what a random read costs at a million users: the report names it.
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const sharedBuffers = (await admin.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]!.shared_buffers;
  await admin.end();
  log(
    `bench:scale: ${os.cpus().length} cores, shared_buffers ${sharedBuffers}, ${small.toLocaleString('en')} vs ${large.toLocaleString('en')} users`,
  );
  const smallResult = await runSize(small, false);
  const largeResult = await runSize(large, true);
  const table = writeReport(smallResult, largeResult, { cores: os.cpus().length, sharedBuffers });
  log('\n' + table);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
