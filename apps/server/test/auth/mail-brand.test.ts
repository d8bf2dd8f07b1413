import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import { loadConfig } from '../../src/config.js';
import { renderMail } from '../../src/modules/notifications/templates.js';
import { buildTestApp, Client, signedInAdmin, signedInUser, totpCode, uniqueEmail, type TestApp } from '../helpers.js';
import { CHROME_WINDOWS, latestVerificationToken, mailsTo } from '../account/mails.js';
import { nextStep } from './two-factor-kit.js';

const BRAND = 'Acme Yield';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BRAND });
});
afterAll(() => t.close());

describe('the brand in e-mails', () => {
  it('is the one configured BRAND in every mail: subject first, never another name', async () => {
    const u = await signedInUser(t.app, '10.74.0.1');
    const { client } = u;
    // A reset code, a fresh verification link, a password change, a new device's sign-in.
    expect((await client.post(API.otpRequest, { email: u.email })).status).toBe(200);
    expect((await client.post(API.accountEmailResend)).status).toBe(200);
    const password = 'a-changed-password-74';
    expect(
      (await client.post(API.accountPassword, { currentPassword: u.password, newPassword: password })).status,
    ).toBe(200);
    const login = { method: 'POST' as const, url: `/api/v1${API.login}`, payload: { email: u.email, password } };
    expect((await client.request({ ...login, headers: { 'user-agent': CHROME_WINDOWS } })).status).toBe(200);
    // Two-factor turned on, off, on again, then removed by an admin.
    const enrol = async () => {
      const { secret } = (await client.post(API.twoFactorSetup)).body;
      expect((await client.post(API.twoFactorConfirm, { code: totpCode(t, secret) })).status).toBe(200);
      nextStep(t);
      return secret as string;
    };
    const secret = await enrol();
    expect((await client.post(API.twoFactorDisable, { password, code: totpCode(t, secret) })).status).toBe(200);
    nextStep(t);
    await enrol();
    const admin = await signedInAdmin(t, '10.74.0.2');
    expect((await admin.client.post(API.adminUserTwoFactorReset.replace(':id', u.user.id))).status).toBe(200);
    // An e-mail change: a link to the new address, a notice to the old one, and once verified, a notice again.
    const newEmail = uniqueEmail('moved');
    expect((await client.post(API.accountEmail, { password, newEmail })).status).toBe(200);
    const token = await latestVerificationToken(t, newEmail);
    expect((await new Client(t.app, '10.74.0.3').post(API.accountEmailVerify, { token })).status).toBe(200);

    const all = [...(await mailsTo(t, u.email)), ...(await mailsTo(t, newEmail))];
    // Each of these changes also holds withdrawals and says so in a notice of its own kind (ADR 0044), branded too.
    const holds = all.filter((m) => m.kind === 'withdrawal-hold');
    expect(holds.length).toBeGreaterThanOrEqual(5);
    for (const mail of holds) expect(mail.subject.startsWith(`${BRAND}: `)).toBe(true);
    const mails = all.filter((m) => m.kind !== 'withdrawal-hold');
    expect(new Set(mails.map((m) => m.kind))).toEqual(
      new Set(['welcome', 'password-otp', 'email-verification', 'account-security', 'two-factor-reset']),
    );
    const subjects = mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(
      [
        'Welcome',
        'Your password reset code',
        'Verify your e-mail address',
        'Your password was changed',
        'New sign-in to your account',
        'Two-factor authentication was turned on',
        'Two-factor authentication was turned off',
        'Two-factor authentication was turned on',
        'Two-factor authentication was removed from your account',
        'A change of your e-mail address was requested',
        'Confirm your new e-mail address',
        'Your e-mail address was changed',
      ]
        .map((subject) => `${BRAND}: ${subject}`)
        .sort(),
    );
    for (const mail of all) expect(`${mail.subject}\n${mail.body}`).not.toMatch(/SVP Invest|My Dashboard/);
    // Notification mails (rendered by the mail job) and the sender's name use the same brand.
    expect(
      renderMail('plan.matured', {}, { username: 'ann', language: 'en' }, { brand: BRAND, explorerUrl: null }).subject,
    ).toBe(`${BRAND}: Plan matured`);
    expect(t.config.MAIL_FROM).toBe(`${BRAND} <no-reply@svp.local>`);
    expect(loadConfig({}).MAIL_FROM).toBe('My Dashboard <no-reply@svp.local>');
    expect(loadConfig({ MAIL_FROM: 'Ops <ops@example.com>' }).MAIL_FROM).toBe('Ops <ops@example.com>');
  });
});

describe('turning two-factor sign-in on or off', () => {
  it('sends the account a security mail each time, saying which and when', async () => {
    const u = await signedInUser(t.app, '10.74.1.1');
    const { secret } = (await u.client.post(API.twoFactorSetup)).body;
    expect((await u.client.post(API.twoFactorConfirm, { code: totpCode(t, secret) })).status).toBe(200);
    const on = await mailsTo(t, u.email, 'account-security');
    expect(on.map((m) => m.subject)).toEqual([`${BRAND}: Two-factor authentication was turned on`]);
    expect(on[0]!.body).toContain('Two-factor authentication was turned on for your account on ');
    // A refused attempt to turn it off changes nothing and mails nothing.
    nextStep(t);
    expect((await u.client.post(API.twoFactorDisable, { password: 'wrong-password-1', code: '123456' })).status).toBe(
      400,
    );
    expect(await mailsTo(t, u.email, 'account-security')).toHaveLength(1);
    const off = await u.client.post(API.twoFactorDisable, { password: u.password, code: totpCode(t, secret) });
    expect(off.status).toBe(200);
    const mails = await mailsTo(t, u.email, 'account-security');
    expect(mails[0]!.subject).toBe(`${BRAND}: Two-factor authentication was turned off`);
    expect(mails[0]!.body).toContain('Your password alone now signs in.');
  });
});
