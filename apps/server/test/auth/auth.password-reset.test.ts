import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { API, MSG } from '@svp/shared';
import { emailOutbox, passwordResetOtps } from '../../src/db/schema.js';
import { buildTestApp, Client, registerUser, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Reads the code the way a user would: from the latest e-mail sent to them. */
async function latestOtp(email: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'password-otp')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const match = /code is (\d{6})/.exec(mail?.body ?? '');
  if (!match) throw new Error('no OTP e-mail');
  return match[1]!;
}

let ipCounter = 0;
const freshClient = () => new Client(t.app, `10.5.0.${++ipCounter}`);

describe('forgot password', () => {
  it('e-mails a 6-digit code, stored only as a hash, and resets the password with it', async () => {
    const client = freshClient();
    const creds = await registerUser(client);
    await client.post(API.login, creds);
    const sent = await client.post(API.otpRequest, { email: creds.email });
    expect(sent.status).toBe(200);
    const otp = await latestOtp(creds.email);
    expect(otp).toMatch(/^\d{6}$/);
    const rows = await t.database.db.select().from(passwordResetOtps);
    expect(rows.every((r) => r.otpHash !== otp && r.otpHash.length === 64)).toBe(true);

    const reset = await client.post(API.passwordReset, { email: creds.email, otp, newPassword: 'brand-new-password' });
    expect(reset.status).toBe(200);
    expect(reset.body.success).toBe(true);
    // Every session ends with a reset.
    expect((await client.get(API.me)).status).toBe(401);
    expect((await client.post(API.login, creds)).status).toBe(401);
    expect((await client.post(API.login, { email: creds.email, password: 'brand-new-password' })).status).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one, and limits both alike (ADR 0018)', async () => {
    const known = (await registerUser(freshClient())).email;
    const unknown = `ghost.${Date.now()}@example.com`;
    const answers = async (email: string) => {
      const out: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await freshClient().post(API.otpRequest, { email });
        out.push(`${res.status} ${res.raw}`);
      }
      return out;
    };
    const [forKnown, forUnknown] = [await answers(known), await answers(unknown)];
    expect(forKnown[0]).toBe(`200 ${JSON.stringify({ success: true, message: MSG.otp.sent })}`);
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown[3]).toMatch(/^429 /);
    // Only the real account got a code.
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, unknown));
    expect(mails).toHaveLength(0);
  });

  it('refuses a code twice (single use)', async () => {
    const client = freshClient();
    const creds = await registerUser(client);
    await client.post(API.otpRequest, { email: creds.email });
    const otp = await latestOtp(creds.email);
    expect(
      (await client.post(API.passwordReset, { email: creds.email, otp, newPassword: 'password-one-1' })).status,
    ).toBe(200);
    const again = await client.post(API.passwordReset, { email: creds.email, otp, newPassword: 'password-two-2' });
    expect(again.status).toBe(400);
    expect(again.body.error).toEqual({
      code: 'OTP_INVALID',
      message: MSG.otp.verifyFailed,
      key: 'MSG.otp.verifyFailed',
      params: [],
    });
  });

  it('lets only one of two simultaneous resets with the same code succeed', async () => {
    const client = freshClient();
    const creds = await registerUser(client);
    await client.post(API.otpRequest, { email: creds.email });
    const otp = await latestOtp(creds.email);
    const results = await Promise.all(
      ['race-password-a', 'race-password-b', 'race-password-c'].map((p) =>
        freshClient().post(API.passwordReset, { email: creds.email, otp, newPassword: p }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('expires a code after 10 minutes', async () => {
    const client = freshClient();
    const creds = await registerUser(client);
    await client.post(API.otpRequest, { email: creds.email });
    const otp = await latestOtp(creds.email);
    t.clock.advance(10 * 60_000 + 1000);
    const res = await client.post(API.passwordReset, { email: creds.email, otp, newPassword: 'late-password-1' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.otp.verifyFailed);
  });

  it('burns a code after 5 wrong attempts, even if the 6th guess is right', async () => {
    const client = freshClient();
    const creds = await registerUser(client);
    await client.post(API.otpRequest, { email: creds.email });
    const otp = await latestOtp(creds.email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await freshClient().post(API.passwordReset, {
        email: creds.email,
        otp: wrong,
        newPassword: 'guess-password-1',
      });
      expect(res.status).toBe(400);
    }
    const right = await freshClient().post(API.passwordReset, {
      email: creds.email,
      otp,
      newPassword: 'guess-password-1',
    });
    expect(right.status).toBe(400);
  });

  it('only the latest code works', async () => {
    const client = freshClient();
    const creds = await registerUser(client);
    await client.post(API.otpRequest, { email: creds.email });
    const first = await latestOtp(creds.email);
    await client.post(API.otpRequest, { email: creds.email });
    const second = await latestOtp(creds.email);
    if (first !== second) {
      expect(
        (await client.post(API.passwordReset, { email: creds.email, otp: first, newPassword: 'first-code-pw' })).status,
      ).toBe(400);
    }
    expect(
      (await client.post(API.passwordReset, { email: creds.email, otp: second, newPassword: 'second-code-pw' })).status,
    ).toBe(200);
  });

  it('validates the new password and the code format', async () => {
    const client = freshClient();
    const short = await client.post(API.passwordReset, { email: 'a@b.co', otp: '123456', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.newPassword).toBe(MSG.register.passwordShort);
    const badOtp = await client.post(API.passwordReset, { email: 'a@b.co', otp: '12ab', newPassword: 'long-enough-1' });
    expect(badOtp.body.error.fields.otp).toBe(MSG.otp.verifyFailed);
  });

  it('rate-limits OTP requests per account and OTP checks per account', async () => {
    const client = freshClient();
    const creds = await registerUser(client);
    const sends = [];
    for (let i = 0; i < 4; i++) sends.push((await freshClient().post(API.otpRequest, { email: creds.email })).status);
    expect(sends).toEqual([200, 200, 200, 429]);
    const checks = [];
    for (let i = 0; i < 11; i++) {
      checks.push(
        (
          await freshClient().post(API.passwordReset, {
            email: creds.email,
            otp: '999999',
            newPassword: 'whatever-pw-1',
          })
        ).status,
      );
    }
    expect(checks.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(checks[10]).toBe(429);
  });

  it('refuses a spelling outside the shared e-mail rule (İ) before it can reach an account', async () => {
    const email = `victim${++ipCounter}.${Date.now()}@example.com`;
    await registerUser(freshClient(), { email });
    // PostgreSQL's lower() makes "vİctim" "victim"; the shared rule is ASCII, so such text never gets that far.
    const other = email.replace('victim', 'vİctim');
    const send = await freshClient().post(API.otpRequest, { email: other });
    const check = await freshClient().post(API.passwordReset, {
      email: other,
      otp: '999999',
      newPassword: 'whatever-pw-1',
    });
    for (const res of [send, check]) {
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MSG.register.emailInvalid);
    }
  });
});
