import { sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '@svp/shared';
import { queryRows } from '../../db/client.js';
import type { Tx } from '../../db/transaction.js';

export interface NotificationEvent {
  userId: string;
  type: NotificationType;
  /** What the template renders from: amounts as integer strings (micro-dollars), dates as ISO text. */
  params: Record<string, string | number | null>;
  /** The event's own identity (a deposit's id...): the same event never writes a second notification. */
  eventKey: string;
  at: Date;
}

/**
 * Writes a notification inside the event's own transaction (the outbox, DESIGN D17): it commits or rolls back
 * with the event, its e-mail is queued with it, and live streams hear of it at commit
 * (sql/functions/notifications/notification_add.sql, which one-statement requests call from SQL).
 */
export async function record(tx: Tx, event: NotificationEvent): Promise<void> {
  await queryRows(
    tx,
    sql`select notification_add(${event.userId}::uuid, ${event.type}, ${NOTIFICATION_TYPES[event.type]},
        ${JSON.stringify(event.params)}::jsonb, ${event.eventKey}, ${event.at.toISOString()}::timestamptz) as id`,
  );
}

/** The one import an event's module needs: `await notifications.record(tx, {...})`. */
export const notifications = { record };
