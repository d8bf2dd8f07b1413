import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, CSRF_COOKIE, SESSION_COOKIE } from '@svp/shared';
import { emailOutbox } from '../../src/db/schema.js';
import { buildTestApp, Client, registerUser, type TestApp } from '../helpers.js';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'trace' }, { write: (line) => void lines.push(line) });
});
afterAll(() => t.close());

describe('logs', () => {
  it('never contain passwords, one-time codes, session tokens or CSRF tokens', async () => {
    const client = new Client(t.app, '10.8.0.1');
    const creds = await registerUser(client);
    await client.post(API.login, creds);
    const sessionToken = client.cookies.get(SESSION_COOKIE)!;
    expect(sessionToken).toBeTruthy();
    await client.get(API.me);
    await client.post(API.otpRequest, { email: creds.email });
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, creds.email), eq(emailOutbox.kind, 'password-otp')));
    const otp = /code is (\d{6})/.exec(mail!.body!)![1]!;
    await client.post(API.passwordReset, { email: creds.email, otp, newPassword: 'a-new-password-9' });
    await client.post(API.login, { email: creds.email, password: 'wrong-password-x' });

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10); // the log really was captured
    expect(log).toContain('incoming request');
    for (const secret of [
      creds.password,
      'a-new-password-9',
      'wrong-password-x',
      client.cookies.get(CSRF_COOKIE)!,
      sessionToken,
    ]) {
      expect(log).not.toContain(secret);
    }
    // Without SMTP_URL and outside production (as here), the reset mail's own line prints its code on purpose,
    // so a developer can read it (mail.test.ts proves production never does). No other line may.
    const others = lines.filter((line) => !line.includes('e-mail not sent (no SMTP_URL; development only)'));
    // The welcome, the reset code, and the notice that the reset holds withdrawals for a while (ADR 0044).
    expect(lines.length - others.length).toBe(3);
    expect(others.join('\n')).not.toMatch(new RegExp(`code is ${otp}|code ${otp}|"(code|otp)":"${otp}"`));
    expect(log).not.toContain(`${SESSION_COOKIE}=`);
  });
});
