import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { withdrawalsRepository } from '../../src/modules/withdrawals/withdrawals.repository.js';
import { roundTripsOf } from '../round-trips.js';
import {
  buildTestApp,
  giveEarnings,
  invest,
  signedInUser,
  topUp,
  type TestApp,
  sessionLastSeenMs,
  expectLedgerConsistent,
} from '../helpers.js';

// A withdrawal request is priced from one read and made in one statement (docs/decisions/0026): two round trips,
// the key and the answer stored with the work, and a request priced from a state that changed is priced again.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

async function maturedUser() {
  const u = await signedInUser(t.app);
  await topUp(u.client, '10');
  expect((await invest(u.client, 'standard', '10')).status).toBe(200);
  t.clock.advance(45 * DAY_MS);
  expect((await u.client.post(API.login, { email: u.email, password: u.password })).status).toBe(200);
  await giveEarnings(t, u.user.id, 5n);
  return u;
}

describe('a withdrawal request in two round trips', () => {
  it('reads, then requests in one statement; a replay answers the same without a round trip to price', async () => {
    const u = await maturedUser();
    const k = key();
    let first;
    const trips = await roundTripsOf(t.database, async () => {
      first = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': k });
    });
    expect(trips).toBe(2);
    expect(first!.status).toBe(200);
    expect(first!.body).toMatchObject({ message: MSG.withdraw.success, withdrawal: { status: 'pending' } });
    const again = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': k });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first!.body);
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id::text from withdrawals where user_id = ${u.user.id}`,
    );
    expect(rows).toHaveLength(1);
    // The request's notification is written with it (issue 18).
    const notes = await queryRows<{ type: string }>(
      t.database.db,
      sql`select type from notifications where user_id = ${u.user.id} and type = 'withdrawal.requested'`,
    );
    expect(notes).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('touches a session due its touch in the read: still two round trips', async () => {
    const u = await maturedUser();
    t.clock.advance(5 * 60_000);
    const trips = await roundTripsOf(t.database, async () => {
      const res = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': key() });
      expect(res.status).toBe(200);
    });
    expect(trips).toBe(2);
    expect(Math.abs((await sessionLastSeenMs(t, u.user.id)) - t.clock.now().getTime())).toBeLessThan(5_000);
  });

  it('stores a refusal as the answer and posts nothing', async () => {
    const u = await signedInUser(t.app);
    const k = key();
    const res = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': k });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.withdraw.noPlan);
    const again = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': k });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.withdraw.noPlan);
  });

  it('prices again when the earnings changed between the read and the request', async () => {
    const u = await maturedUser();
    const before = (await u.client.get(API.withdrawalQuote)).body.maturity.payout;
    // Earnings arrive right after the request read what it prices from (a referral bonus, say): the statement
    // finds the state changed (SV004) and the request is read and priced again, with them.
    const read = withdrawalsRepository.requestRead;
    let reads = 0;
    withdrawalsRepository.requestRead = async (db, frame) => {
      const row = await read(db, frame);
      if (++reads === 1) await giveEarnings(t, u.user.id, 1n);
      return row;
    };
    try {
      const res = await u.client.post(API.withdrawals, { kind: 'maturity' });
      expect(res.status).toBe(200);
      expect(reads).toBe(2);
      expect(Number(res.body.withdrawal.payout)).toBeCloseTo(Number(before) + 1, 6);
    } finally {
      withdrawalsRepository.requestRead = read;
    }
    await expectLedgerConsistent(t);
  });
});
