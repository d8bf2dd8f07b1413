import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { countRoundTrips, roundTripsOf } from '../round-trips.js';
import {
  adminSignIn,
  buildTestApp,
  Client,
  createAdmin,
  signedInUser,
  topUp,
  type TestApp,
  sessionLastSeenMs,
  expectLedgerConsistent,
} from '../helpers.js';

// Convert, buy and transfer answer in one SQL round trip (docs/decisions/0021): the session check, the key's
// claim, the posting, the summary and the stored answer are one function call. Everything the statement does
// not vouch for is handed back to the ordinary code, which must answer exactly as it does on every other route.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function funded(amount = '50') {
  const u = await signedInUser(t.app);
  await topUp(u.client, amount);
  expect((await u.client.post(API.stakingConvert, { direction: 'toFund', amount })).status).toBe(200);
  return u;
}

const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

describe('a staking move in one round trip', () => {
  it('costs one statement with an Idempotency-Key, and one without', async () => {
    const a = await funded();
    const b = await signedInUser(t.app);
    const counter = countRoundTrips(t.database);
    try {
      for (const headers of [{ 'idempotency-key': key() }, {}] as Record<string, string>[]) {
        const trips = await counter.count(async () => {
          const res = await a.client.post(API.stakingTransfer, { recipient: b.user.username, amount: '1' }, headers);
          expect(res.status).toBe(200);
        });
        expect(trips).toBe(1);
      }
      for (const body of [
        { path: API.stakingConvert, payload: { direction: 'toBalance', amount: '1' } },
        { path: API.stakingBuy, payload: { amount: '1' } },
      ]) {
        const trips = await counter.count(async () => {
          expect((await a.client.post(body.path, body.payload, { 'idempotency-key': key() })).status).toBe(200);
        });
        expect(trips).toBe(1);
      }
    } finally {
      counter.restore();
    }
    await expectLedgerConsistent(t);
  });

  it('stores the answer with the posting, replays it rendered the same, and refuses the key for another body', async () => {
    const a = await funded();
    const b = await signedInUser(t.app);
    const k = key();
    const body = { recipient: b.user.username, amount: '7.25' };
    const first = await a.client.post(API.stakingTransfer, body, { 'idempotency-key': k });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(MSG.staking.transferred('7.25', b.user.username));
    expect(first.body.summary.fundBalance).toBe('42.75');
    const [stored] = await queryRows<{ status_code: number; committed: boolean; result: { outcome: string } }>(
      t.database.db,
      sql`select status_code, committed_at is not null as committed, result from idempotency_keys
          where scope = ${'user:' + a.user.id} and key = ${k}`,
    );
    expect(stored).toMatchObject({ status_code: 200, committed: true, result: { outcome: 'ok' } });

    t.clock.advance(5_000);
    const again = await a.client.post(API.stakingTransfer, body, { 'idempotency-key': k });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await a.client.post(API.stakingTransfer, { ...body, amount: '1' }, { 'idempotency-key': k });
    expect(other.status).toBe(422);
    expect((await b.client.get(API.staking)).body.fundBalance).toBe('7.25');
  });

  it('moves money once for ten copies of one request sent at once, and answers each the same', async () => {
    const a = await funded();
    const b = await signedInUser(t.app);
    const k = key();
    const body = { recipient: b.user.username, amount: '3' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => a.client.post(API.stakingTransfer, body, { 'idempotency-key': k })),
    );
    // A copy either waited for the first to commit and replays it, or was told it is still in progress.
    const done = answers.filter((r) => r.status === 200);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const r of done) expect(r.body).toEqual(done[0]!.body);
    for (const r of answers.filter((r) => r.status !== 200)) expect(r.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect((await b.client.get(API.staking)).body.fundBalance).toBe('3');
    expect((await a.client.get(API.staking)).body.fundBalance).toBe('47');
  });

  it('refuses in the spec words, stores the refusal, and posts nothing', async () => {
    const a = await funded('5');
    const b = await signedInUser(t.app);
    const k = key();
    const tooMuch = { recipient: b.user.username, amount: '6' };
    const refused = await a.client.post(API.stakingTransfer, tooMuch, { 'idempotency-key': k });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MSG.staking.transferInsufficient);
    const replay = await a.client.post(API.stakingTransfer, tooMuch, { 'idempotency-key': k });
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual(refused.body);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const self = await a.client.post(API.stakingTransfer, { recipient: a.user.username.toUpperCase(), amount: '1' });
    expect(self.body.error.message).toBe(MSG.staking.transferSelf);
    const nobody = await a.client.post(API.stakingTransfer, { recipient: 'no-such-user-here', amount: '1' });
    expect(nobody.body.error.message).toBe(MSG.staking.transferUnknown);
    const admin = await createAdmin(t);
    const [adminRow] = await queryRows<{ username: string }>(
      t.database.db,
      sql`select username from users where id = ${admin.id}`,
    );
    const toAdmin = await a.client.post(API.stakingTransfer, { recipient: adminRow!.username, amount: '1' });
    expect(toAdmin.body.error.message).toBe(MSG.staking.transferUnknown);
    expect((await a.client.get(API.staking)).body.fundBalance).toBe('5');
    await expectLedgerConsistent(t);
  });
});

