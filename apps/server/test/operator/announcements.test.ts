import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, NOTIFICATIONS_API, OPERATOR_API, OPERATOR_MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { buildTestApp, signedInUser, type TestApp } from '../helpers.js';
import { signedInWithRoles } from './operator-kit.js';

const DRAFT = { title: 'Scheduled maintenance', body: 'We upgrade on Sunday at 02:00 UTC.', audience: 'all' } as const;

describe('announcements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const count = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string }>(t.database.db, query))[0]!.n);

  it('previews, queues and sends once to each user of the audience, through a crash and a stop mid-way', async () => {
    const support = await signedInWithRoles(t, ['support']);
    const finance = await signedInWithRoles(t, ['finance']);
    const investors = [];
    for (let i = 0; i < 5; i++) investors.push(await signedInUser(t.app, `10.37.3.${i + 1}`));
    // Two have proven their e-mail; one has turned announcement e-mails off (the bell still shows it).
    await t.database.db.execute(
      sql`update users set email_verified_at = now() where id in (${investors[0]!.user.id}, ${investors[1]!.user.id})`,
    );
    const off = await investors[2]!.client.request({
      method: 'PUT',
      url: API_PREFIX + NOTIFICATIONS_API.preferences,
      payload: { email: { announcements: false } },
    });
    expect(off.status).toBe(200);

    expect((await finance.client.post(OPERATOR_API.announcementPreview, DRAFT)).status).toBe(403);
    const verified = await support.client.post(OPERATOR_API.announcementPreview, { ...DRAFT, audience: 'verified' });
    expect(verified.body).toEqual({ title: DRAFT.title, body: DRAFT.body, recipients: 2 });
    expect((await support.client.post(OPERATOR_API.announcementPreview, DRAFT)).body.recipients).toBe(5);
    expect(
      (await support.client.post(OPERATOR_API.announcementPreview, { ...DRAFT, audience: 'invested' })).body.recipients,
    ).toBe(0);
    expect((await support.client.post(OPERATOR_API.announcements, { ...DRAFT, audience: 'invested' })).status).toBe(
      409,
    );
    expect(
      (await support.client.post(OPERATOR_API.announcementPreview, { ...DRAFT, title: ' ' })).body.error.message,
    ).toBe(OPERATOR_MSG.announcementTitleRequired);

    const created = await support.client.post(OPERATOR_API.announcements, DRAFT);
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(OPERATOR_MSG.announcementQueued(5));
    const id = created.body.announcement.id as string;
    const job = t.app.operator.announcements;
    const recipients = () =>
      count(sql`select count(*) as n from announcement_recipients where announcement_id = ${id}`);
    const notes = () => count(sql`select count(*) as n from notifications where type = 'announcement'`);

    // A crash inside the second batch: its transaction rolls back, the first batch stays sent.
    await expect(
      job.runOnce({
        batchSize: 2,
        beforeCommit: (n) => {
          if (n === 2) throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    expect(await recipients()).toBe(2);
    expect(await notes()).toBe(2);

    // Stopped after one more batch, then run to the end: it resumes from its cursor.
    expect(await job.runOnce({ batchSize: 2, maxBatches: 1 })).toEqual({ batches: 1 });
    expect(await recipients()).toBe(4);
    await job.runOnce({ batchSize: 2 });
    expect(await recipients()).toBe(5);

    // A cursor lost (or a second instance starting over) still sends nobody a second one.
    await t.database.db.execute(sql`update announcements set cursor = null, status = 'sending' where id = ${id}`);
    await job.runOnce({ batchSize: 2 });
    await job.runOnce();

    const perUser = await queryRows<{ user_id: string; n: string }>(
      t.database.db,
      sql`select user_id, count(*)::text as n from notifications where type = 'announcement' group by user_id`,
    );
    expect(perUser).toHaveLength(5);
    expect(perUser.every((r) => r.n === '1')).toBe(true);
    const mails =
      await count(sql`select count(*) as n from email_outbox o join notifications n on n.id = o.notification_id
      where n.type = 'announcement'`);
    expect(mails).toBe(4);
    const [row] = await queryRows<{ status: string; sent: number }>(
      t.database.db,
      sql`select status, sent from announcements where id = ${id}`,
    );
    expect(row).toMatchObject({ status: 'sent', sent: 5 });

    const bell = await investors[3]!.client.get(NOTIFICATIONS_API.list);
    expect(bell.body.notifications[0]).toMatchObject({ title: DRAFT.title, body: DRAFT.body });
    const list = await support.client.get(OPERATOR_API.announcements);
    expect(list.body.announcements[0]).toMatchObject({ id, status: 'sent', sent: 5, audience: 'all' });
    const audit = await count(
      sql`select count(*) as n from audit_log where action = 'announcement.create' and target_id = ${id}`,
    );
    expect(audit).toBe(1);
  });

  it('waits while the mail job is behind, and goes on once it has caught up', async () => {
    const support = await signedInWithRoles(t, ['support']);
    await signedInUser(t.app, '10.37.3.9');
    const created = await support.client.post(OPERATOR_API.announcements, { ...DRAFT, title: 'Second' });
    const id = created.body.announcement.id as string;
    await t.database.db
      .execute(sql`insert into email_outbox (to_address, subject, body, kind, status, created_at, next_attempt_at)
      select 'backlog@example.com', 'x', 'x', 'notification', 'pending', now(), now() from generate_series(1, 400)`);
    expect(await t.app.operator.announcements.runOnce()).toEqual({ batches: 0 });
    await t.database.db.execute(sql`delete from email_outbox where to_address = 'backlog@example.com'`);
    await t.app.operator.announcements.runOnce();
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`select status from announcements where id = ${id}`,
    );
    expect(row!.status).toBe('sent');
  });
});
