/** The reference runs of DESIGN §7, measured on the same machine in the same run as the app. */
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';

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

async function fastifyReference(setup: (app: ReturnType<typeof Fastify>) => void): Promise<LoadResult> {
  const app = Fastify();
  setup(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  try {
    return await load(`http://127.0.0.1:${port}/`);
  } finally {
    await app.close();
  }
}

/** Bare Fastify hello-world: the ceiling of this machine's HTTP stack. */
export const helloWorld = () => fastifyReference((app) => app.get('/', async () => ({ hello: 'world' })));

/** Bare Fastify answering with one primary-key SELECT over a pg pool: the ceiling of a one-query read. */
export async function primaryKeyGet(dbUrl: string): Promise<LoadResult> {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  await pool.query('create table if not exists bench_rows (id int primary key, name text)');
  await pool.query(`insert into bench_rows values (1, 'one') on conflict do nothing`);
  try {
    return await fastifyReference((app) =>
      app.get('/', async () => (await pool.query('select id, name from bench_rows where id = $1', [1])).rows[0]),
    );
  } finally {
    await pool.end();
  }
}

/** pgbench's TPC-B-like transaction at the write benchmarks' client count; null when pgbench is missing. */
export function pgbench(dbUrl: string): number | null {
  try {
    execFileSync('pgbench', ['-i', '-s', '1', '-q', dbUrl], { stdio: 'ignore' });
    const out = execFileSync('pgbench', ['-c', String(WRITE_CLIENTS), '-j', '2', '-T', String(DURATION), dbUrl]);
    const match = /tps = ([\d.]+)/.exec(out.toString());
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}
