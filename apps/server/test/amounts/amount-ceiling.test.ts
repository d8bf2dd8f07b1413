import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ceilingMessage, MAX_AMOUNT, MSG } from '@svp/shared';
import { buildTestApp, signedInAdmin, signedInUser, type TestApp, expectLedgerConsistent } from '../helpers.js';

// ADR 0017: every amount the API takes is bounded by one per-asset ceiling (MAX_AMOUNT in packages/shared),
// and a refusal names it. Each endpoint is checked just above the ceiling (refused, naming it) and at it
// (not refused for its size: whatever happens next is the endpoint's ordinary rule).
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const USD = 'Enter an amount of at most $10,000,000: larger amounts are not accepted.';
const SVP = 'Enter an amount of at most 1,000,000,000,000 SVP tokens: larger amounts are not accepted.';
const COIN = 'Enter an amount of at most 1,000,000,000,000 coins: larger amounts are not accepted.';

describe('the amount ceiling', () => {
  it('is defined once, per asset, and named by the message', () => {
    expect(MAX_AMOUNT).toEqual({ USD: 10_000_000_000_000n, SVP: 1_000_000_000_000n, COIN: 100_000_000_000_000n });
    expect([ceilingMessage('USD'), ceilingMessage('SVP'), ceilingMessage('COIN')]).toEqual([USD, SVP, COIN]);
  });

  it('bounds an investment', async () => {
    const { client } = await signedInUser(t.app);
    for (const amount of ['10000000.01', '99999999999999999999']) {
      const res = await client.post(API.investments, { plan: 'gold', duration: 45, amount });
      expect(res.status, amount).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: USD, fields: { amount: USD } });
    }
    const most = await client.post(API.investments, { plan: 'gold', duration: 45, amount: '10000000' });
    expect(most.status).toBe(409);
    expect(most.body.error.message).toBe(MSG.invest.insufficient);
  });

  it.each([
    [API.stakingConvert, { direction: 'toFund' }, 'amount', '10000000.01', USD, '10000000'],
    [API.stakingBuy, {}, 'amount', '10000000.01', USD, '10000000'],
    [API.stakingTransfer, { recipient: 'nobody_here' }, 'amount', '10000000.01', USD, '10000000'],
    [API.stakingSell, {}, 'tokens', '1000000000001', SVP, '1000000000000'],
    [API.stakingStake, {}, 'tokens', '1000000000001', SVP, '1000000000000'],
  ])('bounds %s', async (url, body, field, above, message, most) => {
    const { client } = await signedInUser(t.app);
    const refused = await client.post(url, { ...body, [field]: above });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message, fields: { [field]: message } });
    const atCeiling = await client.post(url, { ...body, [field]: most });
    expect(atCeiling.body.error?.message).not.toBe(message);
  });

  it.each([
    ['usd.balance', '10000000.01', USD, '10000000', MAX_AMOUNT.USD],
    ['svp.wallet', '1000000000001', SVP, '1000000000000', MAX_AMOUNT.SVP],
    ['coin.coins', '1000000000000.25', COIN, '1000000000000', MAX_AMOUNT.COIN],
  ])('bounds an admin adjustment of %s', async (account, above, message, most, minor) => {
    const u = await signedInUser(t.app);
    const url = `/admin/users/${u.user.id}/adjustments`;
    const refused = await admin.client.post(url, { account, direction: 'credit', amount: above, reason: 'Test' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message, fields: { amount: message } });
    const credited = await admin.client.post(url, { account, direction: 'credit', amount: most, reason: 'Test' });
    expect(credited.status).toBe(200);
    expect(credited.body.message).toBe(MSG.admin.adjusted);
    expect((await t.app.services.ledger.balances(u.user.id)).get(account)).toBe(minor);
    await expectLedgerConsistent(t);
  });
});
