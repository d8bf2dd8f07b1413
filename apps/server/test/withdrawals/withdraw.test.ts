import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG } from '@svp/shared';
import {
  adminSignIn,
  approveAndPay,
  buildTestApp,
  giveEarnings,
  invest,
  signedInAdmin,
  signedInUser,
  topUp,
  type TestApp,
  travelAndSignIn,
  expectLedgerConsistent,
} from '../helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
/** Lets days pass; sessions idle that long have expired, so the user and the admin sign in again. */
async function travel(u: SignedIn, ms: number) {
  await travelAndSignIn(t, u, ms);
  await adminSignIn(t, admin.client, admin);
}

async function investedUser(amount = '10', plan = 'standard') {
  const u = await signedInUser(t.app);
  await topUp(u.client, amount);
  expect((await invest(u.client, plan, amount)).status).toBe(200);
  return u;
}

describe('withdrawal quote and request', () => {
  it('keeps the form closed before maturity and says why submit is disabled', async () => {
    const { client } = await investedUser();
    const quote = (await client.get(API.withdrawalQuote)).body;
    expect(quote).toMatchObject({
      hasPlan: true,
      daysRemaining: 45,
      canOpen: false,
      canSubmit: false,
      expectedWithdrawal: '22.5',
      earnings: '0',
      canBreak: true,
    });
    expect(quote.reasons).toEqual(['Your plan matures in 45 days.', MSG.withdraw.earningsTooLow]);
    expect(quote.breakInvestment).toEqual({
      invested: '10',
      gross: '4',
      fees: '2.6',
      feeSplit: { handling: '1', crypto: '1', charity: '0.6' },
      payout: '1.4',
    });
    const res = await client.post(API.withdrawals, { kind: 'maturity' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Your plan matures in 45 days.');
  });

  it('quotes each fee as withdrawal_price takes it, a gross below the fees included', async () => {
    // No plan and $1 of earnings: the handling fee takes it all, the others take nothing (the form shows these).
    const { client, user } = await signedInUser(t.app);
    await giveEarnings(t, user.id, 1n);
    const quote = (await client.get(API.withdrawalQuote)).body;
    expect(quote.maturity).toEqual({
      gross: '1',
      fees: '1',
      feeSplit: { handling: '1', crypto: '0', charity: '0' },
      payout: '0',
    });
    expect(quote.breakInvestment).toEqual({
      invested: '0',
      gross: '0',
      fees: '0',
      feeSplit: { handling: '0', crypto: '0', charity: '0' },
      payout: '0',
    });
    expect(quote).toMatchObject({ hasPlan: false, daysRemaining: null, canOpen: false, canBreak: false });
    expect(quote.reasons).toEqual([MSG.withdraw.noPlan, MSG.withdraw.earningsTooLow]);
  });

  it('counts days remaining as a ceiling', async () => {
    const u = await investedUser();
    const { client } = u;
    await travel(u, 44 * DAY_MS + 1000);
    expect((await client.get(API.withdrawalQuote)).body.daysRemaining).toBe(1);
    t.clock.advance(DAY_MS);
    expect((await client.get(API.withdrawalQuote)).body.daysRemaining).toBe(0);
  });

  it('needs earnings of at least $5 at maturity', async () => {
    const u = await investedUser();
    const { client, user } = u;
    await travel(u, 45 * DAY_MS);
    await giveEarnings(t, user.id, 4n);
    const res = await client.post(API.withdrawals, { kind: 'maturity' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.withdraw.earningsTooLow);
  });

  it('pays expected + earnings − $2.60 into pending at once, fees to their own accounts; admin marks it paid', async () => {
    const u = await investedUser();
    const { client, user } = u;
    await travel(u, 45 * DAY_MS);
    await giveEarnings(t, user.id, 5n);
    const quote = (await client.get(API.withdrawalQuote)).body;
    expect(quote).toMatchObject({
      canOpen: true,
      canSubmit: true,
      reasons: [],
      maturity: { gross: '27.5', fees: '2.6', payout: '24.9' },
    });
    const feesBefore = await t.app.services.ledger.balances('system');
    const res = await client.post(API.withdrawals, { kind: 'maturity' });
    expect(res.status).toBe(200);
    expect(res.body.withdrawal).toMatchObject({
      kind: 'maturity',
      gross: '27.5',
      fees: '2.6',
      payout: '24.9',
      status: 'pending',
    });
    const feesAfter = await t.app.services.ledger.balances('system');
    const delta = (code: string) => (feesAfter.get(code) ?? 0n) - (feesBefore.get(code) ?? 0n);
    expect([delta('usd.fees.handling'), delta('usd.fees.crypto'), delta('usd.fees.charity')]).toEqual([
      1_000_000n,
      1_000_000n,
      600_000n,
    ]);
    const me = (await client.get(API.me)).body.user;
    expect(me).toMatchObject({ tier: 'No Plan', investedAmount: '0', expectedWithdrawal: '0' });
    const balances = await t.app.services.ledger.balances(user.id);
    expect(balances.get('usd.withdrawal_pending')).toBe(24_900_000n);
    expect(balances.get('usd.earnings')).toBe(0n);

    const queue = (await admin.client.get(API.adminWithdrawals)).body.withdrawals;
    const mine = queue.find((w: { id: string }) => w.id === res.body.withdrawal.id);
    expect(mine).toMatchObject({ userId: user.id, payout: '24.9' });
    expect(mine).toMatchObject({ status: 'pending', sendingTxHash: null });
    const txHash = await approveAndPay(t, admin.client, mine);
    const list0 = (await client.get(API.withdrawals)).body.withdrawals;
    expect(list0[0]).toMatchObject({ status: 'paid', txHash });
    expect(
      (await admin.client.get(API.adminWithdrawals)).body.withdrawals.map((w: { id: string }) => w.id),
    ).not.toContain(mine.id);
    expect((await t.app.services.ledger.balances(user.id)).get('usd.withdrawal_pending')).toBe(0n);
    const list = (await client.get(API.withdrawals)).body.withdrawals;
    expect(list[0]).toMatchObject({ status: 'paid', txHash });
    expect((await client.get(API.history)).body.lines[0]).toContain('Withdrawal paid');
    await expectLedgerConsistent(t);
  });

  it('sets the due date 48 business hours out, skipping Sunday', async () => {
    const u = await investedUser();
    const { client, user } = u;
    await travel(u, 45 * DAY_MS);
    await giveEarnings(t, user.id, 5n);
    const res = await client.post(API.withdrawals, { kind: 'maturity' });
    const requested = Date.parse(res.body.withdrawal.requestedAt);
    const due = Date.parse(res.body.withdrawal.dueAt);
    expect(res.status).toBe(200);
    // The shared formula is unit-tested on exact calendars; here: 48 h, plus 24 h when a Sunday falls inside.
    const sundayInside = [0, 1, 2].some((d) => new Date(requested + d * DAY_MS).getUTCDay() === 0);
    expect(due - requested).toBe(sundayInside ? 72 * 3_600_000 : 48 * 3_600_000);
  });

  it('breaks an investment before maturity for 40% − $2.60 and rejects the break after maturity', async () => {
    const { client } = await investedUser('100', 'platinum');
    const res = await client.post(API.withdrawals, { kind: 'break' });
    expect(res.status).toBe(200);
    expect(res.body.withdrawal).toMatchObject({ kind: 'break', gross: '40', fees: '2.6', payout: '37.4' });
    const other = await investedUser();
    await travel(other, 46 * DAY_MS);
    const late = await other.client.post(API.withdrawals, { kind: 'break' });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(MSG.withdraw.alreadyMatured);
  });

  it('returns everything a refused break took (the 40% and the 60% kept) to the balance, with the reason shown', async () => {
    const { client } = await investedUser('100', 'platinum');
    const res = await client.post(API.withdrawals, { kind: 'break' });
    const id = res.body.withdrawal.id;
    expect((await admin.client.post(`/admin/withdrawals/${id}/reject`, { reason: ' ' })).body.error.message).toBe(
      MSG.withdraw.reasonRequired,
    );
    const rejected = await admin.client.post(`/admin/withdrawals/${id}/reject`, {
      reason: 'Wallet flagged by compliance',
    });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'Wallet flagged by compliance' });
    // The user was not served: the whole $100 comes back, not just the 40% the break would have paid.
    expect((await client.get(API.me)).body.user).toMatchObject({ balance: '100', investedAmount: '0' });
    await expectLedgerConsistent(t);
    expect((await client.get(API.withdrawals)).body.withdrawals[0]).toMatchObject({
      status: 'rejected',
      reason: 'Wallet flagged by compliance',
    });
    const again = await admin.client.post(`/admin/withdrawals/${id}/pay`, { txHash: '0x' + 'aa'.repeat(32) });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(MSG.withdraw.notApproved);
    expect((await admin.client.post(`/admin/withdrawals/${id}/approve`)).body.error.message).toBe(
      MSG.withdraw.notPending,
    );
  });

  it('lets exactly one of 20 concurrent withdrawal requests through', async () => {
    const u = await investedUser();
    const { client, user } = u;
    await travel(u, 45 * DAY_MS);
    await giveEarnings(t, user.id, 5n);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => client.post(API.withdrawals, { kind: 'maturity' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    await expectLedgerConsistent(t);
  });

  it('decides a withdrawal once under 20 concurrent approve and reject calls', async () => {
    const { client } = await investedUser('100', 'platinum');
    const id = (await client.post(API.withdrawals, { kind: 'break' })).body.withdrawal.id;
    const calls = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0
        ? admin.client.post(`/admin/withdrawals/${id}/approve`)
        : admin.client.post(`/admin/withdrawals/${id}/reject`, { reason: `reason ${i}` }),
    );
    const results = await Promise.all(calls);
    // Approve then reject is allowed (nothing was sent), so one or two calls succeed, never a second of a kind.
    const ok = results.filter((r) => r.status === 200).map((r) => r.body.status as string);
    expect(ok[0]).toBeDefined();
    expect(ok.length === 1 || (ok.length === 2 && ok.includes('approved') && ok.includes('rejected'))).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(20 - ok.length);
    await expectLedgerConsistent(t);
  });

  it('moves a matured plan to the balance without earnings, so the money is never stuck (ADR 0013)', async () => {
    const u = await investedUser('100', 'platinum');
    const early = await u.client.post(API.withdrawalToBalance);
    expect([early.status, early.body.error.message]).toEqual([409, MSG.withdraw.notMatured(45)]);
    expect((await u.client.get(API.withdrawalQuote)).body.canMoveToBalance).toBe(false);

    await travel(u, 45 * DAY_MS);
    const quote = (await u.client.get(API.withdrawalQuote)).body;
    expect(quote).toMatchObject({ canOpen: true, canSubmit: false, canBreak: false, canMoveToBalance: true });
    expect(quote.reasons).toEqual([MSG.withdraw.earningsTooLow]);
    const blocked = await invest(u.client, 'standard', '10');
    expect([blocked.status, blocked.body.error.message]).toEqual([409, MSG.invest.maturedPlan('Platinum')]);

    const moved = await u.client.post(API.withdrawalToBalance);
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ success: true, amount: '180', message: MSG.withdraw.movedToBalance('$180.00') });
    expect((await u.client.get(API.me)).body.user).toMatchObject({
      balance: '180',
      investedAmount: '0',
      expectedWithdrawal: '0',
    });
    await expectLedgerConsistent(t);
    const again = await u.client.post(API.withdrawalToBalance);
    expect([again.status, again.body.error.message]).toEqual([409, MSG.withdraw.noPlan]);
    expect((await invest(u.client, 'standard', '10')).status).toBe(200);
  });

  it('closes a matured plan once when withdrawals and moves to the balance race', async () => {
    const u = await investedUser('50', 'gold');
    await travel(u, 45 * DAY_MS);
    await giveEarnings(t, u.user.id, 5n);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? u.client.post(API.withdrawals, { kind: 'maturity' }) : u.client.post(API.withdrawalToBalance),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const me = (await u.client.get(API.me)).body.user;
    // Either the $90 (and the $5 earnings) went to the withdrawal, or the $90 to the balance: never both.
    const withdrew = results.some((r, i) => i % 2 === 0 && r.status === 200);
    expect(me.balance).toBe(withdrew ? '0' : '90');
    await expectLedgerConsistent(t);
  });

  it('keeps admin routes away from users', async () => {
    const { client } = await signedInUser(t.app);
    expect((await client.get(API.adminWithdrawals)).status).toBe(403);
  });
});
