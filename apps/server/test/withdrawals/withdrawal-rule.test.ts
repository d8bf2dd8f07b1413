import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG } from '@svp/shared';
import { buildTestApp, Client, giveEarnings, invest, signedInUser, topUp, type TestApp } from '../helpers.js';

/** A matured plan with `dollars` of earnings, on an app built with `env`. */
async function maturedWithEarnings(t: TestApp, dollars: bigint) {
  const u = await signedInUser(t.app, `10.31.0.${Math.floor(Math.random() * 250) + 1}`);
  await topUp(u.client, '10');
  expect((await invest(u.client, 'standard', '10')).status).toBe(200);
  await giveEarnings(t, u.user.id, dollars);
  t.clock.advance(45 * DAY_MS);
  expect((await u.client.post(API.login, { email: u.email, password: u.password })).status).toBe(200);
  return u;
}

describe('the minimum earnings for a withdrawal is operator configuration', () => {
  let standard: TestApp;
  let lowered: TestApp;
  beforeAll(async () => {
    standard = await buildTestApp();
    lowered = await buildTestApp({ MIN_WITHDRAWAL_EARNINGS_USD: '2.50', REFERRAL_BONUS_USD: '1' });
  });
  afterAll(async () => {
    await standard.close();
    await lowered.close();
  });

  it("keeps the spec's $5 and its words by default", async () => {
    const u = await maturedWithEarnings(standard, 4n);
    const res = await u.client.post(API.withdrawals, { kind: 'maturity' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.withdraw.earningsTooLow);
    const config = (await new Client(standard.app).get(API.config)).body;
    expect(config.minEarningsToWithdraw).toBe('5');
    expect(config.withdrawalRuleText).toBe(
      'To withdraw to your wallet at maturity you need at least $5 in earnings (for example 5 referrals at $1 each); without them you can move the matured plan to your balance.',
    );
  });

  it('lets a withdrawal through at the configured minimum and names it when short', async () => {
    const short = await maturedWithEarnings(lowered, 2n);
    const refused = await short.client.post(API.withdrawals, { kind: 'maturity' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('You need at least $2.50 in earnings to withdraw.');
    const enough = await maturedWithEarnings(lowered, 3n);
    expect((await enough.client.post(API.withdrawals, { kind: 'maturity' })).status).toBe(200);
    const config = (await new Client(lowered.app).get(API.config)).body;
    expect(config.minEarningsToWithdraw).toBe('2.5');
    expect(config.withdrawalRuleText).toContain('at least $2.50 in earnings (for example 3 referrals at $1 each)');
  });

  it('refuses a minimum that is not a dollar amount, at start', async () => {
    const { loadConfig } = await import('../../src/config.js');
    expect(() => loadConfig({ MIN_WITHDRAWAL_EARNINGS_USD: '-1' })).toThrow(/MIN_WITHDRAWAL_EARNINGS_USD/);
  });
});
