import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { countRoundTrips, roundTripsOf } from '../round-trips.js';
import {
  buildTestApp,
  invest,
  signedInUser,
  topUp,
  type TestApp,
  travelAndSignIn,
  expectLedgerConsistent,
} from '../helpers.js';

// Selling tokens, claiming the daily coins and saving taps answer in one SQL round trip (docs/decisions/0026).
// When the user's accruals are due (a stake has ended, a new UTC day, the bot's upkeep) the statement hands the
// request back; the service settles them as before and the statement runs again.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

/** A user with $10 of SVP tokens in the wallet and $40 left in the fund. */
async function tokenHolder() {
  const u = await signedInUser(t.app);
  await topUp(u.client, '50');
  expect((await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '50' })).status).toBe(200);
  expect((await u.client.post(API.stakingBuy, { amount: '10' })).status).toBe(200);
  return u;
}

async function memoOf(userId: string, kind: string) {
  const rows = await queryRows<{ memo: string }>(
    t.database.db,
    sql`select memo from ledger_transactions where kind = ${kind} and actor_id = ${userId} order by id desc limit 1`,
  );
  return rows[0]?.memo;
}

describe('one round trip', () => {
  it('sells, stakes, claims the daily coins and saves taps in one statement each', async () => {
    const u = await tokenHolder();
    await topUp(u.client, '50');
    await invest(u.client, 'gold', '50');
    await travelAndSignIn(t, u, DAY_MS);
    expect((await u.client.get(API.me)).body.user.dailyCoins).toBe('3000'); // settles the new day
    t.clock.advance(2_000);
    const tokens = (await u.client.get(API.staking)).body.tokenWallet;

    const counter = countRoundTrips(t.database);
    const trips: Record<string, number> = {};
    try {
      trips.sell = await counter.count(async () => {
        const res = await u.client.post(API.stakingSell, { tokens: '10' }, { 'idempotency-key': key() });
        expect(res.status).toBe(200);
        expect(res.body.summary.tokenWallet).toBe(String(Number(tokens) - 10));
      });
      trips.stake = await counter.count(async () => {
        const res = await u.client.post(API.stakingStake, { tokens: '10' }, { 'idempotency-key': key() });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ message: MSG.staking.staked, summary: { staked: '10' } });
      });
      trips.claim = await counter.count(async () => {
        const res = await u.client.post(API.rewardsDaily, undefined, { 'idempotency-key': key() });
        expect(res.body).toMatchObject({ message: MSG.rewards.dailyClaimed, coins: '3000', dailyCoins: '0' });
      });
      trips.taps = await counter.count(async () => {
        const res = await u.client.post(API.taps, { clicks: 40 }, { 'idempotency-key': key() });
        expect(res.body).toMatchObject({ totalClicks: 40, coins: '3010', message: MSG.taps.saved });
      });
    } finally {
      counter.restore();
    }
    expect(trips).toEqual({ sell: 1, stake: 1, claim: 1, taps: 1 });
    expect(await memoOf(u.user.id, 'coins.daily-claim')).toBe('Claimed 3000 daily coins');
    expect(await memoOf(u.user.id, 'coins.taps')).toBe('Saved 40 taps (10 coins)');
    await expectLedgerConsistent(t);
  });

  it('replays a stored answer and a stored refusal rendered the same', async () => {
    const u = await signedInUser(t.app);
    t.clock.advance(1_000);
    const k = key();
    const first = await u.client.post(API.taps, { clicks: 20 }, { 'idempotency-key': k });
    expect(first.status).toBe(200);
    t.clock.advance(10);
    const again = await u.client.post(API.taps, { clicks: 20 }, { 'idempotency-key': k });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await u.client.get(API.taps)).body.totalClicks).toBe(20);

    const none = key();
    const refused = await u.client.post(API.rewardsDaily, undefined, { 'idempotency-key': none });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MSG.rewards.noDailyCoins);
    const refusedAgain = await u.client.post(API.rewardsDaily, undefined, { 'idempotency-key': none });
    expect(refusedAgain.status).toBe(409);
    expect(refusedAgain.body.error.message).toBe(MSG.rewards.noDailyCoins);
  });
});

