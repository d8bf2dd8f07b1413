import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ACCOUNT_MSG, API, MSG } from '@svp/shared';
import { auditLog, emailOutbox, passwordResetOtps } from '../../src/db/schema.js';
import { buildTestApp, Client, registerUser, type TestApp } from '../helpers.js';
import { mailsTo } from './mails.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const browser = () => new Client(t.app, `10.41.0.${++ipCounter}`);

/** One account signed in on two browsers. */
async function twoBrowsers() {
  const laptop = browser();
  const creds = await registerUser(laptop);
  expect((await laptop.post(API.login, creds)).status).toBe(200);
  const phone = browser();
  expect((await phone.post(API.login, creds)).status).toBe(200);
  return { creds, laptop, phone };
}

describe('change password', () => {
  it('ends every other session but keeps this one, audits it and sends a security mail', async () => {
    const { creds, laptop, phone } = await twoBrowsers();
    const res = await laptop.post(API.accountPassword, {
      currentPassword: creds.password,
      newPassword: 'a-brand-new-password',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: ACCOUNT_MSG.passwordChanged });
    expect((await laptop.get(API.me)).status).toBe(200);
    expect((await phone.get(API.me)).status).toBe(401);
    expect((await browser().post(API.login, creds)).status).toBe(401);
    expect((await browser().post(API.login, { ...creds, password: 'a-brand-new-password' })).status).toBe(200);

    const userId = (await laptop.get(API.me)).body.user.id as string;
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'account.password.change')));
    expect(entry?.after).toEqual({ otherSessionsEnded: 1 });
    expect(JSON.stringify([entry?.before, entry?.after])).not.toContain('argon2');
    const mails = await mailsTo(t, creds.email, 'account-security');
    expect(mails.map((m) => m.subject)).toContain('My Dashboard: Your password was changed');
  });

  it('refuses a wrong current password as a field error (not 401: the caller stays signed in)', async () => {
    const { creds, laptop, phone } = await twoBrowsers();
    const res = await laptop.post(API.accountPassword, {
      currentPassword: 'wrong-password',
      newPassword: 'another-one-123',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ currentPassword: ACCOUNT_MSG.currentPasswordWrong });
    expect((await laptop.get(API.me)).status).toBe(200);
    expect((await phone.get(API.me)).status).toBe(200);
    expect((await browser().post(API.login, creds)).status).toBe(200);
  });

  it('applies the password rules and refuses the same password', async () => {
    const { creds, laptop } = await twoBrowsers();
    const short = await laptop.post(API.accountPassword, { currentPassword: creds.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.newPassword).toBe(MSG.register.passwordShort);
    const same = await laptop.post(API.accountPassword, {
      currentPassword: creds.password,
      newPassword: creds.password,
    });
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toEqual({ newPassword: ACCOUNT_MSG.newPasswordSame });
    const missing = await laptop.post(API.accountPassword, { newPassword: 'whatever-long' });
    expect(missing.status).toBe(400);
  });

  it('limits current-password guesses per account', async () => {
    const { creds, laptop } = await twoBrowsers();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await laptop.post(API.accountPassword, {
        currentPassword: `guess-${i}`,
        newPassword: 'new-password-1',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Even the right password waits for the window to pass.
    const right = await laptop.post(API.accountPassword, {
      currentPassword: creds.password,
      newPassword: 'new-password-1',
    });
    expect(right.status).toBe(429);
  });

  it('needs a signed-in user and the CSRF token', async () => {
    expect(
      (await browser().post(API.accountPassword, { currentPassword: 'x', newPassword: 'y-long-enough' })).status,
    ).toBe(401);
    const { creds, laptop } = await twoBrowsers();
    const forged = await laptop.request({
      method: 'POST',
      url: `/api/v1${API.accountPassword}`,
      payload: { currentPassword: creds.password, newPassword: 'forged-password' },
      csrf: false,
    });
    expect(forged.status).toBe(403);
  });
});

describe('password reset', () => {
  it('ends every session of the user, on every browser', async () => {
    const { creds, laptop, phone } = await twoBrowsers();
    expect((await browser().post(API.otpRequest, { email: creds.email })).status).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, creds.email), eq(emailOutbox.kind, 'password-otp')))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const otp = /code is (\d{6})/.exec(mail!.body!)![1]!;
    const reset = await browser().post(API.passwordReset, { email: creds.email, otp, newPassword: 'reset-password-1' });
    expect(reset.status).toBe(200);
    expect((await laptop.get(API.me)).status).toBe(401);
    expect((await phone.get(API.me)).status).toBe(401);
    expect((await t.database.db.select().from(passwordResetOtps)).length).toBeGreaterThan(0);
  });
});
