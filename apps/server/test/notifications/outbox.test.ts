import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signedInUser, topUp, type TestApp } from '../helpers.js';
import { notificationOutbox } from './support.js';

// No SMTP_URL (development, DESIGN D14): the job renders each notification's mail into the admin Outbox, a batch
// at a time, each batch marked in one statement.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const mailsOf = (userId: string) => notificationOutbox(t, userId);

describe('notification e-mails without SMTP', () => {
  it('keeps every mail in the outbox, rendered, once, past the batch size', async () => {
    const u = await signedInUser(t.app);
    for (let i = 1; i <= 23; i++) await topUp(u.client, String(i)); // 23 mails: one batch of 20 and one of 3
    expect((await mailsOf(u.user.id)).map((m) => m.status)).toEqual(Array(23).fill('pending'));

    const counts = await t.app.services.notifications.mailJob.runOnce();
    expect(counts).toMatchObject({ kept: 23, sent: 0, failed: 0 });
    const mails = await mailsOf(u.user.id);
    expect(mails).toHaveLength(23);
    mails.forEach((mail, i) => {
      expect(mail).toMatchObject({
        status: 'outbox',
        attempts: 1,
        subject: 'My Dashboard: Deposit credited',
        sent_at: null,
      });
      expect(mail.body).toContain(`$${i + 1}.00 was added to your balance`);
    });

    // Nothing is rendered twice.
    expect(await t.app.services.notifications.mailJob.runOnce()).toMatchObject({ kept: 0, sent: 0, failed: 0 });
    expect((await mailsOf(u.user.id)).every((m) => m.attempts === 1)).toBe(true);
  });
});
