import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, NOTIFICATIONS_API } from '@svp/shared';
import { MAIL_MAX_ATTEMPTS } from '../../src/modules/mail/delivery-policy.js';
import { buildTestApp, invest, signedInAdmin, signedInUser, topUp, type TestApp } from '../helpers.js';
import { startSmtp } from '../smtp.js';
import { listed, notificationMails, notificationOutbox } from './support.js';

// Notification e-mails: queued with the event, sent by the job, plain text and HTML with the operator's brand.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url, BRAND: 'Acme Yield' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The mails of notifications (the welcome and other account mails go their own way, at once). */
/** The notification mails (multipart, text and HTML) a user received; the welcome and other request mails are text only. */
const notificationMailsTo = (address: string) =>
  smtp.to(address).filter((m) => m.data.includes('Subject: Acme Yield:') && m.data.includes('text/html'));
const job = () => t.app.services.notifications.mailJob;
/** What the outbox row of a user's one notification mail says of its delivery. */
const deliveryOf = async (userId: string) => {
  const [mail] = await notificationOutbox(t, userId);
  return mail && { error: mail.error, body: mail.body, sent: mail.sent_at !== null };
};
const put = (client: Awaited<ReturnType<typeof signedInUser>>['client'], payload: unknown) =>
  client.request({ method: 'PUT', url: `/api/v1${NOTIFICATIONS_API.preferences}`, payload: payload as object });

describe('notification e-mails', () => {
  it('sends each once, in plain text and HTML under the brand, and marks it sent', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '100');
    expect(notificationMailsTo(u.email)).toHaveLength(0); // the job sends them, not the request
    await job().runOnce();
    await job().runOnce();
    const mails = notificationMailsTo(u.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!.data;
    expect(mail).toContain('Subject: Acme Yield: Deposit credited');
    expect(mail).toContain('text/plain');
    expect(mail).toContain('text/html');
    expect(mail).toContain('$100.00 was added to your balance');
    expect(await notificationMails(t, u.user.id)).toEqual([
      { type: 'deposit.credited', status: 'sent', attempts: 1, subject: 'Acme Yield: Deposit credited' },
    ]);
  });

  it('a category turned off sends no e-mail, yet the bell still shows it; security e-mails always go', async () => {
    const u = await signedInUser(t.app);
    const off = Object.fromEntries(
      ['deposits', 'plans', 'withdrawals', 'referrals', 'support', 'bot', 'staking'].map((c) => [c, false]),
    );
    expect((await put(u.client, { email: off })).status).toBe(200);
    await topUp(u.client, '100');
    await invest(u.client, 'platinum', '100');
    expect((await u.client.post(API.withdrawals, { kind: 'break' })).status).toBe(200);
    await job().runOnce();
    expect((await listed(u.client)).map((n) => n.type)).toEqual([
      'withdrawal.requested',
      'plan.started',
      'deposit.credited',
    ]);
    // The withdrawal request's, nothing else.
    const mails = notificationMailsTo(u.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toContain('Withdrawal requested');
    expect((await notificationMails(t, u.user.id)).map((m) => [m.type, m.status])).toEqual([
      ['withdrawal.requested', 'sent'],
    ]);
  });

  it('retries a refused e-mail later, and gives up after the last attempt (shown as failed)', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '10');
    await t.app.services.mailer.settled(); // the welcome mail is delivered: the refusal is for the notification
    smtp.refuseNext(1);
    await job().runOnce();
    let [row] = await notificationMails(t, u.user.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await deliveryOf(u.user.id)).toMatchObject({ error: expect.any(String), body: null, sent: false });
    await job().runOnce(); // not due yet: no second attempt at once
    expect((await notificationMails(t, u.user.id))[0]!.attempts).toBe(1);
    t.clock.advance(60_000);
    await job().runOnce();
    [row] = await notificationMails(t, u.user.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    // Sent: the refusal is cleared, the time recorded, and no copy of the body kept.
    expect(await deliveryOf(u.user.id)).toEqual({ error: null, body: null, sent: true });
    expect(smtp.to(u.email).filter((m) => m.data.includes('Deposit credited'))).toHaveLength(1);

    const v = await signedInUser(t.app, '10.0.1.9');
    await topUp(v.client, '10');
    await t.app.services.mailer.settled();
    smtp.refuseNext(MAIL_MAX_ATTEMPTS);
    for (let i = 0; i < MAIL_MAX_ATTEMPTS; i++) {
      await job().runOnce();
      t.clock.advance(3_600_000);
    }
    expect((await notificationMails(t, v.user.id))[0]).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    const admin = await signedInAdmin(t);
    const outbox = (await admin.client.get(API.adminOutbox)).body.mails;
    expect(
      outbox.find((m: { to: string; kind: string }) => m.to === v.email && m.kind === 'notification'),
    ).toMatchObject({ status: 'failed' });
  });
});
