import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import type { ChainScanner, ObservedTransfer } from '../../src/chain/types.js';
import { createDepositWatcher, MAX_INGEST_ATTEMPTS } from '../../src/chain/watcher.js';
import { chainCursors, deposits, rejectedDeposits } from '../../src/db/schema.js';
import { buildTestApp, signedInUser, type Client, type TestApp, expectLedgerConsistent } from '../helpers.js';

// The watcher's own rule, apart from any chain: one transfer that fails for a reason the ingestion cannot
// classify (a lost connection, a bug) is tried again, but never holds up the transfers after it for good.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const balanceOf = async (client: Client) => (await client.get(API.me)).body.user.balance as string;

let nextChain = 900_001;
/** A chain of its own per test (its own cursor), holding `transfers`, and a watcher over it. */
function watcherOver(
  transfers: ObservedTransfer[],
  failing: Map<string, number>,
  failure = 'ingestion hit an unexpected state',
  /** When given, each scan reads the chain's head and then waits for it: a scan held in flight. */
  headRead?: Promise<void>,
) {
  const chainId = transfers[0]!.chainId;
  const scanner: ChainScanner = {
    name: 'bsc',
    chainId,
    maxRange: 5_000n,
    safeHead: async () => {
      const head = transfers.reduce((max, x) => (x.blockNumber > max ? x.blockNumber : max), 0n);
      await headRead;
      return head;
    },
    transfers: async (from, to) => transfers.filter((x) => x.blockNumber >= from && x.blockNumber <= to),
    outgoing: async () => [],
    confirmations: 0,
    transaction: async () => null,
    holdings: async () => ({ token: new Map(), gasWei: 0n, sweepGasWei: 0n, decimals: 18 }),
  };
  const real = t.app.services.deposits;
  const scans: { seen: number; credited: number; rejected: number }[] = [];
  const watcher = createDepositWatcher({
    db: t.database.db,
    clock: t.clock,
    scanner,
    // Fails a transfer as often as `failing` says (a thrown Error, not a database refusal), then ingests it. A
    // chunk holding a failing transfer fails whole, as its one transaction would.
    deposits: {
      ...real,
      async ingestMany(transfers) {
        if (transfers.some((x) => (failing.get(x.txHash) ?? 0) > 0)) throw new Error(failure);
        return real.ingestMany(transfers);
      },
      async ingest(transfer) {
        const left = failing.get(transfer.txHash) ?? 0;
        if (left > 0) {
          failing.set(transfer.txHash, left - 1);
          throw new Error(failure);
        }
        return real.ingest(transfer);
      },
    },
    lock: { acquire: async () => true, release: async () => undefined },
    log: t.app.log,
    intervalMs: 60_000,
    startBlock: 1n,
    onScanned: ({ seen, credited, rejected }) => scans.push({ seen, credited, rejected }),
  });
  const cursor = async () =>
    (await t.database.db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId)))[0]?.lastBlock;
  return { watcher, cursor, scans };
}

async function payee() {
  const user = await signedInUser(t.app);
  return { ...user, address: await t.app.services.deposits.addressFor(user.user.id) };
}

function transfer(chainId: number, to: string, block: bigint, txByte: string, dollars: bigint): ObservedTransfer {
  return {
    chainId,
    txHash: '0x' + txByte.repeat(32),
    logIndex: 0,
    blockNumber: block,
    from: '0x00000000000000000000000000000000000000aa',
    to,
    amountRaw: dollars * 10n ** 18n,
    decimals: 18,
  };
}

