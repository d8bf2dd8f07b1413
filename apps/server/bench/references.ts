/** The reference runs of DESIGN §7, measured on the same machine in the same run as the app. */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));

export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = 50;
export const WRITE_CLIENTS = 8;

export interface LoadResult {
  rps: number;
  p99: number;
  errors: number;
}

export async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, ...options });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** Runs bench/reference-server.ts in its own process, as the app runs, and loads it like the app. */
async function referenceRun(mode: 'hello' | 'pk' | 'me-sql', dbUrl = '', ...extra: string[]): Promise<LoadResult> {
  const port = 3700 + Math.floor(Math.random() * 90);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'reference-server.ts'), mode, String(port), dbUrl, ...extra],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`reference server ${mode} exited with ${code}`)));
    });
    return await load(`http://127.0.0.1:${port}/`);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/** Bare Fastify hello-world: the ceiling of this machine's HTTP stack. */
export const helloWorld = () => referenceRun('hello');

/** Bare Fastify answering with one primary-key SELECT over a pg pool: the ceiling of a one-query read. */
export const primaryKeyGet = (dbUrl: string) => referenceRun('pk', dbUrl);

/**
 * Bare Fastify running GET /me's own statement for one session (its token's hash) and answering the row: the
 * floor under /me's cost that its SQL and body set, whatever the app does around them.
 */
export const meStatementGet = (dbUrl: string, tokenHash: string) => referenceRun('me-sql', dbUrl, tokenHash);

/** Creates pgbench's tables (scale 1) once; false when pgbench is not installed or fails. */
export function pgbenchInit(dbUrl: string): boolean {
  try {
    execFileSync('pgbench', ['-i', '-s', '1', '-q', dbUrl], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * pgbench's TPC-B-like transaction at the write benchmarks' client count (each money operation is compared
 * with it at the same count); tps, or null when pgbench is missing or failed.
 */
export function pgbench(dbUrl: string): number | null {
  try {
    const out = execFileSync('pgbench', ['-c', String(WRITE_CLIENTS), '-j', '2', '-T', String(DURATION), dbUrl], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const match = /tps = ([\d.]+)/.exec(out.toString());
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
