/** The reference runs of DESIGN §7, measured on the same machine in the same run as the app. */
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { API, API_PREFIX, NOTIFICATION_TYPES, usd } from '@svp/shared';
import { loadConfig } from '../src/config.js';
import { pricingRule } from '../src/modules/withdrawals/withdrawal-price.js';
import { TOUCH_EVERY_MS } from '../src/modules/auth/sessions.js';
import { requestRecipientAccount, requestUserAccount, statementLegs } from '../src/modules/ledger/ledger.service.js';
import { withTempFile } from './app-under-test.js';
import { INVEST_BODY } from './seed-users.js';
import { FLOOR_IDLE_MS } from './statement-routes.js';

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
async function referenceRun(
  mode: 'hello' | 'pk' | 'me-sql' | 'transfer-sql' | 'invest-sql' | 'withdraw-sql',
  dbUrl = '',
  extra: string[] = [],
  options: Partial<autocannon.Options> = {},
): Promise<LoadResult> {
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
    return await load(`http://127.0.0.1:${port}/`, options);
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
export const meStatementGet = (dbUrl: string, tokenHash: string) => referenceRun('me-sql', dbUrl, [tokenHash]);

const writeFloor = (
  mode: 'transfer-sql' | 'invest-sql' | 'withdraw-sql',
  dbUrl: string,
  args: string[],
  body: unknown,
) =>
  referenceRun(mode, dbUrl, args, {
    connections: WRITE_CLIENTS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** A transfer floor's pairs: the sender's session hash and the recipient's username, one pair a client. */
export interface StatementPair {
  tokenHash: string;
  recipient: string;
}

/**
 * Bare Fastify POST running a staking transfer's own statement (api_user_posting, a fresh key each), each
 * connection for its own pair, at the write clients' count: the floor under the transfer route's cost that its
 * one SQL call and HTTP set, whatever the app does around them.
 */
export const transferStatementPost = (dbUrl: string, pairs: StatementPair[]): Promise<LoadResult> =>
  withTempFile(pairs.map((p) => `${p.tokenHash}\t${p.recipient}`).join('\n'), (file) =>
    writeFloor('transfer-sql', dbUrl, [file], { amount: '0.01' }),
  );

/**
 * Bare Fastify POST running an investment's own statement (api_invest) for the next of the seeded investors whose
 * session hashes `hashesFile` lists, one a line: the floor under the investment route.
 */
export const investStatementPost = (dbUrl: string, hashesFile: string) =>
  writeFloor('invest-sql', dbUrl, [hashesFile], INVEST_BODY);

/**
 * Bare Fastify POST running a withdrawal request's statement (api_withdrawal_request)
 * for the next of the seeded matured plans whose owners' session hashes `hashesFile` lists: the floor under the
 * withdrawal route.
 */
export const withdrawStatementPost = (dbUrl: string, hashesFile: string) =>
  writeFloor('withdraw-sql', dbUrl, [hashesFile], { kind: 'maturity' });

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

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (items: string[]) => `array[${items.map(literal).join(', ')}]::text[]`;

/**
 * Runs `script` (one SQL statement a transaction) with pgbench's client at the write clients' count for a run's
 * duration; its tps, or null when it failed (a statement that errs aborts its client and the run).
 */
function pgbenchScript(dbUrl: string, script: string): Promise<number | null> {
  return withTempFile(script + '\n', async (file) => {
    const args = ['-n', '-f', file, '-c', String(WRITE_CLIENTS), '-j', '2', '-T', String(DURATION), dbUrl];
    const out = execFileSync('pgbench', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    return Number(/tps = ([\d.]+)/.exec(out.toString())?.[1] ?? NaN) || null;
  });
}

/**
 * A staking transfer's own statement (api_user_posting, a fresh key each) run by pgbench's client at the write
 * clients' count, each client for its own pair (read by `:client_id` from a table the run creates and drops), with
 * no HTTP at all: what the one SQL call costs against TPC-B on this machine. Anything but a posting divides by
 * zero, which aborts pgbench's client and the run (null): refusals are never counted. Transactions per second, or
 * null when pgbench is missing or failed.
 */
export async function transferStatementPgbench(dbUrl: string, pairs: StatementPair[]): Promise<number | null> {
  const legs = statementLegs('staking.transfer', [
    { account: requestUserAccount('usd.fund'), amount: -usd('0.01') },
    { account: requestRecipientAccount('usd.fund'), amount: usd('0.01') },
  ]);
  // Not CASE … ELSE 1 / 0: PostgreSQL folds the constant division while planning, whatever the outcome.
  const script = `select 1 / (o_outcome = 'ok' and o_result ->> 'outcome' = 'ok')::int
  from bench_transfer_pairs p cross join lateral api_user_posting(p.token_hash, now(), ${FLOOR_IDLE_MS}, ${TOUCH_EVERY_MS},
  gen_random_uuid()::text, ${literal(API_PREFIX + API.stakingTransfer)}, gen_random_uuid()::text, gen_random_uuid()::text,
  false, 'staking.transfer', gen_random_uuid()::text, 'Fund transfer from {sender} to {recipient}', p.recipient,
  ${textArray(legs.map((l) => l.owner))}, ${textArray(legs.map((l) => l.code))}, ${textArray(legs.map((l) => l.asset))},
  array[${legs.map((l) => l.amount.toString()).join(', ')}]::bigint[], array[${legs.map((l) => l.allowNegative).join(', ')}],
  'staking', null)
  where p.client = :client_id;
`.replace(/\n\s*/g, ' ');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('create table bench_transfer_pairs (client int primary key, token_hash text, recipient text)');
    for (const [i, pair] of pairs.slice(0, WRITE_CLIENTS).entries()) {
      await db.query('insert into bench_transfer_pairs values ($1, $2, $3)', [i, pair.tokenHash, pair.recipient]);
    }
    return await pgbenchScript(dbUrl, script);
  } catch {
    return null;
  } finally {
    await db.query('drop table if exists bench_transfer_pairs').finally(() => db.end());
  }
}

/**
 * A withdrawal request's own statement (api_withdrawal_request at maturity, a fresh key each, the app's pricing
 * rule from the same environment) run by pgbench's client at the write clients' count, each transaction for the
 * next of the seeded matured plans whose owners' session hashes are `tokenHashes`, with no HTTP at all: what the
 * one SQL call costs against TPC-B on this machine. A refusal, or running out of plans, divides by zero and
 * aborts the run (null).
 */
export async function withdrawStatementPgbench(dbUrl: string, tokenHashes: string[]): Promise<number | null> {
  const config = loadConfig();
  const rule = pricingRule({
    minEarnings: config.MIN_WITHDRAWAL_EARNINGS_USD,
    requireVerified: config.WITHDRAWALS_REQUIRE_VERIFIED_EMAIL,
  });
  // The plan comes from a sequence taken once in a FROM item: a volatile call in a WHERE clause runs per row.
  const script = `select 1 / coalesce((select (r.o_outcome = 'ok' and r.o_result ->> 'outcome' = 'ok')::int
  from (select nextval('bench_withdraw_next') as n) x join bench_withdraw_holders h using (n)
  cross join lateral api_withdrawal_request(h.token_hash, now(), ${FLOOR_IDLE_MS}, ${TOUCH_EVERY_MS},
  gen_random_uuid()::text, ${literal(API_PREFIX + API.withdrawals)}, gen_random_uuid()::text, gen_random_uuid()::text,
  false, 'maturity', gen_random_uuid(), now() + interval '2 days', 'withdrawal.request', 'Withdrawal',
  ${rule.minEarnings}, ${rule.requireVerified}, array[${rule.fees.join(', ')}]::bigint[], ${rule.breakPercent},
  ${rule.dayMs}, ${rule.usdUnit}, 'withdrawal.requested', ${literal(NOTIFICATION_TYPES['withdrawal.requested'])}) r), 0);
`.replace(/\n\s*/g, ' ');
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query('create table bench_withdraw_holders (n bigint primary key, token_hash text)');
    await db.query('create sequence bench_withdraw_next');
    await db.query(
      'insert into bench_withdraw_holders select n, h from unnest($1::text[]) with ordinality as t(h, n)',
      [tokenHashes],
    );
    return await pgbenchScript(dbUrl, script);
  } catch {
    return null;
  } finally {
    await db
      .query('drop table if exists bench_withdraw_holders; drop sequence if exists bench_withdraw_next')
      .finally(() => db.end());
  }
}
