import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API, VERIFY_EMAIL_PAGE } from '@svp/shared';
import { emailOutbox } from '../../src/db/schema.js';
import { startSmtp } from '../smtp.js';
import { buildTestApp, Client, registerUser, signedInAdmin, signedInUser, type TestApp } from '../helpers.js';

/** A real SMTP server on loopback (test/smtp.ts): proves SMTP_URL delivery through nodemailer end to end. */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('e-mail over SMTP', () => {
  const job = () => t.app.services.notifications.mailJob;
  const mailOf = async (address: string, kind: string) =>
    (
      await t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)))
    )[0];
  /** A new user whose reset-code mail the SMTP server refused once (their welcome mail went through first). */
  async function refusedResetCode(ip: string) {
    const client = new Client(t.app, ip);
    const creds = await registerUser(client);
    await t.app.services.mailer.settled();
    smtp.refuseNext(1);
    await client.post(API.otpRequest, { email: creds.email });
    await t.app.services.mailer.settled();
    return creds;
  }

  it('tries a refused mail again through the notifications job, as it does its own, and clears its text once sent', async () => {
    const creds = await refusedResetCode('10.0.8.2');
    const refused = await mailOf(creds.email, 'password-otp');
    expect(refused).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: expect.stringContaining('Mailbox unavailable'),
    });
    expect(refused?.body).toMatch(/one-time code is \d{6}/); // kept for the next attempt
    await job().runOnce(); // not due yet: 30 s after the refusal
    expect((await mailOf(creds.email, 'password-otp'))?.attempts).toBe(1);

    t.clock.advance(31_000);
    await job().runOnce();
    expect(await mailOf(creds.email, 'password-otp')).toMatchObject({
      status: 'sent',
      attempts: 2,
      body: null,
      error: null,
    });
    const codes = smtp.to(creds.email).filter((m) => /one-time code is \d{6}/.test(m.data));
    expect(codes).toHaveLength(1);
    expect(codes[0]!.data).toContain(refused!.body!.match(/\d{6}/)![0]);
  });

  it('gives up on a reset code the mail server did not take while it was valid, instead of sending it late', async () => {
    const creds = await refusedResetCode('10.0.8.3');
    t.clock.advance(11 * 60_000);
    await job().runOnce();
    expect(await mailOf(creds.email, 'password-otp')).toMatchObject({
      status: 'failed',
      error: 'the code expired before the mail server took it',
    });
    expect(smtp.to(creds.email).filter((m) => /one-time code/.test(m.data))).toHaveLength(0);
  });

  it('answers a reset-code request before a slow mail server has taken the mail (ADR 0018), then delivers it', async () => {
    const client = new Client(t.app, '10.0.8.1');
    const creds = await registerUser(client);
    await t.app.services.mailer.settled();
    const release = smtp.hold();
    try {
      expect((await client.post(API.otpRequest, { email: creds.email })).status).toBe(200);
      const [otp] = await t.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, creds.email), eq(emailOutbox.kind, 'password-otp')));
      expect(otp?.status).toBe('pending'); // answered while the server still holds the mail
      expect(smtp.to(creds.email).filter((m) => /one-time code/.test(m.data))).toHaveLength(0);
    } finally {
      release();
    }
    await t.app.services.mailer.settled();
    expect(smtp.to(creds.email).filter((m) => /one-time code is \d{6}/.test(m.data))).toHaveLength(1);
    const [sent] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, creds.email), eq(emailOutbox.kind, 'password-otp')));
    expect([sent?.status, sent?.body]).toEqual(['sent', null]);
  });

  it('sends the welcome and OTP e-mails and clears the stored body once SMTP accepted them', async () => {
    const client = new Client(t.app);
    const creds = await registerUser(client);
    expect((await client.post(API.otpRequest, { email: creds.email })).status).toBe(200);
    // Delivery runs after the answer: wait for it before reading what the SMTP server received.
    await t.app.services.mailer.settled();
    const mine = smtp.to(creds.email);
    expect(mine).toHaveLength(2);
    expect(mine.filter((m) => m.data.includes('My Dashboard: Welcome'))).toHaveLength(1);
    expect(mine.filter((m) => /one-time code is \d{6}/.test(m.data))).toHaveLength(1);
    const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, creds.email));
    expect(rows.map((r) => [r.status, r.body])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
    // The admin Outbox lists them as sent; their bodies, and so their codes, are gone.
    const admin = await signedInAdmin(t);
    const outbox = (await admin.client.get(API.adminOutbox)).body;
    expect(outbox.delivery).toBe('smtp');
    const listed = outbox.mails.filter((m: { to: string }) => m.to === creds.email);
    expect(listed.map((m: { status: string; code: string | null }) => [m.status, m.code])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
  });
});

/** An app without SMTP_URL whose log lines are kept, and a user who asked for a reset code. */
async function withoutSmtp(env: Record<string, string>) {
  const lines: string[] = [];
  const app = await buildTestApp({ LOG_LEVEL: 'info', ...env }, { write: (line) => void lines.push(line) });
  const client = new Client(app.app, '10.0.9.1');
  const creds = await registerUser(client);
  expect((await client.post(API.otpRequest, { email: creds.email })).status).toBe(200);
  const [mail] = await app.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, creds.email), eq(emailOutbox.kind, 'password-otp')));
  const otp = /code is (\d{6})/.exec(mail!.body!)![1]!;
  return { app, lines, client, creds, otp };
}

