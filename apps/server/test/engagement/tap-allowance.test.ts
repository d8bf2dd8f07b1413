import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG, TAP_SAVE_WINDOW_MS } from '@svp/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import {
  buildTestApp,
  expectLedgerConsistent,
  signedInUser,
  travelAndSignIn,
  type Response,
  type TestApp,
} from '../helpers.js';

// DESIGN D9: a save banks at most what the rate allows since the last accepted save, never more than one save
// window's worth: idle time is not banked.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const rate = () => t.config.TAP_RATE_PER_SECOND;
const windowTaps = () => (rate() * TAP_SAVE_WINDOW_MS) / 1000;

/** A user whose last tap save (the row's start) was 46 days ago. */
async function idleUser() {
  const u = await signedInUser(t.app);
  await u.client.get(API.taps);
  await travelAndSignIn(t, u, 46 * DAY_MS);
  return u;
}

const tapPostings = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transactions where kind = 'coins.taps' and actor_id = ${userId}`,
    )
  )[0]!.n;

/**
 * After a long idle, saves of 20 that took `elapsed` ms bank one window's worth at least (each fits until it is
 * spent) and at most that plus what the rate allows in `elapsed`: never the idle time.
 */
async function expectOneWindowBanked(u: { client: { get(path: string): Promise<Response> } }, elapsed: number) {
  const banked: number = (await u.client.get(API.taps)).body.totalClicks;
  expect(banked).toBeGreaterThanOrEqual(windowTaps());
  expect(banked).toBeLessThanOrEqual(windowTaps() + Math.floor((elapsed * rate()) / 1000));
  return banked;
}

describe('the tap allowance', () => {
  it('after 46 idle days, refuses a save of more than one window’s worth and changes nothing; one window’s worth passes once', async () => {
    const u = await idleUser();
    const coinsBefore = (await u.client.get(API.taps)).body.coins;
    for (const clicks of [4_000, windowTaps() + 1]) {
      const res = await u.client.post(API.taps, { clicks });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MSG.taps.tooManyForOneSave(windowTaps(), TAP_SAVE_WINDOW_MS / 1000));
    }
    expect((await u.client.get(API.taps)).body).toMatchObject({ totalClicks: 0, coins: coinsBefore });
    expect(await tapPostings(u.user.id)).toBe(0);

    expect((await u.client.post(API.taps, { clicks: windowTaps() })).status).toBe(200);
    // The window is spent: a second one needs the time of a window to pass.
    const again = await u.client.post(API.taps, { clicks: windowTaps() });
    expect(again.status).toBe(429);
    expect(again.body.error.message).toBe(MSG.taps.tooFast);
    expect((await u.client.get(API.taps)).body.totalClicks).toBe(windowTaps());
    expect(await tapPostings(u.user.id)).toBe(1);
    await expectLedgerConsistent(t);
  });

  it('after a long idle, 50 rapid saves of 20 bank one window’s worth and what their time allows, not 1,000 taps', async () => {
    const u = await idleUser();
    const start = t.clock.now().getTime();
    const results: Response[] = [];
    for (let i = 0; i < 50; i++) results.push(await u.client.post(API.taps, { clicks: 20 }));
    const elapsed = t.clock.now().getTime() - start;
    const banked = await expectOneWindowBanked(u, elapsed);
    expect(results.filter((r) => r.status === 200)).toHaveLength(banked / 20);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.error.message === MSG.taps.tooFast)).toBe(true);
    expect((await u.client.get(API.taps)).body.coins).toBe(String(banked / 4));
    await expectLedgerConsistent(t);
  });

  it('after a long idle, 50 saves of 20 at once share one allowance: one window’s worth and what their time allows', async () => {
    const u = await idleUser();
    const start = t.clock.now().getTime();
    const results = await Promise.all(Array.from({ length: 50 }, () => u.client.post(API.taps, { clicks: 20 })));
    const elapsed = t.clock.now().getTime() - start;
    const banked = await expectOneWindowBanked(u, elapsed);
    expect(results.filter((r) => r.status === 200)).toHaveLength(banked / 20);
    expect(results.every((r) => r.status === 200 || r.body.error.message === MSG.taps.tooFast)).toBe(true);
    await expectLedgerConsistent(t);
  });
});
