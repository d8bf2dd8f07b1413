/**
 * `npm run bench` — DESIGN §7: measures the real server against reference runs on the same machine in
 * the same run, and reports ratios (never absolute timings in tests). Needs PostgreSQL (DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres, role with CREATEDB) and uses pgbench when installed.
 * Writes the figures to docs/benchmarks.md.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API, IDEMPOTENCY_HEADER } from '@svp/shared';
import { client, repoRoot, startServer, writeHeaders, PASSWORD, type BenchUser } from './app-under-test.js';
import { DURATION, WRITE_CLIENTS, helloWorld, load, pgbench, primaryKeyGet, type LoadResult } from './references.js';
import { benchReport, LOGIN_RATE } from './report.js';

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Users in the leaderboard; the login runs take half each, so no account nears its login limit. */
const USERS = 180;

const dbUrlFor = (name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
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

    // Users: the first two move money, the rest fill the leaderboard and sign in during the login run.
    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i++) users.push(await api.register(i));
    const [alice, bob] = users as [BenchUser, BenchUser];
    for (const u of users.slice(0, 20)) {
      const request = await api.post(u, API.topup, { amount: '500' });
      await api.post(u, API.topupTestPayment, { requestId: request.requestId });
      await api.post(u, API.stakingConvert, { direction: 'toFund', amount: '400' });
      await api.post(u, API.stakingBuy, { amount: '50' });
      await api.post(u, API.stakingStake, { tokens: String(1_000_000 + users.indexOf(u) * 10_000) });
    }

    const me = await load(api.url(API.me), { headers: { cookie: alice.cookie } });
    console.log(`GET /me: ${fmt(me)}`);
    // The dashboard's first paint asks for these three (features/dashboard, rewards, bot).
    const dashboard = await load(api.url(API.me), {
      headers: { cookie: alice.cookie },
      requests: [{ path: `/api/v1${API.me}` }, { path: `/api/v1${API.rewards}` }, { path: `/api/v1${API.bot}` }],
    });
    console.log(`dashboard snapshot (/me + /rewards + /bot): ${fmt(dashboard)}`);
    const leaderboard = await load(api.url(API.stakingLeaderboard), { headers: { cookie: alice.cookie } });
    console.log(`GET leaderboard (${USERS} users): ${fmt(leaderboard)}`);

    // Each transfer carries its own Idempotency-Key, as the web client sends one with every POST: the
    // key's claim, commit mark and stored answer are part of what a user's transfer costs.
    const transfer = await load(api.url(API.stakingTransfer), {
      connections: WRITE_CLIENTS,
      method: 'POST',
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: { ...writeHeaders(alice), [IDEMPOTENCY_HEADER]: randomUUID() },
            body: JSON.stringify({ recipient: bob.username, amount: '0.01' }),
          }),
        },
      ],
    });
    console.log(`POST staking transfer: ${fmt(transfer)}`);

    const { walletAddress } = await api.post(alice, API.topup, { amount: '10' });
    const deposit = await load(api.url(API.devChainPay), {
      connections: WRITE_CLIENTS,
      method: 'POST',
      headers: writeHeaders(alice),
      body: JSON.stringify({ to: walletAddress, amount: '1' }),
    });
    console.log(`POST simulated deposit (ledger posting): ${fmt(deposit)}`);

    // Logins with a real argon2id check, each from its own address and rotating over accounts so the
    // per-IP and per-account limits stay out of the way. DESIGN §7 asks that login *sustain* 60/s without
    // starving other routes: logins are offered at a steady 60/s while GET /me runs flat out beside them,
    // and we read whether login kept up and what /me's p99 was. Then login alone, flat out, for context.
    const loginRun = (accounts: BenchUser[], options: Partial<Parameters<typeof load>[1]>) => {
      let n = 0;
      return load(api.url(API.login), {
        connections: WRITE_CLIENTS,
        method: 'POST',
        ...options,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const u = accounts[n % accounts.length]!;
              n++;
              return {
                ...req,
                headers: { ...loginHeaders, 'x-forwarded-for': `10.7.${(n >> 8) & 255}.${n & 255}` },
                body: JSON.stringify({ email: u.email, password: PASSWORD }),
              };
            },
          },
        ],
      });
    };
    const { headers: loginHeaders } = await api.csrfPair('10.8.0.1');
    const [login, meDuringLogin] = await Promise.all([
      loginRun(users.slice(0, USERS / 2), { overallRate: LOGIN_RATE }),
      load(api.url(API.me), { connections: 10, headers: { cookie: bob.cookie } }),
    ]);
    console.log(`POST login offered at ${LOGIN_RATE}/s: ${fmt(login)}; GET /me meanwhile: ${fmt(meDuringLogin)}`);
    const loginMax = await loginRun(users.slice(USERS / 2), {});
    console.log(`POST login alone, flat out: ${fmt(loginMax)}`);

    const tps = pgbench(dbUrlFor(`${name}_pgbench`));
    console.log(`pgbench TPC-B-like (${WRITE_CLIENTS} clients): ${tps ?? 'not installed'} tps`);

    const report = benchReport(
      { hello, pkGet, me, dashboard, leaderboard, transfer, deposit, login, loginMax, meDuringLogin, tps },
      USERS,
    );
    writeFileSync(path.join(repoRoot, 'docs/benchmarks.md'), report);
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
