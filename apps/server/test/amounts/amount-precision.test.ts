import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import { buildTestApp, invest, signedInUser, topUp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('an amount with too many decimals is refused by naming the rule it broke', () => {
  it('on top-up, plans and every staking form, and changes nothing', async () => {
    const u = await signedInUser(t.app, '10.41.0.1');
    await topUp(u.client, '100');
    const cases: [string, unknown, string][] = [
      [API.topup, { amount: '10.005' }, MSG.common.amountDecimals],
      [API.stakingConvert, { direction: 'toFund', amount: '1.005' }, MSG.common.amountDecimals],
      [API.stakingBuy, { amount: '1.005' }, MSG.common.amountDecimals],
      [API.stakingSell, { tokens: '1.5' }, MSG.common.tokensWhole],
    ];
    for (const [path, body, message] of cases) {
      const res = await u.client.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error.message, path).toBe(message);
    }
    const plan = await invest(u.client, 'silver', '20.001');
    expect(plan.status).toBe(400);
    expect(plan.body.error.message).toBe(MSG.common.amountDecimals);
    expect((await u.client.get(API.me)).body.user.balance).toBe('100');
  });
});
