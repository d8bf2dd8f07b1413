import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreasuryRun } from '@svp/shared';
import { SIMULATED_TREASURY } from '../../src/chain/simulated.js';
import { queryRows } from '../../src/db/client.js';
import { buildTestApp, onPostgres, signedInUser, topUp, type TestApp } from '../helpers.js';

// ADR 0041: two instances sweeping at once sent a second, empty sweep (nonce 0 moved the USDT, nonce 1 moved 0).
// Two real processes run the sweep against one PostgreSQL database and its simulated chain, started together;
// the treasury lock lets one of them decide and send at a time: each address is swept once, nothing of 0 is sent.
// PostgreSQL only: an in-memory PGlite cannot be shared by two processes.
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'sweep-process.ts');
const ADDRESSES = 12;

let t: TestApp;
let url: string;
let directUrl: string;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildTestApp();
  for (let i = 0; i < ADDRESSES; i++) {
    const { client } = await signedInUser(t.app, `10.34.3.${i + 1}`);
    await topUp(client, String(10 + i));
  }
  const [{ name }] = (await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`)) as [
    { name: string },
  ];
  const named = (base: string) => {
    const at = new URL(base);
    at.pathname = `/${name}`;
    return at.toString();
  };
  url = named(process.env.DATABASE_URL!);
  directUrl = named(process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL!);
}, 120_000);
afterAll(() => t?.close());

/** Starts a sweep process; resolves `ready` once it is connected, and `run` with its run when it has ended. */
function sweepProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, url, directUrl], {
    cwd: path.resolve(path.dirname(CHILD), '../../..'),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let readyResolve: () => void;
  const ready = new Promise<void>((resolve) => (readyResolve = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('ready\n')) readyResolve();
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const run = new Promise<TreasuryRun>((resolve, reject) => {
    child.on('exit', (code) => {
      const last = out.trim().split('\n').at(-1) ?? '';
      if (code !== 0 || !last.startsWith('{')) reject(new Error(`sweep process exited ${code}: ${err}${out}`));
      else resolve(JSON.parse(last) as TreasuryRun);
    });
  });
  run.catch(() => undefined);
  return { ready, run, go: () => child.stdin.end('go\n') };
}

describe('two processes sweeping one database at once', () => {
  it('sweep each address once between them, and send no transfer of 0', { timeout: 120_000 }, async () => {
    if (!onPostgres) return; // an in-memory PGlite cannot be shared by two processes
    const deposit = await queryRows<{ address: string; held: string }>(
      t.database.db,
      sql`select a.address, (select coalesce(sum(amount_raw::numeric), 0)::text from simulated_transfers s
            where s.to_address = a.address and not s.reverted) as held
          from deposit_addresses a order by a.derivation_index`,
    );
    expect(deposit.filter((d) => d.held !== '0')).toHaveLength(ADDRESSES);

    const [one, two] = [sweepProcess(), sweepProcess()];
    await Promise.all([one.ready, two.ready]);
    one.go();
    two.go();
    const runs = await Promise.all([one.run, two.run]);

    const sweeps = runs.flatMap((r) => r.actions.filter((a) => a.kind === 'sweep'));
    expect(sweeps.filter((a) => a.outcome === 'confirmed')).toHaveLength(ADDRESSES);
    expect(sweeps.filter((a) => a.outcome !== 'confirmed')).toEqual([]);
    // On the chain: one transfer out of each deposit address, its whole balance, and none of 0 at all.
    const out = await queryRows<{ from_address: string; amount_raw: string; to_address: string }>(
      t.database.db,
      sql`select from_address, amount_raw::text, to_address from simulated_transfers
          where from_address in (select address from deposit_addresses)`,
    );
    expect(out).toHaveLength(ADDRESSES);
    expect(out.filter((o) => o.amount_raw === '0')).toEqual([]);
    for (const d of deposit) {
      expect(out.filter((o) => o.from_address === d.address)).toEqual([
        { from_address: d.address, amount_raw: d.held, to_address: SIMULATED_TREASURY },
      ]);
    }
    const zero = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from simulated_transfers where amount_raw::numeric = 0`,
    );
    expect(zero[0]!.n).toBe(0);
    // The lock is free again.
    expect(await queryRows(t.database.db, sql`select * from treasury_locks`)).toEqual([]);
  });
});
