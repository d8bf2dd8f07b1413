/**
 * `npm run bench` — DESIGN §7: measures the real server against reference runs on the same machine in
 * the same run, and reports ratios (never absolute timings in tests). Needs PostgreSQL (DATABASE_URL, default
 * the local server, see database-url.ts; a role with CREATEDB) and uses pgbench when installed.
 * Writes the figures to docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API } from '@svp/shared';
import { client, repoRoot, startServer, type BenchUser } from './app-under-test.js';
import { benchDatabaseUrl, connectionKind, databaseUrlFor } from './database-url.js';
import { DURATION, WRITE_CLIENTS, helloWorld, pgbench, primaryKeyGet, type LoadResult } from './references.js';
import { benchReport, LAB_NOTES_MARKER, LOGIN_RATE } from './report.js';
import { benchUsers, dashboardLoad, depositLoad, getLoad, loginLoad, transferLoad } from './scenarios.js';

const baseUrl = benchDatabaseUrl();
/** Users in the leaderboard; the login runs take half each, so no account nears its login limit. */
const USERS = 180;

const dbUrlFor = (name: string) => databaseUrlFor(baseUrl, name);
const fmt = (r: LoadResult) => `${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms${r.errors ? `, ${r.errors} errors` : ''}`;

async function main() {
  const name = `svp_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  for (const suffix of ['', '_pgbench', '_ref']) await admin.query(`create database ${name}${suffix}`);
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startServer(dbUrlFor(name), port);
  const api = client(`http://127.0.0.1:${port}`);
  try {
    console.log(`bench: ${os.cpus().length} cores, ${DURATION}s per run`);
    const hello = await helloWorld();
    console.log(`hello-world: ${fmt(hello)}`);
    const pkGet = await primaryKeyGet(dbUrlFor(`${name}_ref`));
    console.log(`one primary-key query GET: ${fmt(pkGet)}`);

    // Users: the first two move money, the rest fill the leaderboard and sign in during the login runs.
    const users = await benchUsers(api, USERS, 20);
    const [alice, bob] = users as [BenchUser, BenchUser];

    const me = await getLoad(api, API.me, alice);
    console.log(`GET /me: ${fmt(me)}`);
    const dashboard = await dashboardLoad(api, alice);
    console.log(`dashboard snapshot (/me + /rewards + /bot): ${fmt(dashboard)}`);
    const leaderboard = await getLoad(api, API.stakingLeaderboard, alice);
    console.log(`GET leaderboard (${USERS} users): ${fmt(leaderboard)}`);
    const transfer = await transferLoad(api, alice, bob);
    console.log(`POST staking transfer: ${fmt(transfer)}`);
    const deposit = await depositLoad(api, alice);
    console.log(`POST simulated deposit (ledger posting): ${fmt(deposit)}`);

    // DESIGN §7 asks that login *sustain* 60/s without starving other routes: logins are offered at a
    // steady 60/s while GET /me runs flat out beside them, and we read whether login kept up and what
    // /me's p99 was. Then login alone, flat out, for context. Each run signs in its own half of the users.
    const [login, meDuringLogin] = await Promise.all([
      loginLoad(api, users.slice(0, USERS / 2), { overallRate: LOGIN_RATE }),
      getLoad(api, API.me, bob, { connections: 10 }),
    ]);
    console.log(`POST login offered at ${LOGIN_RATE}/s: ${fmt(login)}; GET /me meanwhile: ${fmt(meDuringLogin)}`);
    const loginMax = await loginLoad(api, users.slice(USERS / 2));
    console.log(`POST login alone, flat out: ${fmt(loginMax)}`);

    const tps = pgbench(dbUrlFor(`${name}_pgbench`));
    console.log(`pgbench TPC-B-like (${WRITE_CLIENTS} clients): ${tps ?? 'not installed'} tps`);

    const report = benchReport(
      { hello, pkGet, me, dashboard, leaderboard, transfer, deposit, login, loginMax, meDuringLogin, tps },
      USERS,
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
    for (const suffix of ['', '_pgbench', '_ref'])
      await admin.query(`drop database if exists ${name}${suffix} with (force)`);
    await admin.end();
  }
}

await main();
