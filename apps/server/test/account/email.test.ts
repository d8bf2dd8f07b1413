import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MSG, API, MSG } from '@svp/shared';
import { emailVerifications } from '../../src/db/schema.js';
import { buildTestApp, Client, registerUser, uniqueEmail, type TestApp } from '../helpers.js';
import { latestVerificationToken, mailsTo } from './mails.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const browser = () => new Client(t.app, `10.42.0.${++ipCounter}`);

async function signedIn() {
  const client = browser();
  const creds = await registerUser(client);
  expect((await client.post(API.login, creds)).status).toBe(200);
  return { client, ...creds };
}

const verify = (token: string) => browser().post(API.accountEmailVerify, { token });
const check = (token: string) => browser().get(`${API.accountEmailVerify}?token=${token}`);

describe('verified e-mail', () => {
  it('e-mails a link at sign-up, stores only its hash, and verifies the account once', async () => {
    const { client, email } = await signedIn();
    expect((await client.get(API.me)).body.emailVerified).toBe(false);
    expect((await client.get(API.accountSecurity)).body).toEqual({ email, emailVerified: false, pendingEmail: null });
    // One mail at sign-up: the welcome carries the link.
    expect((await mailsTo(t, email)).map((m) => m.kind)).toEqual(['welcome']);
    const token = await latestVerificationToken(t, email);
    const stored = await t.database.db.select().from(emailVerifications).where(eq(emailVerifications.email, email));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).toHaveLength(64);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(24 * 3_600_000);

    // Checking a link (a mail scanner's GET) does not use it.
    expect((await check(token)).status).toBe(200);
    const res = await verify(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, status: 'verified', message: ACCOUNT_MSG.verified, email });
    expect((await client.get(API.me)).body.emailVerified).toBe(true);

    // Single use: opened again it verifies nothing more, and says so (verify-again.test.ts).
    const again = await verify(token);
    expect(again.body.status).toBe('already-verified');
    expect((await check(token)).status).toBe(400);
  });

  it('refuses a wrong or malformed link, and an expired one', async () => {
    expect((await verify('A'.repeat(43))).status).toBe(400);
    expect((await verify('not a token')).status).toBe(400);
    expect((await browser().post(API.accountEmailVerify, {})).status).toBe(400);
    const { client, email } = await signedIn();
    const token = await latestVerificationToken(t, email);
    t.clock.advance(24 * 3_600_000 + 1_000);
    const late = await verify(token);
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe(ACCOUNT_MSG.linkInvalid);
    expect((await client.get(API.me)).body.emailVerified).toBe(false);
  });

  it('resends a new link (the old one stops working), rate limited, and not once verified', async () => {
    const { client, email } = await signedIn();
    const first = await latestVerificationToken(t, email);
    const res = await client.post(API.accountEmailResend);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MSG.verificationSent(email));
    const second = await latestVerificationToken(t, email);
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);
    expect((await client.post(API.accountEmailResend)).status).toBe(200);
    expect((await client.post(API.accountEmailResend)).status).toBe(200);
    const limited = await client.post(API.accountEmailResend);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect((await verify(await latestVerificationToken(t, email))).status).toBe(200);
    const done = await client.post(API.accountEmailResend);
    expect(done.status).toBe(409);
    expect(done.body.error.message).toBe(ACCOUNT_MSG.alreadyVerified);
    expect((await browser().post(API.accountEmailResend)).status).toBe(401);
  });
});

describe('change e-mail', () => {
  it('keeps the new address pending until its link is opened, and tells the old address', async () => {
    const { client, email, password } = await signedIn();
    const newEmail = uniqueEmail('moved');
    const res = await client.post(API.accountEmail, { password, newEmail: `  ${newEmail.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MSG.emailChangeSent(newEmail));
    expect((await client.get(API.accountSecurity)).body).toEqual({
      email,
      emailVerified: false,
      pendingEmail: newEmail,
    });
    expect((await client.get(API.me)).body.user.email).toBe(email);
    const notices = await mailsTo(t, email, 'account-security');
    expect(notices.map((m) => m.subject)).toContain('My Dashboard: A change of your e-mail address was requested');
    expect(notices.find((m) => m.subject.includes('A change'))!.body).toContain(newEmail);

    const token = await latestVerificationToken(t, newEmail);
    const done = await verify(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({
      success: true,
      status: 'verified',
      message: ACCOUNT_MSG.emailChanged(newEmail),
      email: newEmail,
    });
    const me = (await client.get(API.me)).body;
    expect(me.user.email).toBe(newEmail);
    expect(me.emailVerified).toBe(true);
    expect((await client.get(API.accountSecurity)).body.pendingEmail).toBeNull();
    expect((await mailsTo(t, email, 'account-security')).map((m) => m.subject)).toContain(
      'My Dashboard: Your e-mail address was changed',
    );
    expect((await browser().post(API.login, { email: newEmail, password })).status).toBe(200);
    expect((await browser().post(API.login, { email, password })).status).toBe(401);
    // The sign-up link sent to the old address no longer proves anything.
    expect((await verify(await latestVerificationToken(t, email))).status).toBe(400);
  });

  it('requires the current password, a different address and one no account uses', async () => {
    const { client, email, password } = await signedIn();
    const wrong = await client.post(API.accountEmail, { password: 'not-my-password', newEmail: uniqueEmail() });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ password: ACCOUNT_MSG.currentPasswordWrong });
    const same = await client.post(API.accountEmail, { password, newEmail: email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(same.body.error.fields).toEqual({ newEmail: ACCOUNT_MSG.emailSame });
    const other = await signedIn();
    const taken = await client.post(API.accountEmail, { password, newEmail: other.email });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toEqual({ newEmail: MSG.register.emailTaken });
    const invalid = await client.post(API.accountEmail, { password, newEmail: 'not-an-address' });
    expect(invalid.status).toBe(400);
    expect((await client.get(API.accountSecurity)).body.pendingEmail).toBeNull();
  });

  it('refuses the link when another account took the address meanwhile', async () => {
    const { client, email, password } = await signedIn();
    const wanted = uniqueEmail('wanted');
    expect((await client.post(API.accountEmail, { password, newEmail: wanted })).status).toBe(200);
    const token = await latestVerificationToken(t, wanted);
    await registerUser(browser(), { email: wanted });
    const res = await verify(token);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(ACCOUNT_MSG.emailTakenOnVerify);
    expect((await client.get(API.me)).body.user.email).toBe(email);
  });
});
