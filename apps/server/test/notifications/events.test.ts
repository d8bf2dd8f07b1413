import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG } from '@svp/shared';
import { systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import {
  approveAndPay,
  buildTestApp,
  Client,
  invest,
  registerUser,
  signedInAdmin,
  signedInUser,
  topUp,
  type TestApp,
  travelAndSignIn,
} from '../helpers.js';
import { listed, notificationMails, ofType } from './support.js';

// ADR 0025: every event that matters to a user writes exactly one notification, in its own transaction.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('one notification per event', () => {
  it('deposit credited, with the payment flag in words', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '100');
    const [credited] = await ofType(u.client, 'deposit.credited');
    expect(credited).toMatchObject({ title: 'Deposit credited', category: 'deposits', read: false });
    expect(credited!.body).toBe('$100.00 was added to your balance (received 103.00 USDT, fee $3.00).');
    await topUp(u.client, '100', '50');
    const both = await ofType(u.client, 'deposit.credited');
    expect(both).toHaveLength(2);
    expect(both[0]!.body).toContain('The payment was less than the amount you asked to pay.');
    // Watching the chain again credits nothing twice, and notifies nothing twice.
    await t.app.services.watcher.runOnce();
    expect(await ofType(u.client, 'deposit.credited')).toHaveLength(2);
  });

  it('plan started (inside the one-statement investment), then plan matured once', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '100');
    expect((await invest(u.client, 'standard', '100', 45)).status).toBe(200);
    const started = await ofType(u.client, 'plan.started');
    expect(started).toHaveLength(1);
    expect(started[0]!.body).toMatch(/^Your Standard plan started with \$100\.00 for 45 days\./);
    // A refused investment (a plan is open) notifies nothing.
    expect((await invest(u.client, 'standard', '10', 45)).status).toBe(409);
    expect(await ofType(u.client, 'plan.started')).toHaveLength(1);

    await travelAndSignIn(t, u, 46 * DAY_MS);
    await t.app.services.notifications.mailJob.runOnce();
    await t.app.services.notifications.mailJob.runOnce();
    const matured = await ofType(u.client, 'plan.matured');
    expect(matured).toHaveLength(1);
    expect(matured[0]!.body).toContain('Your Standard plan has matured');
  });

  it('referral bonus: the referrer and the referred user each get one', async () => {
    const referrer = await signedInUser(t.app);
    const code = (await referrer.client.post(API.referral, { source: 'generate', referralCode: '' })).body.referralCode;
    const client = new Client(t.app, '10.9.0.2');
    const creds = await registerUser(client, { referralCode: code });
    expect((await client.post(API.login, { email: creds.email, password: creds.password })).status).toBe(200);
    await topUp(client, '50');
    expect((await invest(client, 'standard', '50', 45)).status).toBe(200);
    const toReferrer = await ofType(referrer.client, 'referral.bonus');
    expect(toReferrer).toHaveLength(1);
    expect(toReferrer[0]!.body).toMatch(/^Someone you invited joined: you received \$1/);
    const toReferred = await ofType(client, 'referral.bonus');
    expect(toReferred).toHaveLength(1);
    expect(toReferred[0]!.body).toMatch(/^You joined with a referral code/);
  });

  it('withdrawal requested, approved, paid (with the transaction hash) and rejected (with the reason)', async () => {
    const u = await signedInUser(t.app);
    // The other tests move the clock: a fresh admin session.
    const admin = await signedInAdmin(t);
    await topUp(u.client, '100');
    await invest(u.client, 'platinum', '100');
    const w = (await u.client.post(API.withdrawals, { kind: 'break' })).body.withdrawal;
    const [requested] = await ofType(u.client, 'withdrawal.requested');
    expect(requested).toMatchObject({ category: 'security' });
    expect(requested!.body).toContain(w.wallet);
    const txHash = await approveAndPay(t, admin.client, w);
    expect(await ofType(u.client, 'withdrawal.approved')).toHaveLength(1);
    const paid = await ofType(u.client, 'withdrawal.paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.body).toContain(txHash);
    // The simulated chain has no block explorer; BscScan's link is tested in templates.test.ts.
    expect(paid[0]!.link).toBeNull();

    await topUp(u.client, '100');
    await invest(u.client, 'platinum', '100');
    const second = (await u.client.post(API.withdrawals, { kind: 'break' })).body.withdrawal;
    const refused = await admin.client.post(`/admin/withdrawals/${second.id}/reject`, { reason: 'Wallet flagged' });
    expect(refused.status).toBe(200);
    const rejected = await ofType(u.client, 'withdrawal.rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]!.body).toContain('was rejected: Wallet flagged.');
    expect(await ofType(u.client, 'withdrawal.requested')).toHaveLength(2);
  });

  it('ticket answered, once per reply of support (not for the user’s own)', async () => {
    const u = await signedInUser(t.app);
    const admin = await signedInAdmin(t);
    const id = (await u.client.post(API.tickets, { subject: 'Where is my deposit', message: 'Hello' })).body.ticket.id;
    await u.client.post(`/tickets/${id}/messages`, { message: 'Any news?' });
    expect(await ofType(u.client, 'ticket.answered')).toHaveLength(0);
    await admin.client.post(`/admin/tickets/${id}/reply`, { message: 'Found it.' });
    const answered = await ofType(u.client, 'ticket.answered');
    expect(answered).toHaveLength(1);
    expect(answered[0]!.body).toBe('Support answered your ticket "Where is my deposit".');
  });

  it('bot paused for upkeep', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    await invest(u.client, 'standard', '10');
    await t.app.services.ledger.post({
      kind: 'test.coins',
      idempotencyKey: `test-coins:${u.user.id}`,
      legs: [
        { account: systemAccount('coin.issuance'), amount: -600_000n * 100n },
        { account: userAccount(u.user.id, 'coin.coins'), amount: 600_000n * 100n },
      ],
    });
    expect((await u.client.post(API.botActivate, { method: 'coins' })).status).toBe(200); // 100,000 left
    await travelAndSignIn(t, u, 2 * DAY_MS + 1000);
    expect((await u.client.get(API.bot)).body.state).toBe('paused');
    await u.client.get(API.bot);
    const paused = await ofType(u.client, 'bot.paused');
    expect(paused).toHaveLength(1);
    expect(paused[0]!.body).toBe(MSG.bot.paused);
  });

  it('stake ended', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '100');
    await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '100' });
    await u.client.post(API.stakingBuy, { amount: '100' });
    expect((await u.client.post(API.stakingStake, { tokens: '10000000' })).status).toBe(200);
    await travelAndSignIn(t, u, 61 * DAY_MS);
    expect((await u.client.get(API.staking)).body.staked).toBe('0');
    await u.client.get(API.staking);
    const ended = await ofType(u.client, 'stake.ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.body).toBe('Your stake ended: 10,000,000 SVP tokens are back in your wallet.');
    // Every one of them is queued for e-mail, once.
    const mails = await notificationMails(t, u.user.id);
    expect(mails.map((m) => m.type)).toEqual((await listed(u.client)).map((n) => n.type).reverse());
  });
});
