import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS } from '@svp/shared';
import { buildTestApp, giveEarnings, invest, signedInUser, topUp, travelAndSignIn, type TestApp } from '../helpers.js';

// GET /me's withdrawableNow is priced in its one statement by withdrawal_price, the function the quote and the
// request call: the sidebar's figure is the quote's maturity payout whenever a maturity withdrawal may be asked for.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("GET /me's withdrawableNow", () => {
  it('is 0 before maturity and below the minimum earnings, then the quote’s maturity payout', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    expect((await invest(u.client, 'standard', '10')).status).toBe(200);
    const withdrawable = async () => (await u.client.get(API.me)).body.user.withdrawableNow as string;
    expect(await withdrawable()).toBe('0');

    await travelAndSignIn(t, u, 45 * DAY_MS);
    await giveEarnings(t, u.user.id, 4n);
    expect(await withdrawable()).toBe('0');

    await giveEarnings(t, u.user.id, 1n);
    const quote = (await u.client.get(API.withdrawalQuote)).body;
    expect(quote.maturity.payout).toBe('24.9');
    expect(await withdrawable()).toBe(quote.maturity.payout);
  });
});
