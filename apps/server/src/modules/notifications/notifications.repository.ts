import { and, count, desc, eq, gt, isNull, lt, or, sql, asc } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { notifications, notificationSettings, users } from '../../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** Queries only; every one is scoped to the caller's user id, so no other user's row can be read or changed. */
export const notificationsRepository = {
  async page(db: Db, userId: string, before: bigint | null, limit: number): Promise<NotificationRow[]> {
    const mine = eq(notifications.userId, userId);
    let where = mine;
    if (before !== null) {
      const [cursor] = await db
        .select({ createdAt: notifications.createdAt })
        .from(notifications)
        .where(and(mine, eq(notifications.id, before)));
      if (!cursor) return [];
      where = and(
        mine,
        or(
          lt(notifications.createdAt, cursor.createdAt),
          and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, before)),
        ),
      )!;
    }
    return db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  },

  /** Every notification after `afterId`, oldest first: what a live stream has not sent yet. */
  async after(db: Db, userId: string, afterId: bigint, limit: number): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
      .orderBy(asc(notifications.id))
      .limit(limit);
  },

  async newestId(db: Db, userId: string): Promise<bigint> {
    const [row] = await db
      .select({ id: sql<string | null>`max(${notifications.id})::text` })
      .from(notifications)
      .where(eq(notifications.userId, userId));
    return BigInt(row?.id ?? '0');
  },

  /** The reader's language (DESIGN D19): the bell speaks it, whatever it was when the event happened. */
  async languageOf(db: Db, userId: string): Promise<Language> {
    const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
    return row?.language ?? DEFAULT_LANGUAGE;
  },

  async unreadCount(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return Number(row?.n ?? 0);
  },

  /** False when the user has no such notification (another user's is indistinguishable from none). */
  async markRead(db: Db, userId: string, id: bigint, now: Date): Promise<boolean> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
      .returning({ id: notifications.id });
    return rows.length === 1;
  },

  async markAllRead(db: Db, userId: string, now: Date): Promise<void> {
    await db
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  },

  async emailOff(db: Db, userId: string): Promise<string[]> {
    const [row] = await db
      .select({ off: notificationSettings.emailOff })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return row?.off ?? [];
  },

  async setEmailOff(db: Db, userId: string, off: string[], now: Date): Promise<void> {
    await db
      .insert(notificationSettings)
      .values({ userId, emailOff: off, updatedAt: now })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailOff: off, updatedAt: now } });
  },
};
