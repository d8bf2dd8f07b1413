import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, API_PREFIX, VERIFY_EMAIL_PAGE } from '@svp/shared';
import { emailOutbox } from '../../src/db/schema.js';
import { buildTestApp, Client, registerUser } from '../helpers.js';

/** The mailer's one line that shows a development mail's code and links on purpose (DESIGN D17). */
const DEVELOPMENT_MAIL_LINE = 'e-mail not sent (no SMTP_URL; development only)';

/**
 * A person's journey through every secret the server hands out, on an app logging at the default level (info):
 * sign-up, the verification link opened (its page, the page's check, the verification), a reset code asked for and
 * used, a sign-in. Returns every log line and the secrets: the link, its token, the code.
 */
async function journey(env: Record<string, string>) {
  const lines: string[] = [];
  const t = await buildTestApp({ LOG_LEVEL: 'info', ...env }, { write: (line) => void lines.push(line) });
  const client = new Client(t.app, '10.72.0.1');
  const creds = await registerUser(client);
  const mailBody = async (kind: string) =>
    (
      await t.database.db
        .select({ body: emailOutbox.body })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, creds.email), eq(emailOutbox.kind, kind)))
    )[0]!.body!;
  const link = new RegExp(`https?://\\S+${VERIFY_EMAIL_PAGE}\\?token=[\\w-]+`).exec(await mailBody('welcome'))![0];
  const token = new URL(link).searchParams.get('token')!;
  // Opened as a person opens it: the page (its path and query), then what the page asks the API.
  await client.request({ method: 'GET', url: `${VERIFY_EMAIL_PAGE}?token=${token}` });
  const check = await client.request({ method: 'GET', url: `${API_PREFIX}${API.accountEmailVerify}?token=${token}` });
  expect(check.status).toBe(200);
  expect((await client.post(API.accountEmailVerify, { token })).status).toBe(200);

  expect((await client.post(API.otpRequest, { email: creds.email })).status).toBe(200);
  const code = /code is (\d{6})/.exec(await mailBody('password-otp'))![1]!;
  const newPassword = 'a-new-password-72';
  const reset = await client.post(API.passwordReset, { email: creds.email, otp: code, newPassword });
  expect(reset.status).toBe(200);
  expect((await client.post(API.login, { email: creds.email, password: newPassword })).status).toBe(200);
  return { t, lines, secrets: { link, token, code } };
}

/** The lines that carry one of the secrets (the code as a whole number, not inside a longer one). */
function carrying(lines: string[], secrets: { link: string; token: string; code: string }) {
  const code = new RegExp(`(?<![\\d.])${secrets.code}(?!\\d)`);
  return lines.filter((line) => line.includes(secrets.token) || line.includes(secrets.link) || code.test(line));
}

describe('the log outside production, without SMTP', () => {
  let run: Awaited<ReturnType<typeof journey>>;
  beforeAll(async () => {
    run = await journey({});
  });
  afterAll(() => run.t.close());

  it('holds no verification token, link or reset code except in the development mail line', () => {
    expect(run.lines.some((line) => line.includes('"msg":"incoming request"'))).toBe(true); // the log was captured
    const leaks = carrying(run.lines, run.secrets).filter((line) => !line.includes(DEVELOPMENT_MAIL_LINE));
    expect(leaks).toEqual([]);
    // The request lines still name the path; only the query is left out.
    expect(
      run.lines.some((line) => line.includes(`"url":"${API_PREFIX}${API.accountEmailVerify}?[query not logged]"`)),
    ).toBe(true);
  });
});

describe('the log in production', () => {
  let run: Awaited<ReturnType<typeof journey>>;
  beforeAll(async () => {
    // The configuration needs a DATABASE_URL in production; the app itself runs on this test's database.
    run = await journey({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/x',
      ALLOW_TEST_CLOCK: '0',
      METRICS_TOKEN: 'a-long-metrics-token-123',
    });
  });
  afterAll(() => run.t.close());

  it('holds no verification token, link or reset code in any line', () => {
    expect(run.lines.some((line) => line.includes('"msg":"incoming request"'))).toBe(true);
    expect(carrying(run.lines, run.secrets)).toEqual([]);
  });
});
