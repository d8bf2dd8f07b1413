import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { Client, buildTestApp, invest, signedInAdmin, signedInUser, topUp, type TestApp } from '../helpers.js';
import { countRoundTrips, type RoundTripCounter } from '../round-trips.js';

/**
 * The dashboard home's first screen (DESIGN §7): the requests apps/web/src/app/opening-area.ts sends for a page
 * load of /dashboard (its test checks the same list), answered in at most three database round trips.
 */
const FIRST_SCREEN = [API.me, API.config];
const ROUND_TRIP_BUDGET = 3;

let t: TestApp;
let counter: RoundTripCounter;
beforeAll(async () => {
  t = await buildTestApp();
  counter = countRoundTrips(t.database);
});
afterAll(async () => {
  counter?.restore();
  await t.close();
});

/** Round trips of the first screen's requests, sent one after another as `client`. */
async function firstScreen(client: Client) {
  const perRequest: Record<string, number> = {};
  for (const path of FIRST_SCREEN) {
    perRequest[path] = await counter.count(async () => expect((await client.get(path)).status).toBe(200));
  }
  return { perRequest, total: Object.values(perRequest).reduce((a, b) => a + b, 0) };
}

describe('the round-trip counter', () => {
  it('counts a statement as one round trip and a transaction with one statement as three', async () => {
    expect(await counter.count(() => t.database.db.execute(sql`select 1`))).toBe(1);
    expect(await counter.count(() => t.database.db.transaction((tx) => tx.execute(sql`select 1`)))).toBe(3);
  });
});

describe('GET /me', () => {
  it('answers the home coin box and bot box exactly as GET /rewards and GET /bot do', async () => {
    const fresh = await signedInUser(t.app);
    const me = (await fresh.client.get(API.me)).body;
    expect(me.engagement.rewards).toMatchObject({ rewardClaimed: 0, coins: '0', dailyCoins: '0' });
    expect(me.engagement.bot).toMatchObject({ state: 'inactive', botStatus: 0, reason: null, paidThrough: null });
    expect(me.engagement).toEqual({
      rewards: (await fresh.client.get(API.rewards)).body,
      bot: (await fresh.client.get(API.bot)).body,
    });

    // Welcome reward claimed, a plan, the bot bought with the balance: every field has a value to compare.
    const busy = await signedInUser(t.app);
    await topUp(busy.client, '50');
    expect((await invest(busy.client, 'standard', '10')).status).toBe(200);
    expect((await busy.client.post(API.rewardsWelcome)).status).toBe(200);
    expect((await busy.client.post(API.botActivate, { method: 'balance' })).status).toBe(200);
    const after = (await busy.client.get(API.me)).body;
    expect(after.engagement.rewards).toMatchObject({ rewardClaimed: 1, coins: '20000' });
    expect(after.engagement.bot).toMatchObject({ state: 'active', botStatus: 1 });
    expect(after.engagement.bot.paidThrough).toEqual(expect.any(String));
    expect(after.engagement).toEqual({
      rewards: (await busy.client.get(API.rewards)).body,
      bot: (await busy.client.get(API.bot)).body,
    });
    expect(after.user).toMatchObject({ coins: '20000', botStatus: 1 });
  });

  it('has no engagement for an admin, who has no coins or bot', async () => {
    const admin = await signedInAdmin(t);
    const me = await admin.client.get(API.me);
    expect(me.status).toBe(200);
    expect(me.body.engagement).toBeNull();
  });
});

describe("the dashboard home's first screen", () => {
  it('costs one round trip on a process that has served the user before', async () => {
    const u = await signedInUser(t.app);
    await u.client.get(API.me); // the new user's engagement is set up once, on the first read
    const { perRequest, total } = await firstScreen(u.client);
    expect(perRequest).toEqual({ [API.me]: 1, [API.config]: 0 });
    expect(total).toBeLessThanOrEqual(ROUND_TRIP_BUDGET);
  });

  it(`costs at most ${ROUND_TRIP_BUDGET} round trips on a fresh process, with the session's last-seen due`, async () => {
    const u = await signedInUser(t.app);
    await u.client.get(API.me);
    // Another process on the same database: nothing cached, no statement prepared. Two minutes on, the session's
    // last-seen time is written again (once a minute), so this is the costliest ordinary page load.
    const other = await buildApp({ config: t.config, db: t.database.db, relaxed: t.database.relaxed, clock: t.clock });
    try {
      await other.ready();
      t.clock.advance(2 * 60_000);
      const client = new Client(other);
      client.cookies = new Map(u.client.cookies);
      const { perRequest, total } = await firstScreen(client);
      // Today: session and snapshot in one statement, the statement lines (not cached yet), the last-seen write.
      expect(perRequest[API.config]).toBe(0);
      expect(total).toBeLessThanOrEqual(ROUND_TRIP_BUDGET);
    } finally {
      await other.close();
    }
  });
});
