import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
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

// A withdrawal request is one statement (docs/decisions/0038): it locks the plan, prices the payout from what it
// locked, and stores the key and the answer with the work: one round trip.

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

describe('a withdrawal request in one round trip', () => {
  it('requests in one statement; a replay answers the same', async () => {
    const u = await maturedUser();
    const k = key();
    let first;
    const trips = await roundTripsOf(t.database, async () => {
      first = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': k });
    });
    expect(trips).toBe(1);
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
    // The request's notification is written with it (ADR 0025).
    const notes = await queryRows<{ type: string }>(
      t.database.db,
      sql`select type from notifications where user_id = ${u.user.id} and type = 'withdrawal.requested'`,
    );
    expect(notes).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('touches a session due its touch in the statement: still one round trip', async () => {
    const u = await maturedUser();
    t.clock.advance(5 * 60_000);
    const trips = await roundTripsOf(t.database, async () => {
      const res = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': key() });
      expect(res.status).toBe(200);
    });
    expect(trips).toBe(1);
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

  it('pays the earnings there when it runs, and the quote and the answer agree to the micro-dollar', async () => {
    const u = await maturedUser();
    await giveEarnings(t, u.user.id, 1n);
    const quote = (await u.client.get(API.withdrawalQuote)).body.maturity;
    const res = await u.client.post(API.withdrawals, { kind: 'maturity' });
    expect(res.status).toBe(200);
    expect(res.body.withdrawal.payout).toBe(quote.payout);
    // Everything the plan held left it: the earnings and the invested amount are 0, the payout is pending.
    const balances = await t.app.services.ledger.balances(u.user.id);
    expect(balances.get('usd.earnings') ?? 0n).toBe(0n);
    expect(balances.get('usd.invested') ?? 0n).toBe(0n);
    expect(String(Number(balances.get('usd.withdrawal_pending')) / 1e6)).toBe(quote.payout);
    await expectLedgerConsistent(t);
  });

  it('stores a refusal with what it was priced from: a replay days later words it the same', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    expect((await invest(u.client, 'standard', '10')).status).toBe(200);
    const k = key();
    const res = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': k });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.withdraw.notMatured(45));
    t.clock.advance(2 * DAY_MS);
    expect((await u.client.post(API.login, { email: u.email, password: u.password })).status).toBe(200);
    const again = await u.client.post(API.withdrawals, { kind: 'maturity' }, { 'idempotency-key': k });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.withdraw.notMatured(45));
  });
});
