import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS } from '@svp/shared';
import { buildTestApp, giveEarnings, invest, signedInUser, topUp, travelAndSignIn, type TestApp } from '../helpers.js';

// GET /me's figures on the home. "Total earned" is all the earnings ever credited: a withdrawal pays the earnings
// account out, and must not bring the figure back to $0. withdrawableNow is priced in /me's one statement by
// withdrawal_price, the function the quote and the request call: it is the quote's maturity payout whenever a
// maturity withdrawal may be asked for.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('total earned', () => {
  it('counts every credit to the earnings for all time, a withdrawal paying them out included', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    expect((await invest(u.client, 'standard', '10')).status).toBe(200);
    await giveEarnings(t, u.user.id, 5n);
    await giveEarnings(t, u.user.id, 1n);
    const before = (await u.client.get(API.me)).body.user;
    expect(before).toMatchObject({ earnings: '6', earnedTotal: '6' });

    t.clock.advance(45 * DAY_MS);
    expect((await u.client.post(API.login, { email: u.email, password: u.password })).status).toBe(200);
    expect((await u.client.post(API.withdrawals, { kind: 'maturity' })).status).toBe(200);
    const after = (await u.client.get(API.me)).body.user;
    expect(after).toMatchObject({ earnings: '0', earnedTotal: '6' });
  });

  it('is 0 for a new user', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get(API.me)).body.user).toMatchObject({ earnings: '0', earnedTotal: '0' });
  });
});

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
