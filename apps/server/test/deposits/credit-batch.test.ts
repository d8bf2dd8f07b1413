import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API } from '@svp/shared';
import { deposits, notifications, rejectedDeposits } from '../../src/db/schema.js';
import type { ObservedTransfer } from '../../src/chain/types.js';
import { queryRows } from '../../src/db/client.js';
import {
  buildTestApp,
  onPostgres,
  signedInUser,
  type Client,
  type TestApp,
  expectLedgerConsistent,
  SETTLE_WAIT_IN_TESTS_MS,
} from '../helpers.js';
import { roundTripsOf } from '../round-trips.js';

// The watcher credits a scanned chunk's deposits in one database call (sql/functions/deposits/api_credit_deposits.sql).
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const balanceOf = async (client: Client) => (await client.get(API.me)).body.user.balance as string;
let txCounter = 0;
/** A USDT transfer (18 decimals) of `usdt` whole dollars to `to`, in a transaction of its own. */
const transfer = (to: string, usdt: bigint, extra: Partial<ObservedTransfer> = {}): ObservedTransfer => {
  txCounter += 1;
  return {
    chainId: 56,
    txHash: '0x' + txCounter.toString(16).padStart(64, 'b'),
    logIndex: 0,
    blockNumber: 500n + BigInt(txCounter),
    from: '0x00000000000000000000000000000000000000aa',
    to,
    amountRaw: usdt * 10n ** 18n,
    decimals: 18,
    ...extra,
  };
};

async function payee() {
  const user = await signedInUser(t.app);
  return { ...user, address: await t.app.services.deposits.addressFor(user.user.id) };
}

describe('crediting a chunk of deposits at once', () => {
  it("credits six users' 30 transfers in lanes at once, each user's in chain order, every cent once", async () => {
    const payees: Awaited<ReturnType<typeof payee>>[] = [];
    for (let i = 0; i < 6; i++) payees.push(await payee());
    // Each asks for $10 (pays $13): the first payment in chain order takes the request, the rest are unrequested.
    for (const p of payees) expect((await p.client.post(API.topup, { amount: '10' })).status).toBe(200);
    const chunk = Array.from({ length: 5 }, (_, round) =>
      payees.map((p) => transfer(p.address, 13n + BigInt(round))),
    ).flat();
    let results: string[] = [];
    const trips = await roundTripsOf(t.database, async () => {
      results = await t.app.services.deposits.ingestMany(chunk);
    });
    expect(trips).toBeLessThanOrEqual(4);
    expect(results).toEqual(chunk.map(() => 'credited'));
    // $13 + $14 + … + $17 = $75 paid, less five $3 fees.
    for (const p of payees) expect(await balanceOf(p.client)).toBe('60');
    const flags = await queryRows<{ received: string; flag: string | null }>(
      t.database.db,
      sql`select received::text, flag from deposits where user_id = ${payees[0]!.user.id} order by block_number`,
    );
    expect(flags.map((f) => [f.received, f.flag])).toEqual([
      ['13000000', null],
      ['14000000', 'unrequested'],
      ['15000000', 'unrequested'],
      ['16000000', 'unrequested'],
      ['17000000', 'unrequested'],
    ]);
    expect(await t.app.services.deposits.ingestMany(chunk)).toEqual(chunk.map(() => 'duplicate'));
    await expectLedgerConsistent(t);
  });

  it('credits each transfer of a chunk in one round trip a lane, as one at a time would, with its notification', async () => {
    const a = await payee();
    const b = await payee();
    const request = await a.client.post(API.topup, { amount: '10' });
    expect(request.status).toBe(200);
    const chunk = [
      transfer(a.address, 13n), // pays a's request exactly
      transfer(b.address, 20n), // b asked for nothing
      transfer(a.address, 5n), // a's request is paid already: unrequested
    ];
    let results: string[] = [];
    const trips = await roundTripsOf(t.database, async () => {
      results = await t.app.services.deposits.ingestMany(chunk);
    });
    // A lane per deposit address (at most CREDIT_LANES): two addresses, one or two calls.
    expect(trips).toBeGreaterThanOrEqual(1);
    expect(trips).toBeLessThanOrEqual(2);
    expect(results).toEqual(['credited', 'credited', 'credited']);
    expect(await balanceOf(a.client)).toBe('12');
    expect(await balanceOf(b.client)).toBe('17');
    const rows = await t.database.db.select().from(deposits).where(eq(deposits.userId, a.user.id));
    expect(rows.map((r) => [r.received, r.flag, r.topupRequestId]).sort()).toEqual(
      [
        [13_000_000n, null, request.body.requestId],
        [5_000_000n, 'unrequested', null],
      ].sort(),
    );
    expect(rows.every((r) => r.ledgerTransactionId !== null)).toBe(true);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, a.user.id));
    expect(notes.filter((n) => n.type === 'deposit.credited')).toHaveLength(2);
    // Seen again (a chunk read twice after a crash): nothing moves.
    expect(await t.app.services.deposits.ingestMany(chunk)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    expect(await balanceOf(a.client)).toBe('12');
    await expectLedgerConsistent(t);
  });

  it('credits a chunk once when 20 callers ingest it at the same time', async () => {
    const a = await payee();
    const b = await payee();
    const chunk = [transfer(a.address, 13n), transfer(b.address, 13n), transfer(a.address, 13n)];
    const all = await Promise.all(Array.from({ length: 20 }, () => t.app.services.deposits.ingestMany(chunk)));
    for (const [i] of chunk.entries()) {
      expect(all.map((results) => results[i]).filter((r) => r === 'credited')).toHaveLength(1);
    }
    expect(await balanceOf(a.client)).toBe('20');
    expect(await balanceOf(b.client)).toBe('10');
    await expectLedgerConsistent(t);
  });

  it('rejects only the transfer the database refuses, and answers every other in order', async () => {
    const a = await payee();
    const stranger = '0x' + '34'.repeat(20);
    const odd = transfer(a.address, 9n, { blockNumber: 2n ** 64n });
    const results = await t.app.services.deposits.ingestMany([
      transfer(a.address, 4n),
      odd,
      transfer(stranger, 4n),
      transfer(a.address, 10_000_001n), // above the ceiling
      transfer(a.address, 6n),
    ]);
    expect(results).toEqual(['credited', 'rejected', 'ignored', 'rejected', 'credited']);
    expect(await balanceOf(a.client)).toBe('4');
    const rejected = await t.database.db.select().from(rejectedDeposits).where(eq(rejectedDeposits.userId, a.user.id));
    expect(rejected.map((r) => r.code).sort()).toEqual(['above_ceiling', 'failed']);
    expect(rejected.find((r) => r.code === 'failed')!.reason).toMatch(/database error 22003: .*out of range/);
    await expectLedgerConsistent(t);
  });

  it('locks the balances it credits in the ledger order, whatever the chain order (no deadlock with a transfer)', async () => {
    const [low, high] = [await payee(), await payee()].sort((x, y) => (x.user.id < y.user.id ? -1 : 1));
    // Chain order: the higher owner first.
    const chunk = [transfer(high!.address, 8n), transfer(low!.address, 8n)];
    const lockBalance = (owner: string, nowait = '') =>
      sql.raw(`select 1 from accounts where owner = '${owner}' and code = 'usd.balance' for update ${nowait}`);
    let credited: Promise<string[]>;
    if (onPostgres) {
      // Another transaction holds the lower balance meanwhile (PGlite runs one statement at a time: no race there).
      let release!: () => void;
      let held!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const holding = new Promise<void>((resolve) => (held = resolve));
      const holder = t.database.db.transaction(async (tx) => {
        await tx.execute(lockBalance(low!.user.id));
        held();
        await gate;
      });
      await holding;
      credited = t.app.services.deposits.ingestMany(chunk);
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The chunk waits for the lower balance before it takes the higher one: the higher is still free.
      const free = await t.database.db.transaction((tx) => queryRows(tx, lockBalance(high!.user.id, 'nowait')));
      expect(free).toHaveLength(1);
      release();
      await holder;
    } else credited = t.app.services.deposits.ingestMany(chunk);
    expect(await credited).toEqual(['credited', 'credited']);
    expect(await balanceOf(low!.client)).toBe('5');
    expect(await balanceOf(high!.client)).toBe('5');
  });
});

