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

/** The outbox rows of a user's notification mails. */
export async function notificationMails(t: TestApp, userId: string) {
  return queryRows<{ type: string; status: string; attempts: number; subject: string }>(
    t.database.db,
    sql`select n.type, o.status, o.attempts, o.subject from email_outbox o
        join notifications n on n.id = o.notification_id where n.user_id = ${userId}::uuid order by n.id`,
  );
}
