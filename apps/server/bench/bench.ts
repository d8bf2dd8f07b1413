/**
 * `npm run bench` — DESIGN §7: measures the real server against reference runs on the same machine in
 * the same run, and reports ratios (never absolute timings in tests). Needs PostgreSQL (DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres, role with CREATEDB) and uses pgbench when installed.
 * Writes the figures to docs/benchmarks.md.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { API, API_PREFIX, CSRF_COOKIE, CSRF_HEADER } from '@svp/shared';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 50;
const WRITE_CLIENTS = 8;

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function helloWorld() {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const result = await load(`http://127.0.0.1:${port}/`);
  await app.close();
  return result;
}

function pgbench(dbUrl: string): number | null {
  try {
    execFileSync('pgbench', ['-i', '-s', '1', '-q', dbUrl], { stdio: 'ignore' });
    const out = execFileSync('pgbench', [
      '-c',
      String(WRITE_CLIENTS),
      '-j',
      '2',
      '-T',
      String(DURATION),
      dbUrl,
    ]).toString();
    const match = /tps = ([\d.]+)/.exec(out);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

async function startServer(dbUrl: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

/** Registers and signs in a user; returns the cookie header and CSRF token a browser would send. */
async function session(base: string) {
  const csrf = ((await (await fetch(`${base}${API_PREFIX}${API.csrf}`)).json()) as { csrfToken: string }).csrfToken;
  const headers = { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf };
  const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
  const body = { email, password: 'bench-password-1', walletAddress: '0x' + 'ab'.repeat(20) };
  await fetch(`${base}${API_PREFIX}${API.register}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const res = await fetch(`${base}${API_PREFIX}${API.login}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const sessionCookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  return { cookie: `${headers.cookie}; ${sessionCookie}`, csrf };
}

async function main() {
  const name = `svp_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.query(`create database ${name}_pgbench`);
  const dbUrl = Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
  const pgbenchUrl = Object.assign(new URL(baseUrl), { pathname: `/${name}_pgbench` }).toString();
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startServer(dbUrl, port);
  const base = `http://127.0.0.1:${port}`;
  try {
    console.log(`bench: ${os.cpus().length} cores, ${DURATION}s per run`);
    const hello = await helloWorld();
    console.log(`hello-world: ${hello.rps.toFixed(0)} req/s`);
    const user = await session(base);
    const me = await load(`${base}${API_PREFIX}${API.me}`, { headers: { cookie: user.cookie } });
    console.log(`GET /me: ${me.rps.toFixed(0)} req/s, p99 ${me.p99} ms, errors ${me.errors}`);
    // A ledger posting endpoint: a simulated deposit (chain row + scan + balanced posting) per request.
    const address = (
      (await (
        await fetch(`${base}${API_PREFIX}${API.topup}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: user.cookie, [CSRF_HEADER]: user.csrf },
          body: JSON.stringify({ amount: '10' }),
        })
      ).json()) as { walletAddress: string }
    ).walletAddress;
    const deposit = await load(`${base}${API_PREFIX}${API.devChainPay}`, {
      connections: WRITE_CLIENTS,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie, [CSRF_HEADER]: user.csrf },
      body: JSON.stringify({ to: address, amount: '1' }),
    });
    console.log(`POST deposit (ledger posting): ${deposit.rps.toFixed(0)} req/s, errors ${deposit.errors}`);
    const tps = pgbench(pgbenchUrl);
    console.log(`pgbench TPC-B-like (${WRITE_CLIENTS} clients): ${tps ?? 'not installed'} tps`);

    const meRatio = me.rps / hello.rps;
    const depositRatio = tps ? deposit.rps / tps : null;
    const rows = [
      ['GET /api/v1/me ÷ bare Fastify hello-world', meRatio.toFixed(3), '≥ 0.25', meRatio >= 0.25 ? 'met' : 'NOT met'],
      ['GET /api/v1/me p99 at 50 connections', `${me.p99} ms`, '≤ 50 ms', me.p99 <= 50 ? 'met' : 'NOT met'],
      [
        `deposit posting ÷ pgbench TPC-B-like (${WRITE_CLIENTS} clients)`,
        depositRatio === null ? 'n/a' : depositRatio.toFixed(3),
        '≥ 0.7 (budget is for the fund transfer of issue #4)',
        depositRatio === null ? 'n/a' : depositRatio >= 0.7 ? 'met' : 'NOT met',
      ],
    ];
    const md = [
      '# Benchmarks',
      '',
      `Latest \`npm run bench\`: ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ${DURATION} s per run, PostgreSQL via DATABASE_URL.`,
      '',
      '| measure | reference | result |',
      '| --- | --- | --- |',
      `| bare Fastify hello-world | — | ${hello.rps.toFixed(0)} req/s |`,
      `| GET /api/v1/me (50 connections) | — | ${me.rps.toFixed(0)} req/s, p99 ${me.p99} ms |`,
      `| simulated deposit with ledger posting (${WRITE_CLIENTS} connections) | — | ${deposit.rps.toFixed(0)} req/s |`,
      `| pgbench TPC-B-like (${WRITE_CLIENTS} clients) | — | ${tps ?? 'n/a'} tps |`,
      '',
      '| ratio | value | budget (DESIGN §7) | status |',
      '| --- | --- | --- | --- |',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
      '',
    ].join('\n');
    writeFileSync(path.join(repoRoot, 'docs/benchmarks.md'), md);
    console.log('\n' + md);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`drop database if exists ${name}_pgbench with (force)`);
    await admin.end();
  }
}

await main();