describe('handed back to settle', () => {
  it('claims the coins of a day that started since the last request, settling it first', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '50');
    await invest(u.client, 'gold', '50');
    // Signed in again a minute before a UTC midnight (signing in settles the days so far: 1,000 × 3 coins), then
    // past it: nothing read the new day yet, so the claim settles its 3,000 coins, then claims all 6,000.
    await travelAndSignIn(t, u, DAY_MS + (DAY_MS - (t.clock.now().getTime() % DAY_MS)) - 60_000);
    t.clock.advance(2 * 60_000);
    let res!: Awaited<ReturnType<typeof u.client.post>>;
    const trips = await roundTripsOf(t.database, async () => {
      res = await u.client.post(API.rewardsDaily, undefined, { 'idempotency-key': key() });
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ coins: '6000', dailyCoins: '0' });
    // The statement; the settlement: BEGIN, the row locked once, the plans, the day's posting, the row updated and
    // read again, COMMIT; the statement again.
    expect(trips).toBe(1 + (1 + 1 + 1 + 1 + 2 + 1) + 1);
    t.clock.advance(1_000);
    expect((await u.client.post(API.taps, { clicks: 20 })).body.coins).toBe('6005');
    await expectLedgerConsistent(t);
  });

  it('sells the tokens of a stake that ended since the last request', async () => {
    const u = await tokenHolder();
    const tokens = (await u.client.get(API.staking)).body.tokenWallet;
    expect((await u.client.post(API.stakingStake, { tokens })).status).toBe(200);
    const short = await u.client.post(API.stakingSell, { tokens });
    expect(short.status).toBe(409);
    expect(short.body.error.message).toBe(MSG.staking.insufficientTokens);
    await travelAndSignIn(t, u, 61 * DAY_MS);
    // The stake ended: the statement hands the sale back, the stake is released to the wallet, then sold.
    let sold!: Awaited<ReturnType<typeof u.client.post>>;
    const trips = await roundTripsOf(t.database, async () => {
      sold = await u.client.post(API.stakingSell, { tokens }, { 'idempotency-key': key() });
    });
    // The statement; the settlement: BEGIN, the stake locked, its last yield and its release posted, the
    // notification, the stake's row updated once, COMMIT; the statement again.
    expect(trips).toBe(1 + (1 + 1 + 2 + 1 + 1 + 1) + 1);
    expect(sold.status).toBe(200);
    expect(sold.body.summary).toMatchObject({ tokenWallet: '0', staked: '0', stakingEndDate: null });
    await expectLedgerConsistent(t);
  });

  it('stakes again once a stake ended, releasing it first and moving its earnings to the balance', async () => {
    const u = await tokenHolder();
    const tokens = (await u.client.get(API.staking)).body.tokenWallet;
    expect((await u.client.post(API.stakingStake, { tokens })).status).toBe(200);
    const again = await u.client.post(API.stakingStake, { tokens: '1' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.staking.stakeActive);
    await travelAndSignIn(t, u, 61 * DAY_MS);
    const before = (await u.client.get(API.staking)).body;
    expect(Number(before.earned)).toBeGreaterThan(0);
    const res = await u.client.post(API.stakingStake, { tokens }, { 'idempotency-key': key() });
    expect(res.status).toBe(200);
    expect(res.body.summary).toMatchObject({ staked: tokens, tokenWallet: '0', earned: '0' });
    expect(Number(res.body.summary.balance)).toBeCloseTo(Number(before.balance) + Number(before.earned), 6);
    expect((await u.client.post(API.stakingStake, { tokens: '1' })).body.error.message).toBe(MSG.staking.stakeActive);
    await expectLedgerConsistent(t);
  });

  it('answers a first request of a user with no engagement row yet', async () => {
    const u = await signedInUser(t.app);
    await queryRows(t.database.db, sql`delete from engagement where user_id = ${u.user.id}`);
    t.clock.advance(1_000);
    const res = await u.client.post(API.taps, { clicks: 10 });
    expect(res.status).toBe(429); // the row starts its allowance now
    t.clock.advance(1_000);
    expect((await u.client.post(API.taps, { clicks: 10 })).status).toBe(200);
  });
});
