import { and, eq, like, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { liveListeners } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';

/** A process's streams' rows: `instance` holds `<process id>/<stream id>`, one row per open stream. */
const ofProcess = (instance: string) => like(liveListeners.instance, `${instance}/%`);

/**
 * Queries only: the rows that tell notification_add whom to wake (ADR 0028), one per open stream, so a
 * user's streams on every instance can be counted. Times are the database's own clock: they say which processes
 * are alive, not business time.
 */
export const liveListenersRepository = {
  /**
   * Registers one stream if the user holds fewer than `max` on all instances together, and says whether it did.
   * The count and the insert run under a per-user transaction lock, so concurrent opens (on any instance) are
   * counted one after another: at most `max` are ever registered.
   */
  async addIfRoom(db: Db, userId: string, stream: string, max: number): Promise<boolean> {
    return inTransaction(db, async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`svp:live-streams:${userId}`}))`);
      const added = await queryRows(
        tx,
        sql`insert into live_listeners (user_id, instance, seen_at)
            select ${userId}, ${stream}, now()
            where (select count(*) from live_listeners where user_id = ${userId}) < ${max}
            returning 1`,
      );
      return added.length === 1;
    });
  },
  async remove(db: Db, userId: string, stream: string): Promise<void> {
    await db.delete(liveListeners).where(and(eq(liveListeners.userId, userId), eq(liveListeners.instance, stream)));
  },
  /** This process still holds its streams; rows no process refreshed for `staleMs` are a stopped process's. */
  async refresh(db: Db, instance: string, staleMs: number): Promise<void> {
    await db
      .update(liveListeners)
      .set({ seenAt: sql`now()` })
      .where(ofProcess(instance));
    await db
      .delete(liveListeners)
      .where(lt(liveListeners.seenAt, sql`now() - make_interval(secs => ${staleMs / 1000})`));
  },
  async removeInstance(db: Db, instance: string): Promise<void> {
    await db.delete(liveListeners).where(ofProcess(instance));
  },
};
