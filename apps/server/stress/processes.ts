import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, type WriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { API } from '@svp/shared';
import { HttpClient, Router } from './http.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverEntry = path.resolve(here, '../src/server.ts');
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const ADMIN_EMAIL = 'stress-admin@svp.local';
export const ADMIN_PASSWORD = 'stress-admin-password';

/** A fresh `svp_stress_<hex>` database on the server of `baseUrl`; returns its URL and a drop function. */
export async function createDatabase(
  baseUrl: string,
  directBaseUrl: string | null,
): Promise<{ url: string; directUrl: string; name: string; drop(): Promise<void> }> {
  const name = `svp_stress_${randomBytes(5).toString('hex')}`;
  const named = (base: string) => {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: directBaseUrl ?? baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  return {
    url: named(baseUrl),
    directUrl: named(directBaseUrl ?? baseUrl),
    name,
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}

/** One app process (`node --import tsx src/server.ts`), restartable, with its output in a log file. */
export class ServerProcess {
  child: ChildProcess | null = null;
  /** Exits we did not cause (SIGKILL by us is expected): each one is a defect. */
  readonly unexpectedExits: string[] = [];
  readonly logFile: string;
  private log: WriteStream;
  private tail: string[] = [];
  private expectingExit = false;
  starts = 0;
  /** Days the test clock has been moved forward in this run. */
  clockDays = 0;

  constructor(
    readonly index: number,
    readonly port: number,
    private env: Record<string, string>,
    runName: string,
  ) {
    this.logFile = path.join(os.tmpdir(), `${runName}-app${index}.log`);
    this.log = createWriteStream(this.logFile);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  start(): void {
    this.starts += 1;
    this.expectingExit = false;
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
      env: { ...process.env, ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.log.write(chunk);
      this.tail.push(...chunk.toString().split('\n').filter(Boolean));
      if (this.tail.length > 40) this.tail.splice(0, this.tail.length - 40);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (!this.expectingExit) {
        this.unexpectedExits.push(
          `app ${this.index} exited on its own (code ${code}, signal ${signal}); last output:\n    ` +
            this.tail.slice(-12).join('\n    '),
        );
      }
    });
    this.child = child;
  }

  /** SIGKILL (the default): no shutdown hook runs, in-flight requests get no response. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.expectingExit = true;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    // A graceful stop that hangs (a request stuck on a lock) ends with SIGKILL after 10 s.
    const fallback = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(fallback);
  }

  async waitReady(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.child) throw new Error(`app ${this.index} is not running:\n${this.tail.join('\n')}`);
      try {
        const res = await fetch(`${this.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await sleep(100);
    }
    throw new Error(`app ${this.index} not ready after ${timeoutMs} ms:\n${this.tail.join('\n')}`);
  }

  /** Moves this process's test clock forward (and remembers it, to restore after a restart). */
  async advanceClock(days: number): Promise<void> {
    const http = new HttpClient(new Router([this.url]), '10.79.0.1');
    await http.must('POST', API.testClock, { advanceMs: Math.round(days * 86_400_000) });
    this.clockDays += days;
  }

  /** After a restart the process starts at real time again: moves it to where the run's clock was. */
  async restoreClock(): Promise<void> {
    if (this.clockDays === 0) return;
    const http = new HttpClient(new Router([this.url]), '10.79.0.1');
    await http.must('POST', API.testClock, { advanceMs: Math.round(this.clockDays * 86_400_000) });
  }

  async metrics(): Promise<string> {
    const res = await fetch(`${this.url}/metrics`, { signal: AbortSignal.timeout(5_000) });
    return res.text();
  }

  async close(): Promise<void> {
    await this.kill('SIGTERM');
    await new Promise<void>((resolve) => this.log.end(resolve));
  }
}

/** How long an unfinished Idempotency-Key counts as still in flight, in the stress runs. */
export const STALE_SECONDS = 3;

/** The environment every app process of a run gets (README "Configuration"). */
export function serverEnv(database: { url: string; directUrl: string }): Record<string, string> {
  return {
    DATABASE_URL: database.url,
    DATABASE_DIRECT_URL: database.directUrl,
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    CHAIN: 'simulated',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // Rate limits are not configurable; behind TRUST_PROXY each simulated user brings its own X-Forwarded-For.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    WATCHER_INTERVAL_MS: '300',
    TAP_RATE_PER_SECOND: '100',
    TAP_DAILY_CAP: '100000000',
    // The load moves the test clock by days (daily coins, bot upkeep, maturity, stake ends): sessions must outlive it.
    ALLOW_TEST_CLOCK: '1',
    SESSION_IDLE_MINUTES: '10000000',
    SESSION_ABSOLUTE_HOURS: '1000000',
    ADMIN_SESSION_IDLE_MINUTES: '10000000',
    ADMIN_SESSION_ABSOLUTE_HOURS: '1000000',
    // $5 per referral: a referred user's earnings reach the $5 a maturity withdrawal needs.
    REFERRAL_BONUS_USD: '5',
    // Keys of attempts killed mid-request are taken over or settled after this long (default 30 s).
    IDEMPOTENCY_STALE_SECONDS: String(STALE_SECONDS),
  };
}

const execFileAsync = promisify(execFile);

/** Restarts the local PostgreSQL cluster (STRESS_PG_RESTART overrides the command). */
export async function restartPostgres(): Promise<void> {
  // Debian's cluster of whichever PostgreSQL major is installed (15 on our machines).
  const version = existsSync('/etc/postgresql') ? (readdirSync('/etc/postgresql')[0] ?? '15') : '15';
  const command = process.env.STRESS_PG_RESTART ?? `pg_ctlcluster --skip-systemctl-redirect ${version} main restart`;
  const [file, ...args] = command.split(/\s+/) as [string, ...string[]];
  await execFileAsync(file, args, { timeout: 60_000 });
}

/** Waits until PostgreSQL at `url` answers a query. */
export async function waitForPostgres(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
}
