/**
 * `npm run bench` — DESIGN §7: measures the real server against reference runs on the same machine in the
 * same run, each subject between two runs of its reference (reference, subject, reference), and reports every
 * budget as met or not (never absolute timings in tests). Needs PostgreSQL (DATABASE_URL, default the local
 * server, see database-url.ts; a role with CREATEDB) and pgbench. BENCH_SECONDS sets each run's length
 * (default 5: about two minutes in all). Writes the figures to docs/benchmarks.md, above its lab notes.
 * `npm run bench -- me` measures GET /me's budgets only and prints them (me-runs.ts).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API } from '@svp/shared';
import { client, repoRoot, sessionTokenHash, startServer, withTempFile, type BenchUser } from './app-under-test.js';
import { budgetsElsewhere } from './budgets-elsewhere.js';
import { benchDatabaseUrl, connectionKind, databaseUrlFor } from './database-url.js';
import {
  CONNECTIONS,
  DURATION,
  WRITE_CLIENTS,
  helloWorld,
  investStatementPost,
  pgbench,
  pgbenchInit,
  transferStatementPgbench,
  transferStatementPost,
  withdrawStatementPgbench,
  withdrawStatementPost,
  type LoadResult,
} from './references.js';
import {
  benchReport,
  LAB_NOTES_MARKER,
  LOGIN_RATE,
  WRITE_BUDGETS,
  type Interleaved,
  type Measure,
  type WriteName,
} from './report.js';
import {
  benchUsers,
  dashboardLoad,
  depositBacklogLoad,
  depositLoad,
  getLoad,
  investLoad,
  loginLoad,
  transferLoad,
  transferPairs,
  withdrawLoad,
} from './scenarios.js';
import { seedCount, seedUsers } from './seed-users.js';
import { meOnly, meRuns } from './me-runs.js';

const baseUrl = benchDatabaseUrl();
/** Users in the leaderboard; the login runs take half each, so no account nears its login limit. */
const USERS = 180;
/** Connections offering the logins at LOGIN_RATE: room for 60 a second at half a second each. */
const LOGIN_CONNECTIONS = 32;

const dbUrlFor = (name: string) => databaseUrlFor(baseUrl, name);
/** Runs `load` with a temporary file listing `users`' session hashes, one a line (a floor's users, each used once). */
const withHashesFile = (users: BenchUser[], load: (file: string) => Promise<LoadResult>): Promise<LoadResult> =>
  withTempFile(users.map(sessionTokenHash).join('\n'), load);

const fmt = (r: LoadResult, unit: Measure['unit'] = 'req/s') =>
  `${r.rps.toFixed(0)} ${unit}${Number.isNaN(r.p99) ? '' : `, p99 ${r.p99} ms`}${r.errors ? `, ${r.errors} errors` : ''}`;

