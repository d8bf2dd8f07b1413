import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, WITHDRAWAL_CONTROLS_API, WITHDRAWAL_CONTROLS_MSG as CONTROLS_MSG } from '@svp/shared';
import {
  adminSignIn,
  buildTestApp,
  expectLedgerConsistent,
  invest,
  signedInUser,
  topUp,
  travelAndSignIn,
  type TestApp,
} from '../helpers.js';
import { signedInWithRoles } from '../operator/operator-kit.js';

/*
 * Withdrawal caps (ADR 0044): the payouts a user requested in a rolling 24 hours and 30 days,
 * rejected ones aside, checked in the request's own statement; finance sets a user's own caps. A broken $100 plan
 * pays $37.40 (40% less the $2.60 of fees), so caps of $30 a day and $40 a month refuse and allow in turn.
 */

let t: TestApp;
let finance: Awaited<ReturnType<typeof signedInWithRoles>>;
beforeAll(async () => {
  t = await buildTestApp({ WITHDRAWAL_DAILY_CAP_USD: '30', WITHDRAWAL_MONTHLY_CAP_USD: '40' });
  finance = await signedInWithRoles(t, ['finance']);
});
afterAll(() => t.close());

const limitsPath = (id: string) => WITHDRAWAL_CONTROLS_API.limits.replace(':id', id);

async function fundedUser() {
  const u = await signedInUser(t.app);
  await topUp(u.client, '400');
  return u;
}

async function breakPlan(u: Awaited<ReturnType<typeof fundedUser>>) {
  expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
  return u.client.post(API.withdrawals, { kind: 'break' });
}

describe('withdrawal caps', () => {
  it('refuses a payout over the daily cap with the figures, and the quote says so before the request', async () => {
    const u = await fundedUser();
    expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
    const quote = (await u.client.get(API.withdrawalQuote)).body;
    expect(quote.controls).toMatchObject({ dailyCap: '30', dailyUsed: '0', monthlyCap: '40', monthlyUsed: '0' });
    expect(quote.controls.promise).toBe(CONTROLS_MSG.promise);
    expect(quote.canBreak).toBe(false);
    const said = CONTROLS_MSG.dailyCap(37_400_000n, 30_000_000n, 0n);
    expect(quote.breakRefusal).toBe(said);
    expect(said).toBe(
      'This withdrawal of $37.40 is over your daily withdrawal limit: $30.00 in 24 hours, of which $0.00 is ' +
        'already requested. Contact support if you need a higher limit.',
    );
    const res = await u.client.post(API.withdrawals, { kind: 'break' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(said);
    // Nothing moved: the plan is still active.
    expect((await u.client.get(API.withdrawalQuote)).body.hasPlan).toBe(true);
  });

  it("lets finance raise a user's own caps (audited); the windows roll; a rejection gives the allowance back", async () => {
    const u = await fundedUser();
    const set = await finance.client.post(limitsPath(u.user.id), {
      dailyCap: '50',
      monthlyCap: '80',
      note: 'Verified by phone',
    });
    expect(set.status).toBe(200);
    expect(set.body.limits).toMatchObject({
      defaults: { dailyCap: '30', monthlyCap: '40' },
      override: { dailyCap: '50', monthlyCap: '80', note: 'Verified by phone' },
      dailyCap: '50',
      monthlyCap: '80',
    });
    const first = await breakPlan(u);
    expect(first.status).toBe(200);
    // A second $37.40 the same day is over $50 a day.
    const second = await breakPlan(u);
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(CONTROLS_MSG.dailyCap(37_400_000n, 50_000_000n, 37_400_000n));
    // A day later the daily window is clear, and $74.80 is within $80 a month.
    await travelAndSignIn(t, u, 25 * 3_600_000);
    await adminSignIn(t, finance.client, finance);
    expect((await u.client.post(API.withdrawals, { kind: 'break' })).status).toBe(200);
    // Another day on, a third: $112.20 in 30 days is over $80.
    await travelAndSignIn(t, u, 25 * 3_600_000);
    await adminSignIn(t, finance.client, finance);
    const third = await breakPlan(u);
    expect(third.status).toBe(409);
    expect(third.body.error.message).toBe(CONTROLS_MSG.monthlyCap(37_400_000n, 80_000_000n, 74_800_000n));
    // Rejecting the first gives its $37.40 back to the allowance.
    const reject = await finance.client.post(`/admin/withdrawals/${first.body.withdrawal.id}/reject`, {
      reason: 'Test',
    });
    expect(reject.status).toBe(200);
    expect((await u.client.post(API.withdrawals, { kind: 'break' })).status).toBe(200);
    const limits = (await finance.client.get(limitsPath(u.user.id))).body;
    expect(limits).toMatchObject({ dailyUsed: '37.4', monthlyUsed: '74.8' });
    await expectLedgerConsistent(t);
  });

  it('takes an override back to the defaults when both caps are cleared; refuses a bad figure; 404 for no user', async () => {
    const u = await fundedUser();
    expect((await finance.client.post(limitsPath(u.user.id), { dailyCap: '1000', monthlyCap: null })).status).toBe(200);
    const cleared = await finance.client.post(limitsPath(u.user.id), { dailyCap: null, monthlyCap: null });
    expect(cleared.body.limits).toMatchObject({ override: null, dailyCap: '30', monthlyCap: '40' });
    const bad = await finance.client.post(limitsPath(u.user.id), { dailyCap: '0', monthlyCap: null });
    expect(bad.status).toBe(400);
    const missing = await finance.client.get(limitsPath('00000000-0000-4000-8000-000000000000'));
    expect(missing.status).toBe(404);
  });

  it('keeps the caps to finance: support may not set them, compliance reads them', async () => {
    const u = await fundedUser();
    const support = await signedInWithRoles(t, ['support']);
    expect((await support.client.post(limitsPath(u.user.id), { dailyCap: '99', monthlyCap: null })).status).toBe(403);
    const compliance = await signedInWithRoles(t, ['compliance']);
    expect((await compliance.client.get(limitsPath(u.user.id))).status).toBe(200);
    expect((await compliance.client.post(limitsPath(u.user.id), { dailyCap: '99', monthlyCap: null })).status).toBe(
      403,
    );
  });
});