describe('what the statement hands back to the ordinary session check', () => {
  const transfer = (client: Client, recipient: string) =>
    client.post(API.stakingTransfer, { recipient, amount: '1' }, { 'idempotency-key': key() });

  it('touches a session due its touch in the statement itself: still one round trip', async () => {
    const a = await funded();
    const b = await signedInUser(t.app);
    t.clock.advance(5 * 60_000);
    const trips = await roundTripsOf(t.database, async () => {
      expect((await transfer(a.client, b.user.username)).status).toBe(200);
    });
    expect(trips).toBe(1);
    expect(Math.abs((await sessionLastSeenMs(t, a.user.id)) - t.clock.now().getTime())).toBeLessThan(5_000);
  });

  it('answers 401 for an idle, a disabled or a missing session and deletes the dead one', async () => {
    const a = await funded();
    const b = await signedInUser(t.app);
    t.clock.advance((t.config.SESSION_IDLE_MINUTES + 1) * 60_000);
    const idle = await transfer(a.client, b.user.username);
    expect(idle.status).toBe(401);
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from sessions where user_id = ${a.user.id}`,
    );
    expect(left!.n).toBe(0);

    const c = await funded();
    await t.database.db.execute(sql`update users set disabled = true where id = ${c.user.id}`);
    expect((await transfer(c.client, b.user.username)).status).toBe(401);

    expect((await transfer(new Client(t.app), b.user.username)).status).toBe(401);
  });

  it('answers who-are-you before a bad body: 401 anonymous, 403 an admin, 400 the user', async () => {
    const b = await signedInUser(t.app);
    const bad = { recipient: b.user.username, amount: 'lots' };
    expect((await new Client(t.app).post(API.stakingTransfer, bad)).status).toBe(401);
    const admin = new Client(t.app, '10.9.9.9');
    await adminSignIn(t, admin, await createAdmin(t));
    expect((await admin.post(API.stakingTransfer, bad)).status).toBe(403);
    expect((await admin.post(API.stakingBuy, { amount: '0.5' })).status).toBe(403);
    const res = await b.client.post(API.stakingTransfer, bad);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.staking.transferInvalid);
  });
});

describe('an investment in one round trip', () => {
  it('costs one statement, and prices with the plan the operator changed since it was read', async () => {
    // The process reads the plans on its first investment, then keeps them.
    const first = await signedInUser(t.app);
    await topUp(first.client, '10');
    expect((await first.client.post(API.investments, { plan: 'standard', duration: 45, amount: '10' })).status).toBe(
      200,
    );
    const u = await signedInUser(t.app);
    await topUp(u.client, '100');
    const trips = await roundTripsOf(t.database, async () => {
      const res = await u.client.post(
        API.investments,
        { plan: 'standard', duration: 45, amount: '10' },
        { 'idempotency-key': key() },
      );
      expect(res.status).toBe(200);
    });
    expect(trips).toBe(1);

    // The operator doubles Silver's multiplier: the process's copy is stale, the statement refuses it, the
    // service reads the plans again, and the investment is priced with the plan as it is now.
    const v = await signedInUser(t.app);
    await topUp(v.client, '100');
    await t.database.db.execute(sql`update plans set multiplier = multiplier * 2 where code = 'silver'`);
    try {
      const res = await v.client.post(API.investments, { plan: 'silver', duration: 45, amount: '20' });
      expect(res.status).toBe(200);
      expect(res.body.investment.expectedWithdrawal).toBe('90');
    } finally {
      await t.database.db.execute(sql`update plans set multiplier = multiplier / 2 where code = 'silver'`);
    }
    await expectLedgerConsistent(t);
  });
});