async function main() {
  const name = `svp_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const databases = ['', '_pgbench', '_ref'].map((suffix) => `${name}${suffix}`);
  for (const db of databases) await admin.query(`create database ${db}`);
  const dropDatabases = async () => {
    for (const db of databases) await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
  };
  const port = 3900 + Math.floor(Math.random() * 90);
  // A server that does not start must not leave the databases behind.
  const server = await startServer(dbUrlFor(name), port).catch(async (error: unknown) => {
    await dropDatabases();
    throw error;
  });
  const api = client(`http://127.0.0.1:${port}`);
  const measures: Measure[] = [];
  async function run(label: string, load: () => Promise<LoadResult>, unit?: Measure['unit']): Promise<LoadResult> {
    const result = await load();
    measures.push({ label, result, unit });
    console.log(`${label}: ${fmt(result, unit)}`);
    return result;
  }
  const pgbenchUrl = dbUrlFor(`${name}_pgbench`);
  async function pgbenchRun(before: string): Promise<number | null> {
    await settle();
    const tps = pgbench(pgbenchUrl);
    const label = `reference: pgbench TPC-B-like (${WRITE_CLIENTS} clients), ${before}`;
    measures.push({ label, result: tps === null ? null : { rps: tps, p99: NaN, errors: 0 }, unit: 'tps' });
    console.log(`${label}: ${tps === null ? 'failed or not installed' : `${tps.toFixed(0)} tps`}`);
    return tps;
  }
  /**
   * After a write run the database has dead rows and dirty pages: autovacuum and the checkpointer would take
   * their CPU from whatever runs next (the logins and /me beside them both got ~40 % less right after the write
   * runs than on a quiet database, and a pgbench reference after an investment run 40 % less than before it).
   * Do that work now, unmeasured, so every run starts as the first did.
   */
  async function settle() {
    const db = new pg.Client({ connectionString: dbUrlFor(name) });
    await db.connect();
    try {
      await db.query('vacuum analyze');
    } finally {
      await db.end();
    }
    await admin.query('checkpoint');
  }
  /** `run` on a settled database: the write runs and their floors (the pgbench references settle themselves). */
  async function settledRun(label: string, load: () => Promise<LoadResult>, unit?: Measure['unit']) {
    await settle();
    return run(label, load, unit);
  }
  try {
    console.log(`bench: ${os.cpus().length} cores, ${DURATION}s per run`);
    const hello = await run(`context: bare Fastify hello-world (${CONNECTIONS} connections)`, helloWorld);

    // Users: the first twenty have money (the first sixteen the transfers' pairs, the first two the hottest pair),
    // the rest fill the leaderboard and sign in during the login runs.
    const users = await benchUsers(api, USERS, 20);
    const [alice, bob] = users as [BenchUser, BenchUser];
    const pairs = transferPairs(users);
    // The statement floors pay the same pairs' money back the other way, so the senders' balances stay put.
    const payBack = pairs.map(([from, to]) => ({ tokenHash: sessionTokenHash(to), recipient: from.username }));
    const payForward = pairs.map(([from, to]) => ({ tokenHash: sessionTokenHash(from), recipient: to.username }));

    const me = await meRuns(run, api, alice, dbUrlFor(name), dbUrlFor(`${name}_ref`));

    await run(`context: dashboard first screen, /me + /config in turn (${CONNECTIONS} connections)`, () =>
      dashboardLoad(api, alice),
    );
    await run(`context: GET /api/v1/staking/leaderboard, ${USERS} users (${CONNECTIONS} connections)`, () =>
      getLoad(api, API.stakingLeaderboard, alice),
    );

    // One active plan per user: each investment and each withdrawal request needs a user of its own.
    const seedStart = Date.now();
    const investors = await seedUsers(dbUrlFor(name), 'investor', seedCount(DURATION));
    const holders = await seedUsers(dbUrlFor(name), 'matured-plan', seedCount(DURATION));
    const floorInvestors = await seedUsers(dbUrlFor(name), 'investor', seedCount(DURATION));
    const floorHolders = await seedUsers(dbUrlFor(name), 'matured-plan', seedCount(DURATION));
    const aloneHolders = await seedUsers(dbUrlFor(name), 'matured-plan', seedCount(DURATION));
    const seedSeconds = ((Date.now() - seedStart) / 1000).toFixed(1);
    console.log(
      `seeded ${investors.length} + ${floorInvestors.length} investors and ${holders.length} + ${floorHolders.length} + ${aloneHolders.length} matured plans in ${seedSeconds} s`,
    );

    // pgbench, transfer, pgbench, investment, pgbench, …: each money operation between two pgbench runs.
    const key = 'a fresh Idempotency-Key each';
    const clients = `(${WRITE_CLIENTS} connections)`;
    const subjects: Record<WriteName, [string, () => Promise<LoadResult>]> = {
      transfer: [
        `POST /api/v1/staking/transfer, each connection its own sender and recipient, ${key} ${clients}`,
        () => transferLoad(api, pairs),
      ],
      invest: [`POST /api/v1/investments, a fresh investor and ${key} ${clients}`, () => investLoad(api, investors)],
      withdraw: [
        `POST /api/v1/withdrawals (maturity), a fresh matured plan and ${key} ${clients}`,
        () => withdrawLoad(api, holders),
      ],
      deposit: [
        'deposits credited by the watcher, 2,000 simulated transfers to 20 addresses at a time',
        () => depositBacklogLoad(api, dbUrlFor(name), users.slice(2, 22)),
      ],
    };
    if (!pgbenchInit(pgbenchUrl)) console.warn('pgbench is not installed or failed: no write ratios');
    const writes = {} as Record<WriteName, Interleaved>;
    let transferFloor: LoadResult | undefined;
    let transferStatementAlone: LoadResult | null = null;
    let transferHotPair: LoadResult | undefined;
    let investFloor: LoadResult | undefined;
    let withdrawFloor: LoadResult | undefined;
    let withdrawStatementAlone: LoadResult | null = null;
    // Every run, subject, floor or reference, starts on a settled database (settle()).
    let before = await pgbenchRun(`before the ${WRITE_BUDGETS.transfer.label}`);
    const names = Object.keys(subjects) as WriteName[];
    for (const [i, write] of names.entries()) {
      const [label, load] = subjects[write];
      const subject = await settledRun(label, load, WRITE_BUDGETS[write].unit);
      // The floors under a transfer and the hottest pair, between the same two pgbench runs.
      if (write === 'transfer') {
        transferFloor = await settledRun(
          `context: bare Fastify POST running a transfer's own statement (api_user_posting), the same pairs, ${key} ${clients}`,
          () => transferStatementPost(dbUrlFor(name), payBack),
        );
        await settle();
        const tps = await transferStatementPgbench(dbUrlFor(name), payForward);
        transferStatementAlone = tps === null ? null : { rps: tps, p99: NaN, errors: 0 };
        const label = `context: a transfer's own statement alone, the same pairs, from pgbench's client (${WRITE_CLIENTS} clients, no HTTP)`;
        measures.push({ label, result: transferStatementAlone, unit: 'tps' });
        console.log(`${label}: ${tps === null ? 'failed' : `${tps.toFixed(0)} tps`}`);
        transferHotPair = await settledRun(
          `context: POST /api/v1/staking/transfer, one sender and one recipient on every connection (the hottest rows there are) ${clients}`,
          () => transferLoad(api, [[alice, bob]]),
        );
      }
      if (write === 'invest') {
        investFloor = await settledRun(
          `context: bare Fastify POST running an investment's own statement (api_invest), ${key} ${clients}`,
          () => withHashesFile(floorInvestors, (file) => investStatementPost(dbUrlFor(name), file)),
        );
      }
      if (write === 'withdraw') {
        withdrawFloor = await settledRun(
          `context: bare Fastify POST running a withdrawal request's statement, a fresh matured plan each ${clients}`,
          () => withHashesFile(floorHolders, (file) => withdrawStatementPost(dbUrlFor(name), file)),
        );
        await settle();
        const tps = await withdrawStatementPgbench(dbUrlFor(name), aloneHolders.map(sessionTokenHash));
        withdrawStatementAlone = tps === null ? null : { rps: tps, p99: NaN, errors: 0 };
        const label = `context: a withdrawal request's own statement alone, a fresh matured plan each, from pgbench's client (${WRITE_CLIENTS} clients, no HTTP)`;
        measures.push({ label, result: withdrawStatementAlone, unit: 'tps' });
        console.log(`${label}: ${tps === null ? 'failed' : `${tps.toFixed(0)} tps`}`);
      }
      const next = names[i + 1];
      const after = await pgbenchRun(
        `after the ${WRITE_BUDGETS[write].label}${next ? ` and before the ${WRITE_BUDGETS[next].label}` : ''}`,
      );
      writes[write] = { subject, references: [before, after] };
      before = after;
    }

    await run(`context: POST /api/v1/dev/chain/pay, a simulated deposit and a scan per request ${clients}`, () =>
      depositLoad(api, alice),
    );

    await settle();
    // DESIGN §7 asks that login *sustain* 60/s without starving other routes: logins are offered at a
    // steady 60/s while GET /me runs flat out beside them, and we read whether login kept up and what
    // /me's p99 was. Then login alone, flat out, for context. Each run signs in its own half of the users.
    const [login, meDuringLogin] = await Promise.all([
      // Open loop: enough connections that the rate, not the client, sets the pace (sixty people signing in a
      // second each bring their own connection; eight would cap it at 8 ÷ the latency under /me's load).
      loginLoad(api, users.slice(0, USERS / 2), { overallRate: LOGIN_RATE, connections: LOGIN_CONNECTIONS }),
      getLoad(api, API.me, bob, { connections: 10 }),
    ]);
    for (const [label, result] of [
      [`POST /api/v1/auth/login offered at ${LOGIN_RATE}/s (${LOGIN_CONNECTIONS} connections)`, login],
      ['GET /api/v1/me beside those logins (10 connections)', meDuringLogin],
    ] as const) {
      measures.push({ label, result });
      console.log(`${label}: ${fmt(result)}`);
    }
    await run(`context: POST /api/v1/auth/login alone, flat out (${WRITE_CLIENTS} connections)`, () =>
      loginLoad(api, users.slice(USERS / 2)),
    );

    const report = benchReport(
      {
        measures,
        hello,
        me,
        writes,
        transferFloor: transferFloor!,
        transferStatementAlone,
        transferHotPair: transferHotPair!,
        investFloor: investFloor!,
        withdrawFloor: withdrawFloor!,
        withdrawStatementAlone,
        login,
        meDuringLogin,
        elsewhere: budgetsElsewhere(),
      },
      connectionKind(baseUrl),
    );
    // The figures are rewritten; the hand-written lab notes after the marker are kept.
    const file = path.join(repoRoot, 'docs/benchmarks.md');
    const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const notes = previous.indexOf(LAB_NOTES_MARKER);
    writeFileSync(file, notes < 0 ? report : `${report.trimEnd()}\n\n${previous.slice(notes)}`);
    console.log('\n' + report);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await dropDatabases();
  }
}

// `npm run bench -- me`: GET /me's budgets alone (me-runs.ts).
await (process.argv[2] === 'me' ? meOnly() : main());
