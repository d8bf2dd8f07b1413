import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG, TAP_SAVE_WINDOW_MS } from '@svp/shared';
import { eq } from 'drizzle-orm';
import { engagement } from '../../src/db/schema.js';
import { systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import {
  buildTestApp,
  invest,
  signedInUser,
  topUp,
  type TestApp,
  travelAndSignIn,
  expectLedgerConsistent,
} from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let grant = 0;
async function giveCoins(userId: string, coins: bigint) {
  await t.app.services.ledger.post({
    kind: 'test.coins',
    idempotencyKey: `test-coins:${++grant}`,
    legs: [
      { account: systemAccount('coin.issuance'), amount: -coins * 100n },
      { account: userAccount(userId, 'coin.coins'), amount: coins * 100n },
    ],
  });
}

describe('welcome reward', () => {
  it('reports it unclaimed, grants 20,000 coins once on "I\'ve Done It", then reports it claimed', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.get(API.rewards)).body).toMatchObject({ rewardClaimed: 0, coins: '0', dailyCoins: '0' });
    const res = await client.post(API.rewardsWelcome);
    expect(res.body).toMatchObject({ success: true, message: MSG.rewards.welcomeUpdated, coins: '20000' });
    expect((await client.get(API.rewards)).body.rewardClaimed).toBe(1);
    const again = await client.post(API.rewardsWelcome);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.rewards.welcomeAlready);
  });

  it('grants it once under 20 concurrent claims', async () => {
    const { client } = await signedInUser(t.app);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.post(API.rewardsWelcome)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await client.get(API.me)).body.user.coins).toBe('20000');
    await expectLedgerConsistent(t);
  });
});

describe('daily coins', () => {
  it('accrue per day at base × plan power, settle lazily and once, and move to coins on claim', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '50');
    await invest(u.client, 'gold', '50'); // power 3
    expect((await u.client.post(API.rewardsDaily)).body.error.message).toBe(MSG.rewards.noDailyCoins);
    await travelAndSignIn(t, u, 3 * DAY_MS);
    // Three day starts passed with an active Gold plan: 3 × 1,000 × 3.
    const status = (await u.client.get(API.rewards)).body;
    expect(status.dailyCoins).toBe('9000');
    expect((await u.client.get(API.me)).body.user.dailyCoins).toBe('9000');
    const claims = await Promise.all(Array.from({ length: 10 }, () => u.client.post(API.rewardsDaily)));
    expect(claims.filter((r) => r.status === 200)).toHaveLength(1);
    const claimed = claims.find((r) => r.status === 200)!;
    expect(claimed.body).toMatchObject({ message: MSG.rewards.dailyClaimed, coins: '9000', dailyCoins: '0' });
    expect((await u.client.get(API.me)).body.user).toMatchObject({ coins: '9000', dailyCoins: '0' });
    await expectLedgerConsistent(t);
  });

  it('gives nothing without an active plan', async () => {
    const u = await signedInUser(t.app);
    await travelAndSignIn(t, u, 2 * DAY_MS);
    expect((await u.client.get(API.rewards)).body.dailyCoins).toBe('0');
  });
});

describe('trading bot', () => {
  it('needs a plan, then 500,000 coins or $5, with the spec messages', async () => {
    const u = await signedInUser(t.app);
    const noPlan = await u.client.post(API.botActivate, { method: 'coins' });
    expect(noPlan.body.error.message).toBe(MSG.bot.needPlan);
    await topUp(u.client, '14');
    await invest(u.client, 'standard', '10');
    expect((await u.client.post(API.botActivate, { method: 'coins' })).body.error.message).toBe(MSG.bot.needCoins);
    expect((await u.client.post(API.botActivate, { method: 'balance' })).body.error.message).toBe(MSG.bot.needBalance);
    await giveCoins(u.user.id, 500_000n);
    const res = await u.client.post(API.botActivate, { method: 'coins' });
    expect(res.body).toMatchObject({ success: true, message: MSG.bot.activated, botStatus: 1, state: 'active' });
    expect((await u.client.get(API.me)).body.user).toMatchObject({ botStatus: 1, coins: '0' });
    expect((await u.client.post(API.botActivate, { method: 'coins' })).body.error.message).toBe(MSG.bot.alreadyActive);
  });

  it('activates for $5 from the balance', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '15');
    await invest(u.client, 'standard', '10');
    const res = await u.client.post(API.botActivate, { method: 'balance' });
    expect(res.status).toBe(200);
    expect((await u.client.get(API.me)).body.user.balance).toBe('0');
  });

  it('charges 100,000 coins per 24 h and pauses with a reason when it cannot', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    await invest(u.client, 'standard', '10');
    await giveCoins(u.user.id, 700_000n);
    await u.client.post(API.botActivate, { method: 'coins' }); // 200,000 left
    await travelAndSignIn(t, u, 2 * DAY_MS + 1000); // two upkeeps due
    let bot = (await u.client.get(API.bot)).body;
    expect(bot.state).toBe('active');
    // Daily coins of the Standard plan (2 days × 1,000) are not spendable coins until claimed.
    expect((await u.client.get(API.rewards)).body.coins).toBe('0');
    await travelAndSignIn(t, u, DAY_MS);
    bot = (await u.client.get(API.bot)).body;
    expect(bot).toMatchObject({ state: 'paused', botStatus: 0, reason: MSG.bot.paused });
    await expectLedgerConsistent(t);
  });

  it('activates once under 20 concurrent requests', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    await invest(u.client, 'standard', '10');
    await giveCoins(u.user.id, 5_000_000n);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => u.client.post(API.botActivate, { method: 'coins' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect((await u.client.get(API.me)).body.user.coins).toBe('4500000');
    await expectLedgerConsistent(t);
  });
});