describe('where a credit lands (ADR 0035: at a million users a random index leaf is a cold page)', () => {
  it('gives a deposit a time-ordered id and its credit a block-ordered key; a credit under the old key still checks', async () => {
    const p = await payee();
    const first = transfer(p.address, 20n);
    const second = transfer(p.address, 20n);
    expect(await t.app.services.deposits.ingestMany([second, first])).toEqual(['credited', 'credited']);
    const rows = await queryRows<{ id: string; key: string }>(
      t.database.db,
      sql`select d.id::text as id, l.idempotency_key as key from deposits d
          join ledger_transactions l on l.id = d.ledger_transaction_id
          where d.user_id = ${p.user.id} order by l.id`,
    );
    const keyOf = (x: ObservedTransfer) => `deposit:56:${String(x.blockNumber).padStart(19, '0')}:${x.txHash}:0`;
    expect(rows.map((r) => r.key)).toEqual([keyOf(second), keyOf(first)]);
    for (const { id } of rows) {
      // RFC 9562's version 7: the first 48 bits are when the row was made (the database's clock, in milliseconds).
      expect(id[14]).toBe('7');
      expect(Math.abs(parseInt(id.replace(/-/g, '').slice(0, 12), 16) - Date.now())).toBeLessThan(60_000);
    }

    // A deposit credited before the migration: its credit is keyed 'deposit:chain:tx:log' (the ledger is immutable).
    const old = transfer(p.address, 5n);
    const [deposit] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into deposits (chain_id, tx_hash, log_index, block_number, address, user_id, amount_raw, received, fee,
            credited, flag, seen_at)
          values (56, ${old.txHash}, 0, ${old.blockNumber}, ${p.address}, ${p.user.id}, '5000000000000000000', 5000000, 0,
            5000000, 'unrequested', now())
          returning id::text as id`,
    );
    await t.database.db.execute(
      sql`update deposits set ledger_transaction_id = (
            select o_transaction_id from ledger_post('deposit', ${`deposit:56:${old.txHash}:0`}, null, null, now(),
              array[${p.user.id}, 'system']::text[], array['usd.balance', 'usd.deposits']::text[],
              array['USD', 'USD']::text[], array[5000000, -5000000]::bigint[], array[false, true]::boolean[],
              null, null, null))
          where id = ${deposit!.id}::uuid`,
    );
    expect(await balanceOf(p.client)).toBe('39');
    await expectLedgerConsistent(t);
    await t.app.services.platformRollUp.runOnce();
    await t.app.services.ledgerCheck.runOnce({ settleWaitMs: SETTLE_WAIT_IN_TESTS_MS });
    expect((await t.app.services.ledgerCheck.report()).problems).toEqual([]);
  });
});
