/**
 * `npm run bench:profile -- <scenario|/api/v1/any/get/path> [seconds]` (scenarios: see `scenarios` below) — runs one bench load
 * against the real server started with `--cpu-prof`, then prints where the server's CPU went: self time
 * by package or source file, and the hottest functions. For finding what to fix, not for figures.
 * `me-statement` profiles /me's own statement behind a bare route (reference-server.ts) under /me's load instead
 * of the app: the two reports side by side say what the app costs around the statement.
 */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API } from '@svp/shared';
import { benchDatabaseUrl, databaseUrlFor } from './database-url.js';
import { client, cpuSecondsOf, sessionTokenHash, startServer, type BenchUser } from './app-under-test.js';
import { load, WRITE_CLIENTS, type LoadResult } from './references.js';
import { LOGIN_RATE } from './report.js';
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

const scenario = process.argv[2] ?? 'me';
const seconds = Number(process.argv[3] ?? 10);
const baseUrl = benchDatabaseUrl();

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * CPU seconds used so far by the server, each PostgreSQL process (by pid: a backend that exits during the
 * load must not subtract its whole life from the sum) and this process (Linux /proc).
 */
function cpuTimes(serverPid: number) {
  const ticks = (pid: number | string) => cpuSecondsOf(pid) || 0;
  const postgres = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres.set(pid, ticks(pid));
    } catch {
      /* gone */
    }
  }
  return { server: ticks(serverPid), postgres, self: ticks(process.pid) };
}

/** /me's statement behind a bare route (reference-server.ts `me-sql`), started with `nodeArgs`; resolves once listening. */
async function statementServer(dbUrl: string, tokenHash: string, nodeArgs: string[]) {
  const port = 3700 + Math.floor(Math.random() * 90);
  const script = path.join(path.dirname(new URL(import.meta.url).pathname), 'reference-server.ts');
  const args = [...nodeArgs, '--import', 'tsx', script, 'me-sql', String(port), dbUrl, tokenHash];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`statement server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/` };
}

function where(url: string): string {
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = url.slice(nm + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const src = url.indexOf('/apps/');
  if (src >= 0) return url.slice(src + 1);
  const shared = url.indexOf('/packages/');
  if (shared >= 0) return url.slice(shared + 1);
  return url.startsWith('node:') ? url : url || '(native/vm)';
}

function report(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const byPlace = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, us] of self) {
    const frame = byId.get(id)!.callFrame;
    const place = where(frame.url);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  // Inclusive time of each function (itself and all it calls), counted once per stack even when recursive.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      const fn = `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`;
      if (seen.has(fn)) continue;
      seen.add(fn);
      inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
    }
  }
  const ours = new Map([...inclusive].filter(([fn]) => fn.includes('apps/server/src') || fn.includes('packages/')));
  console.log(`\nself time by place (total ${(total / 1e6).toFixed(1)} s sampled):\n${top(byPlace, 25)}`);
  console.log(`\nhottest functions:\n${top(byFn, 40)}`);
  console.log(`\nour code, inclusive of what it calls:\n${top(ours, 30)}`);
}

