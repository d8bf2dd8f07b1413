import { sql } from 'drizzle-orm';
import { NOTIFICATIONS_API } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import type { Client, TestApp } from '../helpers.js';

export interface Listed {
  id: string;
  type: string;
  category: string;
  title: string;
  body: string;
  link: string | null;
  read: boolean;
}

/** The user's notifications as the bell lists them, newest first. */
export async function listed(client: Client): Promise<Listed[]> {
  const res = await client.get(`${NOTIFICATIONS_API.list}?limit=50`);
  if (res.status !== 200) throw new Error(`list failed: ${res.status} ${res.raw}`);
  return res.body.notifications as Listed[];
}

export const ofType = async (client: Client, type: string) => (await listed(client)).filter((n) => n.type === type);

/** The outbox rows of a user's notification mails, oldest notification first, with what their delivery left. */
export function notificationOutbox(t: Pick<TestApp, 'database'>, userId: string) {
  return queryRows<{
    type: string;
    status: string;
    attempts: number;
    subject: string;
    body: string | null;
    error: string | null;
    sent_at: Date | null;
  }>(
    t.database.db,
    sql`select n.type, o.status, o.attempts, o.subject, o.body, o.error, o.sent_at from email_outbox o
        join notifications n on n.id = o.notification_id where n.user_id = ${userId}::uuid order by n.id`,
  );
}

/** The outbox rows of a user's notification mails: type, status, attempts and subject. */
export async function notificationMails(t: Pick<TestApp, 'database'>, userId: string) {
  return (await notificationOutbox(t, userId)).map(({ type, status, attempts, subject }) => ({
    type,
    status,
    attempts,
    subject,
  }));
}
