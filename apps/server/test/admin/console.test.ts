import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import { buildTestApp, signedInAdmin, signedInUser, topUp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const field = (details: { fields: { field: string; value: string }[] }, name: string) =>
  details.fields.find((f) => f.field === name)?.value;

describe('user lookup and field edits', () => {
  it('validates the e-mail and says when no user has it', async () => {
    expect((await admin.client.get('/admin/users/lookup?email=')).body.error.message).toBe(MSG.admin.emailRequired);
    expect((await admin.client.get('/admin/users/lookup?email=bad@x')).body.error.message).toBe(MSG.admin.emailInvalid);
    const none = await admin.client.get('/admin/users/lookup?email=nobody@example.com');
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(MSG.admin.notFound);
  });

  it('shows field/value pairs and the editable fields, and updates a whitelisted field with an audit entry', async () => {
    const u = await signedInUser(t.app);
    const details = (await admin.client.get(`/admin/users/lookup?email=${encodeURIComponent(u.email)}`)).body;
    expect(field(details, 'email')).toBe(u.email);
    expect(details.editableFields).toEqual(['name', 'email', 'phone', 'username', 'walletAddress', 'role', 'disabled']);
    expect(
      (await admin.client.post(`/admin/users/${details.id}/field`, { field: '', value: 'x' })).body.error.message,
    ).toBe(MSG.admin.selectField);
    expect(
      (await admin.client.post(`/admin/users/${details.id}/field`, { field: 'balance', value: '1000000' })).body.error
        .message,
    ).toBe(MSG.admin.fieldNotEditable);
    const res = await admin.client.post(`/admin/users/${details.id}/field`, { field: 'phone', value: '+1 555 0100' });
    expect(res.body).toMatchObject({ success: true, message: MSG.admin.updated });
    expect(field(res.body.user, 'phone')).toBe('+15550100');
    // The user can now sign in with that phone number.
    expect((await u.client.post(API.login, { email: '+15550100', password: u.password })).status).toBe(200);
    const audit = (await admin.client.get(API.adminAudit)).body.entries[0];
    expect(audit).toMatchObject({
      actor: admin.email,
      action: 'user.update',
      targetId: details.id,
      before: { phone: null },
      after: { phone: '+15550100' },
    });
  });

  it('disabling a user ends their session; an admin cannot disable or demote themself', async () => {
    const u = await signedInUser(t.app);
    await admin.client.post(`/admin/users/${u.user.id}/field`, { field: 'disabled', value: 'true' });
    expect((await u.client.get(API.me)).status).toBe(401);
    const self = await admin.client.post(`/admin/users/${admin.id}/field`, { field: 'role', value: 'user' });
    expect(self.status).toBe(403);
    expect(self.body.error.message).toBe(MSG.admin.selfDemote);
  });

  it('refuses an e-mail another account uses', async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const res = await admin.client.post(`/admin/users/${b.user.id}/field`, {
      field: 'email',
      value: a.email.toUpperCase(),
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(MSG.admin.emailTaken);
  });

  it('saves name, e-mail and phone together from the referral panel', async () => {
    const u = await signedInUser(t.app);
    const res = await admin.client.post(`/admin/users/${u.user.id}/contact`, {
      name: 'Ada Lovelace',
      email: u.email,
      phone: '+44 20 7946 0000',
    });
    expect(res.body.message).toBe(MSG.admin.referralUpdated);
    const missing = await admin.client.post('/admin/users/00000000-0000-4000-8000-000000000000/contact', {
      name: 'x',
      email: 'a@b.co',
      phone: '',
    });
    expect(missing.body.error.message).toBe(MSG.admin.referralUserNotFound);
  });
});

describe('data sets', () => {
  it('loads users, user data and referral data together and edits only whitelisted columns', async () => {
    const u = await signedInUser(t.app);
    const sets = (await admin.client.get(API.adminDatasets)).body;
    expect(sets.editable).toEqual({
      users: ['name', 'email', 'phone'],
      userData: ['username', 'walletAddress'],
      referralData: ['referralCode'],
    });
    expect(sets.users.find((r: { id: string }) => r.id === u.user.id)).toMatchObject({ email: u.email });
    const ok = await admin.client.post(`/admin/datasets/referralData/${u.user.id}`, { referralCode: 'ADA_REF' });
    expect(ok.status).toBe(200);
    expect((await u.client.get(API.referral)).body.referralCode).toBe('ADA_REF');
    const bad = await admin.client.post(`/admin/datasets/userData/${u.user.id}`, { role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(MSG.admin.fieldNotEditable);
    expect((await admin.client.post(`/admin/datasets/nope/${u.user.id}`, { a: 'b' })).status).toBe(404);
  });
});

describe('balance adjustments', () => {
  it('credits and debits through the ledger with a reason the user sees in history', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    const url = `/admin/users/${u.user.id}/adjustments`;
    expect(
      (await admin.client.post(url, { account: 'usd.balance', direction: 'credit', amount: '5', reason: '' })).body
        .error.message,
    ).toBe(MSG.admin.adjustReasonRequired);
    expect(
      (await admin.client.post(url, { account: 'usd.balance', direction: 'credit', amount: '-5', reason: 'x' })).body
        .error.message,
    ).toBe(MSG.admin.adjustInvalid);
    const credit = await admin.client.post(url, {
      account: 'usd.earnings',
      direction: 'credit',
      amount: '5',
      reason: 'Goodwill for the outage',
    });
    expect(credit.status).toBe(200);
    expect((await u.client.get(API.earnings)).body.earnings).toBe('5');
    const over = await admin.client.post(url, {
      account: 'usd.balance',
      direction: 'debit',
      amount: '11',
      reason: 'Duplicate credit',
    });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(MSG.admin.adjustInsufficient);
    expect(
      (
        await admin.client.post(url, {
          account: 'usd.balance',
          direction: 'debit',
          amount: '2',
          reason: 'Duplicate credit',
        })
      ).status,
    ).toBe(200);
    expect((await u.client.get(API.me)).body.user.balance).toBe('8');
    const lines = (await u.client.get(API.history)).body.lines;
    expect(lines[0]).toContain('Adjustment by support: $2.00 taken from your balance (reason: Duplicate credit)');
    expect(lines[1]).toContain('Adjustment by support: $5.00 added to your earnings (reason: Goodwill for the outage)');
    const entry = (await admin.client.get(API.adminAudit)).body.entries[0];
    expect(entry).toMatchObject({
      action: 'balance.adjust',
      before: { 'usd.balance': '10' },
      after: { 'usd.balance': '8', reason: 'Duplicate credit' },
    });
  });
});

describe('overview', () => {
  it('shows counts, the invariant report and what the platform owes against deposits', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '100');
    const o = (await admin.client.get(API.adminOverview)).body;
    expect(o.invariants).toEqual({ ok: true, problems: [], checkedAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(o.invariants.checkedAt))).toBe(false);
    expect(o.counts.users).toBeGreaterThan(0);
    expect(Number(o.solvency.depositsReceived)).toBeGreaterThanOrEqual(103);
    expect(Number(o.solvency.owedNow)).toBeGreaterThanOrEqual(100);
  });

  it('is for admins only, and user lists never reach users', async () => {
    const u = await signedInUser(t.app);
    for (const path of [
      API.adminOverview,
      API.adminAudit,
      API.adminUsers,
      API.adminDatasets,
      '/admin/users/lookup?email=a@b.co',
    ]) {
      expect((await u.client.get(path)).status).toBe(403);
    }
    const list = (await admin.client.get(API.adminUsers)).body.users;
    expect(list.some((r: { email: string }) => r.email === u.email)).toBe(true);
  });
});