async function main() {
  const name = `svp_profile_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svp-prof-'));
  const floorDir = mkdtempSync(path.join(os.tmpdir(), 'svp-prof-statement-'));
  const profiling = (into: string) => ['--cpu-prof', `--cpu-prof-dir=${into}`];
  const port = 3800 + Math.floor(Math.random() * 90);
  const dbUrl = databaseUrlFor(baseUrl, name);
  // A server that does not start must not leave the database behind.
  // Only the subject is profiled: the app, or the statement server for `me-statement`.
  const server = await startServer(dbUrl, port, scenario === 'me-statement' ? [] : profiling(dir)).catch(
    async (error: unknown) => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      throw error;
    },
  );
  const api = client(`http://127.0.0.1:${port}`);
  try {
    // The transfer budget's pairs are 16 users with money to move (scenarios.ts, transferPairs).
    const users = await benchUsers(api, 60, scenario === 'transfer' ? 2 * WRITE_CLIENTS : 2);
    const [alice, bob] = users as [BenchUser, BenchUser];
    const opts = { duration: seconds };
    // A fresh user per investment or withdrawal request (one active plan each), seeded before the clock starts.
    const seeded = async (kind: 'investor' | 'matured-plan', wanted: string) =>
      scenario === wanted ? seedUsers(dbUrl, kind, seedCount(seconds)) : [];
    const investors = await seeded('investor', 'invest');
    const holders = await seeded('matured-plan', 'withdraw');
    const floor =
      scenario === 'me-statement' ? await statementServer(dbUrl, sessionTokenHash(alice), profiling(floorDir)) : null;
    const subject = floor?.child ?? server;
    const before = cpuTimes(subject.pid!);
    const scenarios: Record<string, () => Promise<LoadResult>> = {
      me: () => getLoad(api, API.me, alice, opts),
      'me-statement': () => load(floor!.url, opts),
      dashboard: () => dashboardLoad(api, alice, opts),
      leaderboard: () => getLoad(api, API.stakingLeaderboard, alice, opts),
      transfer: () => transferLoad(api, transferPairs(users), opts),
      'transfer-hot': () => transferLoad(api, [[alice, bob]], opts),
      invest: () => investLoad(api, investors, opts),
      withdraw: () => withdrawLoad(api, holders, opts),
      deposit: () => depositLoad(api, alice, opts),
      'deposit-backlog': () => depositBacklogLoad(api, dbUrl, users.slice(2, 22)),
      login: () => loginLoad(api, users, opts),
      // Logins offered at the budget's steady rate while GET /me runs flat out beside them.
      'login-with-me': async () => {
        const [login, me] = await Promise.all([
          loginLoad(api, users, { ...opts, overallRate: LOGIN_RATE }),
          getLoad(api, API.me, bob, { ...opts, connections: 10 }),
        ]);
        console.log(`GET /me beside: ${me.rps.toFixed(0)} req/s, p99 ${me.p99} ms`);
        return login;
      },
    };
    const run = scenario.startsWith('/')
      ? () => getLoad(api, scenario.slice('/api/v1'.length), alice, opts)
      : scenarios[scenario];
    if (!run)
      throw new Error(`unknown scenario ${scenario}; one of ${Object.keys(scenarios).join(', ')} or a GET path`);
    const result = await run();
    console.log(`${scenario}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.errors} errors`);
    const after = cpuTimes(subject.pid!);
    if (floor) {
      // A clean exit writes the statement server's profile (reference-server.ts ends on SIGTERM).
      floor.child.kill('SIGTERM');
      await new Promise((resolve) => floor.child.once('exit', resolve));
    }
    const cores = (cpuSeconds: number) => `${(cpuSeconds / seconds).toFixed(2)} cores`;
    let postgres = 0;
    for (const [pid, used] of after.postgres) postgres += used - (before.postgres.get(pid) ?? 0);
    console.log(
      `CPU during the load: server ${cores(after.server - before.server)}, PostgreSQL ${cores(postgres)}, load generator ${cores(after.self - before.self)}`,
    );
    // Per request, for an A/B of two builds: only where one load ran for the whole `seconds` (the backlog's rate
    // is of its crediting time, and /me beside the logins would be charged to them).
    if (scenario !== 'deposit-backlog' && scenario !== 'login-with-me') {
      const perRequest = (cpuSeconds: number) => `${((1e6 * cpuSeconds) / (result.rps * seconds)).toFixed(0)} µs`;
      console.log(
        `CPU per request: server ${perRequest(after.server - before.server)}, PostgreSQL ${perRequest(postgres)}`,
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (process.env.KEEP_DB) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  const profiled = scenario === 'me-statement' ? floorDir : dir;
  // The main thread's profile (a worker thread writes one of its own, numbered after it).
  const file = readdirSync(profiled)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort()[0];
  if (!file) throw new Error('the server wrote no profile');
  console.log(`profile: ${path.join(profiled, file)}`);
  report(JSON.parse(readFileSync(path.join(profiled, file), 'utf8')) as Profile);
}

await main();
