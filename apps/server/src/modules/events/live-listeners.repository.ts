import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { liveListeners } from '../../db/schema.js';

/**
 * Queries only: the rows that tell notification_add whom to wake (migration 0020). Times are the database's own
 * clock: they say which processes are alive, not business time.
 */
export const liveListenersRepository = {
  async add(db: Db, userId: string, instance: string): Promise<void> {
    await db
      .insert(liveListeners)
      .values({ userId, instance, seenAt: sql`now()` })
      .onConflictDoUpdate({ target: [liveListeners.userId, liveListeners.instance], set: { seenAt: sql`now()` } });
  },
  async remove(db: Db, userId: string, instance: string): Promise<void> {
    await db.delete(liveListeners).where(and(eq(liveListeners.userId, userId), eq(liveListeners.instance, instance)));
  },
  /** This process still holds its streams; rows no process refreshed for `staleMs` are a stopped process's. */
  async refresh(db: Db, instance: string, staleMs: number): Promise<void> {
    await db
      .update(liveListeners)
      .set({ seenAt: sql`now()` })
      .where(eq(liveListeners.instance, instance));
    await db
      .delete(liveListeners)
      .where(lt(liveListeners.seenAt, sql`now() - make_interval(secs => ${staleMs / 1000})`));
  },
  async removeInstance(db: Db, instance: string): Promise<void> {
    await db.delete(liveListeners).where(eq(liveListeners.instance, instance));
  },
};
