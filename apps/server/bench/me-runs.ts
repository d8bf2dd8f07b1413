/**
 * GET /me's DESIGN §7 budgets, measured the same way by `npm run bench` and, alone, by `npm run bench -- me`:
 * the one-primary-key GET, /me's own statement behind a bare route, GET /me, the statement, the primary-key GET.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { API } from '@svp/shared';
import { client, sessionTokenHash, startServer, type BenchUser } from './app-under-test.js';
import { benchDatabaseUrl, databaseUrlFor } from './database-url.js';
import { CONNECTIONS, DURATION, meStatementGet, primaryKeyGet, type LoadResult } from './references.js';
import { meBudgetRows, type MeRuns } from './report.js';
import { benchUsers, getLoad } from './scenarios.js';

type Run = (label: string, load: () => Promise<LoadResult>) => Promise<LoadResult>;
type Api = ReturnType<typeof client>;

/** The five runs, each through `run` (which labels, records and prints it). */
export async function meRuns(run: Run, api: Api, user: BenchUser, appDbUrl: string, refDbUrl: string): Promise<MeRuns> {
  const pkLabel = `reference: bare Fastify GET, one primary-key SELECT (${CONNECTIONS} connections)`;
  const statementLabel = `reference: bare Fastify GET running /me's own statement for the same session (${CONNECTIONS} connections)`;
  const statement = () => meStatementGet(appDbUrl, sessionTokenHash(user));
  const pkBefore = await run(`${pkLabel}, before /me's statement`, () => primaryKeyGet(refDbUrl));
  const statementBefore = await run(`${statementLabel}, before GET /me`, statement);
  const me = await run(`GET /api/v1/me (${CONNECTIONS} connections)`, () => getLoad(api, API.me, user));
  const statementAfter = await run(`${statementLabel}, after GET /me`, statement);
  const pkAfter = await run(`${pkLabel}, after /me's statement`, () => primaryKeyGet(refDbUrl));
  return { pk: [pkBefore, pkAfter], statement: [statementBefore, statementAfter], me };
}

/**
 * `npm run bench -- me`: only GET /me's budgets, on databases of their own, printed (docs/benchmarks.md is left as
 * it is: it holds whole runs). ROUNDS (default 1) repeats the five runs, for a steadier reading on a busy machine.
 */
export async function meOnly(): Promise<void> {
  const baseUrl = benchDatabaseUrl();
  const name = `svp_bench_me_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const databases = [name, `${name}_ref`];
  for (const db of databases) await admin.query(`create database ${db}`);
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startServer(databaseUrlFor(baseUrl, name), port).catch(async (error: unknown) => {
    for (const db of databases) await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
    throw error;
  });
  try {
    console.log(`bench (GET /me only): ${DURATION}s per run`);
    const api = client(`http://127.0.0.1:${port}`);
    const [user] = await benchUsers(api, 2, 2);
    const run: Run = async (label, load) => {
      const result = await load();
      console.log(`${label}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, ${result.errors} errors`);
      return result;
    };
    for (let round = 0; round < Number(process.env.ROUNDS ?? 1); round++) {
      const runs = await meRuns(run, api, user!, databaseUrlFor(baseUrl, name), databaseUrlFor(baseUrl, `${name}_ref`));
      for (const row of meBudgetRows(runs))
        console.log(`  ${row.status.padEnd(8)} ${row.measured}  (${row.target})  ${row.budget}`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    for (const db of databases) await admin.query(`drop database if exists ${db} with (force)`);
    await admin.end();
  }
}
