import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/client.js';
import { acquireLease, leaseHolder, LeaseTimeout, renew, tryAcquire } from '../../src/treasury-runner/lease.js';
import { stepsRepository } from '../../src/treasury-runner/steps.repository.js';
import { createTestDatabase } from '../helpers.js';

// The treasury lock (ADR 0041): a lease row per chain, taken only when free, expired or already ours;
// a step is recorded only while its run still holds the lease; nothing of 0 is recorded.
const CHAIN = 97;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const db = () => database.database.db;
const clock = createClock();

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const step = (nonce: number, amountRaw = 5n) => ({
  chainId: CHAIN,
  kind: 'sweep' as const,
  withdrawalId: null,
  fromAddress: `0x${String(nonce).padStart(40, '1')}`,
  toAddress: `0x${'2'.repeat(40)}`,
  amountRaw,
  nonce,
  txHash: `0x${String(nonce).padStart(64, 'a')}`,
  rawTx: '{}',
});

describe('the treasury lease', () => {
  it('is held by one owner at a time, renewed by it, and free again once it expires', async () => {
    expect(await tryAcquire(db(), CHAIN, 'a', 60_000)).toBe(true);
    expect(await tryAcquire(db(), CHAIN, 'b', 60_000)).toBe(false);
    expect(await tryAcquire(db(), CHAIN, 'a', 60_000)).toBe(true); // already a's
    expect(await renew(db(), CHAIN, 'a', 60_000)).toBe(true);
    expect(await renew(db(), CHAIN, 'b', 60_000)).toBe(false);
    expect((await leaseHolder(db(), CHAIN))?.owner).toBe('a');
    // a's process stops renewing: once the lease has expired, b takes it and a can no longer renew it.
    await db().execute(sql`update treasury_locks set expires_at = clock_timestamp() - interval '1 second'`);
    expect(await leaseHolder(db(), CHAIN)).toBeNull();
    expect(await tryAcquire(db(), CHAIN, 'b', 60_000)).toBe(true);
    expect(await renew(db(), CHAIN, 'a', 60_000)).toBe(false);
    await db().execute(sql`delete from treasury_locks`);
  });

  it('makes a second run wait for the first, and gives up with who holds it after the wait', async () => {
    const first = await acquireLease(db(), CHAIN, { owner: 'first' });
    const waited: (string | undefined)[] = [];
    await expect(
      acquireLease(db(), CHAIN, { owner: 'second', waitMs: 200, pollMs: 20, onWait: (h) => waited.push(h?.owner) }),
    ).rejects.toBeInstanceOf(LeaseTimeout);
    expect(waited).toEqual(['first']);
    const second = acquireLease(db(), CHAIN, { owner: 'second', waitMs: 5_000, pollMs: 20 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await first.release();
    const held = await second;
    expect((await leaseHolder(db(), CHAIN))?.owner).toBe('second');
    await held.release();
    expect(await queryRows(db(), sql`select * from treasury_locks`)).toEqual([]);
  });

  it('records a step only while its run holds the lease, and never a step of 0', async () => {
    const lease = await acquireLease(db(), CHAIN, { owner: 'run-1' });
    expect(await stepsRepository.record(db(), step(1), clock.now(), 'run-1')).toMatchObject({ status: 'signed' });
    expect(await stepsRepository.record(db(), step(2), clock.now(), 'run-2')).toBe('lock-lost');
    expect(await stepsRepository.record(db(), step(3, 0n), clock.now(), 'run-1')).toBe('zero');
    // Its lease lapsed and another run took it: nothing more is recorded for the first.
    await db().execute(sql`update treasury_locks set expires_at = clock_timestamp() - interval '1 second'`);
    expect(await tryAcquire(db(), CHAIN, 'run-2')).toBe(true);
    expect(await stepsRepository.record(db(), step(4), clock.now(), 'run-1')).toBe('lock-lost');
    expect(await stepsRepository.record(db(), step(4), clock.now(), 'run-2')).toMatchObject({ status: 'signed' });
    await lease.release(); // deletes only its own row: run-2 still holds the lease
    expect((await leaseHolder(db(), CHAIN))?.owner).toBe('run-2');
  });
});
