import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnnouncementAudience, AnnouncementDraft } from '@svp/shared';
import { queryRows, type Db } from '../../db/client.js';
import type { Tx } from '../../db/transaction.js';
import { announcements } from '../../db/schema.js';

export type AnnouncementRow = typeof announcements.$inferSelect;

const INACTIVE_MS = 30 * 86_400_000;

/** The users an audience names (`u` = users), as of `now`: investors only, never an admin or a disabled account. */
function audienceFilter(audience: AnnouncementAudience, now: Date): SQL {
  const base = sql`u.role = 'user' and not u.disabled`;
  switch (audience) {
    case 'all':
      return base;
    case 'verified':
      return sql`${base} and u.email_verified_at is not null`;
    case 'invested':
      return sql`${base} and exists (select 1 from investments i where i.user_id = u.id and i.status = 'active')`;
    case 'inactive30': {
      const since = new Date(now.getTime() - INACTIVE_MS).toISOString();
      return sql`${base} and u.created_at < ${since}::timestamptz and not exists (
        select 1 from sign_in_events e
        where e.user_id = u.id and e.outcome = 'success' and e.created_at >= ${since}::timestamptz)`;
    }
  }
}

/** Queries only: announcements and their recipients (DESIGN D18). */
export const announcementsRepository = {
  async count(db: Db, audience: AnnouncementAudience, now: Date): Promise<number> {
    const [row] = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from users u where ${audienceFilter(audience, now)}`,
    );
    return Number(row?.n ?? 0);
  },

  async insert(tx: Tx, draft: AnnouncementDraft, by: string, now: Date): Promise<AnnouncementRow> {
    const [row] = await tx
      .insert(announcements)
      .values({ ...draft, status: 'sending', createdBy: by, createdAt: now })
      .returning();
    return row!;
  },

  async list(db: Db, limit = 50): Promise<AnnouncementRow[]> {
    return db.select().from(announcements).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(limit);
  },

  async sendingIds(db: Db): Promise<string[]> {
    const rows = await db
      .select({ id: announcements.id })
      .from(announcements)
      .where(eq(announcements.status, 'sending'))
      .orderBy(announcements.createdAt, announcements.id);
    return rows.map((r) => r.id);
  },

  /** The announcement locked for one batch, or null when another instance holds it or it is finished. */
  async lockSending(tx: Tx, id: string): Promise<AnnouncementRow | null> {
    const [row] = await queryRows<AnnouncementRow>(
      tx,
      sql`select id, title, body, audience, status, cursor, sent from announcements
          where id = ${id} and status = 'sending' for update skip locked`,
    );
    return row ?? null;
  },

  /** The next users of the audience after the cursor, in id order. */
  async nextUsers(tx: Tx, row: AnnouncementRow, limit: number, now: Date): Promise<string[]> {
    const after = row.cursor ? sql`and u.id > ${row.cursor}::uuid` : sql``;
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`select u.id from users u where ${audienceFilter(row.audience, now)} ${after} order by u.id limit ${limit}`,
    );
    return rows.map((r) => r.id);
  },

  /**
   * Records the batch's recipients and writes each one its notification (bell, and the e-mail unless they turned
   * announcements off: notification_add): a user already recorded is skipped, so nobody gets one twice.
   */
  async deliver(tx: Tx, row: AnnouncementRow, userIds: string[], now: Date): Promise<number> {
    if (userIds.length === 0) return 0;
    const at = now.toISOString();
    const params = JSON.stringify({ announcementId: row.id, title: row.title, body: row.body });
    const fresh = await queryRows<{ user_id: string }>(
      tx,
      sql`insert into announcement_recipients (user_id, announcement_id, created_at)
          select unnest(${`{${userIds.join(',')}}`}::uuid[]), ${row.id}::uuid, ${at}::timestamptz
          on conflict do nothing returning user_id`,
    );
    if (fresh.length === 0) return 0;
    await queryRows(
      tx,
      sql`select notification_add(r.id, 'announcement', 'announcements', ${params}::jsonb,
            ${'announcement:' + row.id}, ${at}::timestamptz)
          from unnest(${`{${fresh.map((f) => f.user_id).join(',')}}`}::uuid[]) as r(id)`,
    );
    return fresh.length;
  },

  async advance(tx: Tx, id: string, cursor: string | null, delivered: number, finished: boolean, now: Date) {
    await tx
      .update(announcements)
      .set({
        ...(cursor ? { cursor } : {}),
        sent: sql`${announcements.sent} + ${delivered}`,
        ...(finished ? { status: 'sent' as const, finishedAt: now } : {}),
      })
      .where(eq(announcements.id, id));
  },

  /** Mails waiting for the mail job, counted up to `limit` (the due index): how far behind it is. */
  async mailBacklog(db: Db, limit: number): Promise<number> {
    const [row] = await queryRows<{ n: string }>(
      db,
      sql`select count(*)::text as n from (select 1 from email_outbox where status = 'pending' limit ${limit}) b`,
    );
    return Number(row?.n ?? 0);
  },
};