type Listed = {
  to: string;
  subject: string;
  kind: string;
  status: string;
  body: string | null;
  code: string | null;
  links: string[];
};

/** The sign-up's verification link, as its mail carries it. */
const VERIFY_LINK = new RegExp(`https?://[^\\s,"]+${VERIFY_EMAIL_PAGE}\\?token=[\\w-]+`);

describe('e-mail without SMTP, outside production', () => {
  let dev: Awaited<ReturnType<typeof withoutSmtp>>;
  beforeAll(async () => {
    dev = await withoutSmtp({});
  });
  afterAll(() => dev.app.close());

  it('prints each outgoing mail to the log: recipient, subject and the one-time code', () => {
    const printed = dev.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.to === dev.creds.email);
    expect(printed.map((e) => [e.subject, e.code])).toEqual([
      ['My Dashboard: Welcome', null],
      ['My Dashboard: Your password reset code', dev.otp],
    ]);
    // The message itself is readable in a terminal: who, what, and the code.
    expect(printed[1]!.msg).toContain(dev.creds.email);
    expect(printed[1]!.msg).toContain(`code ${dev.otp}`);
    // ...and the welcome's verification link, whole, so a person can open it.
    expect(printed[0]!.msg).toMatch(new RegExp(`, link ${VERIFY_LINK.source}`));
  });

  it('verifies the address through the link a person reads on the admin Outbox', async () => {
    const admin = await signedInAdmin(dev.app);
    const res = await admin.client.get(API.adminOutbox);
    const welcome = (res.body.mails as Listed[]).find((m) => m.to === dev.creds.email && m.kind === 'welcome')!;
    // The rendered body is there to read, and the link is the one it carries.
    expect(welcome.body).toContain('Please verify this e-mail address');
    expect(welcome.links).toHaveLength(1);
    expect(welcome.links[0]).toMatch(VERIFY_LINK);
    expect(welcome.body).toContain(welcome.links[0]);
    const token = new URL(welcome.links[0]!).searchParams.get('token');
    const verified = await new Client(dev.app.app, '10.0.9.4').post(API.accountEmailVerify, { token });
    expect(verified.status).toBe(200);
    expect(verified.body.email).toBe(dev.creds.email);
  });

  it('lists the mails, newest first, with their codes on the admin Outbox, and the code resets the password', async () => {
    const admin = await signedInAdmin(dev.app);
    const res = await admin.client.get(API.adminOutbox);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ showsCodes: true, delivery: 'outbox' });
    const listed = (res.body.mails as Listed[]).filter((m) => m.to === dev.creds.email);
    expect(listed).toMatchObject([
      { kind: 'password-otp', subject: 'My Dashboard: Your password reset code', status: 'outbox', code: dev.otp },
      { kind: 'welcome', subject: 'My Dashboard: Welcome', status: 'outbox', code: null },
    ]);
    expect(listed[0]!.body).toContain(`code is ${dev.otp}`);
    const reset = await dev.client.post(API.passwordReset, {
      email: dev.creds.email,
      otp: listed[0]!.code,
      newPassword: 'reset-from-the-outbox-1',
    });
    expect(reset.status).toBe(200);
  });

  it('is for admins only', async () => {
    const user = await signedInUser(dev.app.app, '10.0.9.2');
    expect((await user.client.get(API.adminOutbox)).status).toBe(403);
    expect((await new Client(dev.app.app, '10.0.9.3').get(API.adminOutbox)).status).toBe(401);
  });
});

describe('e-mail without SMTP in production', () => {
  let prod: Awaited<ReturnType<typeof withoutSmtp>>;
  beforeAll(async () => {
    // The configuration needs a DATABASE_URL in production; the app itself runs on this test's database.
    prod = await withoutSmtp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/x',
      ALLOW_TEST_CLOCK: '0',
      METRICS_TOKEN: 'a-long-metrics-token-123',
    });
  });
  afterAll(() => prod.app.close());

  it('never prints a code, a link or a recipient to the log', () => {
    const log = prod.lines.join('\n');
    expect(log).toContain('e-mail written to the outbox (no SMTP_URL)'); // the log really was captured
    expect(log).not.toMatch(new RegExp(`code is ${prod.otp}|code ${prod.otp}|"(code|otp)":"${prod.otp}"`));
    expect(log).not.toContain(prod.creds.email);
    expect(log).not.toContain('token=');
  });

  it('lists recipients and subjects on the admin Outbox, never codes', async () => {
    const admin = await signedInAdmin(prod.app);
    const res = await admin.client.get(API.adminOutbox);
    expect(res.status).toBe(200);
    expect(res.body.showsCodes).toBe(false);
    const listed = (res.body.mails as Listed[]).filter((m) => m.to === prod.creds.email);
    expect(listed.map((m) => [m.subject, m.code])).toEqual([
      ['My Dashboard: Your password reset code', null],
      ['My Dashboard: Welcome', null],
    ]);
    expect((res.body.mails as Listed[]).every((m) => m.code === null && m.body === null && !m.links.length)).toBe(true);
    expect(res.raw).not.toContain(prod.otp);
    expect(res.raw).not.toContain('one-time code is');
    expect(res.raw).not.toContain('token=');
  });
});