describe('taps', () => {
  it('saves taps at 0.25 coin each and counts total clicks', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get(API.taps)).body.totalClicks).toBe(0);
    t.clock.advance(10_000);
    const res = await u.client.post(API.taps, { clicks: 40 });
    expect(res.body).toMatchObject({ totalClicks: 40, coins: '10', message: MSG.taps.saved });
    expect((await u.client.post(API.taps, { clicks: 0 })).body.error.message).toBe(MSG.taps.none);
  });

  it('refuses more taps than a human could make since the last save', async () => {
    const u = await signedInUser(t.app);
    await u.client.get(API.taps);
    t.clock.advance(2_000); // 2 s × 20/s = 40 at most
    const res = await u.client.post(API.taps, { clicks: 500 });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(MSG.taps.tooFast);
    expect((await u.client.post(API.taps, { clicks: 60 })).status).toBe(429);
    expect((await u.client.post(API.taps, { clicks: 40 })).status).toBe(200);
  });

  it('enforces the daily cap', async () => {
    const u = await signedInUser(t.app);
    await u.client.get(API.taps);
    // 10,000 taps, a save window's worth at a time (DESIGN D9: no save banks more).
    const perSave = (t.config.TAP_RATE_PER_SECOND * TAP_SAVE_WINDOW_MS) / 1000;
    for (let left = 10_000; left > 0; left -= perSave) {
      t.clock.advance(TAP_SAVE_WINDOW_MS);
      expect((await u.client.post(API.taps, { clicks: Math.min(perSave, left) })).status).toBe(200);
    }
    expect((await u.client.get(API.taps)).body.totalClicks).toBe(10_000);
    t.clock.advance(60_000);
    const res = await u.client.post(API.taps, { clicks: 1 });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(MSG.taps.dailyCap(10_000));
  });

  it('accepts 20 concurrent saves only within one shared allowance', async () => {
    const u = await signedInUser(t.app);
    await u.client.get(API.taps);
    t.clock.advance(5_000); // 5 s × 20/s = 100 taps in all, shared by the saves
    const results = await Promise.all(Array.from({ length: 20 }, () => u.client.post(API.taps, { clicks: 50 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect((await u.client.get(API.taps)).body.totalClicks).toBe(100);
    await expectLedgerConsistent(t);
  });

  it('gives no save a fresh burst: 50 saves of 20, back to back and at once, bank only what the time allows', async () => {
    const u = await signedInUser(t.app);
    await u.client.get(API.taps);
    const [row] = await t.database.db.select().from(engagement).where(eq(engagement.userId, u.user.id));
    t.clock.advance(1_000);
    const results = [];
    for (let i = 0; i < 25; i++) results.push(await u.client.post(API.taps, { clicks: 20 }));
    results.push(...(await Promise.all(Array.from({ length: 25 }, () => u.client.post(API.taps, { clicks: 20 })))));
    const banked = (await u.client.get(API.taps)).body.totalClicks;
    // What a human could tap between the start of the allowance and now (it grows with real time too).
    const elapsed = t.clock.now().getTime() - row!.lastTapSaveAt.getTime();
    expect(banked).toBeGreaterThanOrEqual(20);
    expect(banked).toBeLessThanOrEqual(Math.floor((elapsed * t.config.TAP_RATE_PER_SECOND) / 1000));
    expect(results.filter((r) => r.status === 200)).toHaveLength(banked / 20);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.error.message === MSG.taps.tooFast)).toBe(true);
    expect((await u.client.get(API.taps)).body.coins).toBe(String(banked / 4));
    await expectLedgerConsistent(t);
  });
});