describe('deposit watcher', () => {
  it('retries a transfer that fails, keeping what came before, then rejects it and credits what follows', async () => {
    const chainId = nextChain++;
    const [a, b, c] = [await payee(), await payee(), await payee()];
    const first = transfer(chainId, a.address, 1n, 'a1', 13n);
    const stuck = transfer(chainId, b.address, 2n, 'b2', 13n);
    const after = transfer(chainId, c.address, 3n, 'c3', 13n);
    const failing = new Map([[stuck.txHash, Number.POSITIVE_INFINITY]]);
    const { watcher, cursor, scans } = watcherOver([after, stuck, first], failing);

    for (let attempt = 1; attempt < MAX_INGEST_ATTEMPTS; attempt++) {
      await expect(watcher.runOnce()).rejects.toThrow('ingestion hit an unexpected state');
      // The transfer before it is credited, once; the cursor waits just before the failing block.
      expect(await cursor()).toBe(1n);
      expect(await balanceOf(a.client)).toBe('10');
      expect(await balanceOf(c.client)).toBe('0');
    }
    expect(scans.map((s) => s.credited)).toEqual([1, 0, 0, 0]);

    // Out of attempts: recorded as rejected with the reason, and the watcher moves on in the same scan.
    expect(await watcher.runOnce()).toBe(1);
    expect(await cursor()).toBe(3n);
    expect(scans.at(-1)).toEqual({ seen: 2, credited: 1, rejected: 1 });
    expect(await balanceOf(b.client)).toBe('0');
    expect(await balanceOf(c.client)).toBe('10');
    const [row] = await t.database.db
      .select()
      .from(rejectedDeposits)
      .where(and(eq(rejectedDeposits.chainId, chainId), eq(rejectedDeposits.txHash, stuck.txHash)));
    expect(row).toMatchObject({
      code: 'failed',
      userId: b.user.id,
      blockNumber: '2',
      amountRaw: String(13n * 10n ** 18n),
    });
    expect(row!.reason).toBe(
      'Not credited: it could not be recorded (ingestion hit an unexpected state). Follow it up with the user.',
    );
    // Rejected for good: working again later does not credit it behind the admin's back.
    failing.clear();
    await t.database.db.update(chainCursors).set({ lastBlock: 0n }).where(eq(chainCursors.chainId, chainId));
    expect(await watcher.runOnce()).toBe(0);
    expect(await balanceOf(b.client)).toBe('0');
    expect(await t.database.db.select().from(deposits).where(eq(deposits.chainId, chainId))).toHaveLength(2);
    await expectLedgerConsistent(t);
  });

  it('scans afresh for a payment made while a scan is in flight (the development payment routes), where runOnce shares that scan', async () => {
    const chainId = nextChain++;
    const [a, b] = [await payee(), await payee()];
    const transfers = [transfer(chainId, a.address, 1n, 'd1', 13n)];
    let release!: () => void;
    const headRead = new Promise<void>((resolve) => (release = resolve));
    const { watcher } = watcherOver(transfers, new Map(), undefined, headRead);

    const inFlight = watcher.runOnce(); // has read the head: block 1
    await new Promise((resolve) => setTimeout(resolve, 10));
    transfers.push(transfer(chainId, b.address, 2n, 'd2', 13n)); // paid now, in block 2
    const shared = watcher.runOnce();
    const fresh = watcher.runFresh();
    release();
    expect(await inFlight).toBe(1);
    expect(await shared).toBe(1); // the same scan: block 2 unseen
    expect(await fresh).toBe(1); // a scan of its own, after it: block 2 credited
    expect(await balanceOf(b.client)).toBe('10');
  });

  it('credits a transfer whose failure passes before it runs out of attempts', async () => {
    const chainId = nextChain++;
    const [a, b] = [await payee(), await payee()];
    const flaky = transfer(chainId, a.address, 5n, 'd5', 23n);
    const next = transfer(chainId, b.address, 6n, 'e6', 8n);
    const { watcher, cursor } = watcherOver([flaky, next], new Map([[flaky.txHash, MAX_INGEST_ATTEMPTS - 1]]));
    for (let attempt = 1; attempt < MAX_INGEST_ATTEMPTS; attempt++) {
      await expect(watcher.runOnce()).rejects.toThrow();
      expect(await cursor()).toBe(4n);
    }
    expect(await watcher.runOnce()).toBe(2);
    expect(await cursor()).toBe(6n);
    expect(await balanceOf(a.client)).toBe('20');
    expect(await balanceOf(b.client)).toBe('5');
    expect(await t.database.db.select().from(rejectedDeposits).where(eq(rejectedDeposits.chainId, chainId))).toEqual(
      [],
    );
  });

  it('never rejects a transfer because the database was away, however long', async () => {
    const chainId = nextChain++;
    const a = await payee();
    const waiting = transfer(chainId, a.address, 7n, 'f7', 13n);
    const outage = new Map([[waiting.txHash, MAX_INGEST_ATTEMPTS * 3]]);
    const { watcher } = watcherOver([waiting], outage, 'Connection terminated unexpectedly');
    for (let attempt = 1; attempt <= MAX_INGEST_ATTEMPTS * 3; attempt++) {
      await expect(watcher.runOnce()).rejects.toThrow('Connection terminated');
    }
    expect(await watcher.runOnce()).toBe(1);
    expect(await balanceOf(a.client)).toBe('10');
    expect(await t.database.db.select().from(rejectedDeposits).where(eq(rejectedDeposits.chainId, chainId))).toEqual(
      [],
    );
  });

  it('looks up only the recipients of the transfers in its blocks, and credits only deposit addresses', async () => {
    const u = await payee();
    const chainId = nextChain++;
    const pay = transfer(chainId, u.address, 3n, 'c7', 9n);
    // 2,500 transfers to strangers beside the payee's in the same blocks: far more than one batch of parameters.
    const strangers = Array.from({ length: 2_500 }, (_, i) =>
      transfer(chainId, `0x${(i + 1).toString(16).padStart(40, '0')}`, 2n + BigInt(i % 2), 'd8', 1n),
    ).map((x, i) => ({ ...x, logIndex: i + 1 }));
    const scanner: ChainScanner = {
      name: 'bsc',
      chainId,
      maxRange: 5_000n,
      safeHead: async () => 3n,
      transfers: async (from, to) => [...strangers, pay].filter((x) => x.blockNumber >= from && x.blockNumber <= to),
      outgoing: async () => [],
      confirmations: 0,
      transaction: async () => null,
      holdings: async () => ({ token: new Map(), gasWei: 0n, sweepGasWei: 0n, decimals: 18 }),
    };
    const asked: string[][] = [];
    const real = t.app.services.deposits;
    const ingested: string[] = [];
    const watcher = createDepositWatcher({
      db: t.database.db,
      clock: t.clock,
      scanner,
      deposits: {
        ...real,
        async depositAddressesAmong(candidates) {
          asked.push(candidates);
          return real.depositAddressesAmong(candidates);
        },
        async ingestMany(transfers) {
          ingested.push(...transfers.map((x) => x.to));
          return real.ingestMany(transfers);
        },
      },
      lock: { acquire: async () => true, release: async () => undefined },
      log: t.app.log,
      intervalMs: 60_000,
      startBlock: 1n,
    });
    expect(await watcher.runOnce()).toBe(1);
    // One look-up for the one chunk scanned, of its distinct recipients; only the deposit address is ingested.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(2_501);
    expect(new Set(asked[0])).toEqual(new Set([...strangers.map((x) => x.to), u.address]));
    expect(ingested).toEqual([u.address]);
    expect(await balanceOf(u.client)).not.toBe('0');
    await expectLedgerConsistent(t);
  });

  it('finds deposit addresses among any number of candidates in one look-up', async () => {
    const [a, b] = [await payee(), await payee()];
    const noise = Array.from({ length: 70_000 }, (_, i) => `0x${(i + 7).toString(16).padStart(40, 'f')}`);
    const found = await t.app.services.deposits.depositAddressesAmong([...noise, a.address, b.address]);
    expect(found).toEqual(new Set([a.address, b.address]));
    expect(await t.app.services.deposits.depositAddressesAmong([])).toEqual(new Set());
  });
});
