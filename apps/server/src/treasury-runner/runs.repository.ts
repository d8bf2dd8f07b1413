/**
 * Treasury runs a development server carries out (ADR 0041): created queued, running once the run holds
 * the treasury lock, then done or failed. Any instance answers for any run: the row is the run's state. Times
 * are the database's, like the lock's (the app's clock may be a test clock moved days ahead).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TreasuryCommand, TreasuryRun, TreasuryRunStatus } from '@svp/shared';
import type { Db } from '../db/client.js';
import { treasuryRuns } from '../db/schema.js';
import type { TreasuryAction } from './steps.js';

export type RunRow = typeof treasuryRuns.$inferSelect;

/** A queued or running run whose process has not beaten its heartbeat for this long is taken as dead. */
export const RUN_STALE_MS = 30_000;

const now = sql`clock_timestamp()`;
const live = inArray(treasuryRuns.status, ['queued', 'running']);

export const runsRepository = {
  /**
   * A new queued run, or the one of the same kind already queued (not started yet: it will see everything this
   * request wants done). `created` says which; only the process that created a run carries it out.
   */
  async enqueue(
    db: Db,
    run: { chainId: number; command: TreasuryCommand; dryRun: boolean; min: string | null; requestedBy: string | null },
  ): Promise<{ row: RunRow; created: boolean }> {
    for (let attempt = 0; ; attempt++) {
      const [created] = await db
        .insert(treasuryRuns)
        .values({ ...run, status: 'queued', createdAt: now, heartbeatAt: now })
        .onConflictDoNothing()
        .returning();
      if (created) return { row: created, created: true };
      const [queued] = await db
        .select()
        .from(treasuryRuns)
        .where(
          and(
            eq(treasuryRuns.chainId, run.chainId),
            eq(treasuryRuns.command, run.command),
            eq(treasuryRuns.dryRun, run.dryRun),
            sql`coalesce(${treasuryRuns.min}, '') = ${run.min ?? ''}`,
            eq(treasuryRuns.status, 'queued'),
          ),
        );
      if (queued) return { row: queued, created: false };
      // The queued one started between the two statements: queue a new one.
      if (attempt >= 3) throw new Error('could not queue a treasury run');
    }
  },

  get: async (db: Db, id: string) => (await db.select().from(treasuryRuns).where(eq(treasuryRuns.id, id)))[0],

  async started(db: Db, id: string) {
    await db
      .update(treasuryRuns)
      .set({ status: 'running', startedAt: now, heartbeatAt: now })
      .where(eq(treasuryRuns.id, id));
  },

  async progress(db: Db, id: string, actions: readonly TreasuryAction[]) {
    await db
      .update(treasuryRuns)
      .set({ actions: [...actions], heartbeatAt: now })
      .where(and(eq(treasuryRuns.id, id), live));
  },

  async finished(db: Db, id: string, result: TreasuryRun) {
    await db
      .update(treasuryRuns)
      .set({ status: 'done', actions: result.actions, result, finishedAt: now })
      .where(eq(treasuryRuns.id, id));
  },

  async failed(db: Db, id: string, error: string, actions?: readonly TreasuryAction[]) {
    await db
      .update(treasuryRuns)
      .set({ status: 'failed', error, finishedAt: now, ...(actions ? { actions: [...actions] } : {}) })
      .where(eq(treasuryRuns.id, id));
  },

  /** The owning process is alive: its queued and running runs are not stale. */
  async beat(db: Db, ids: string[]) {
    if (ids.length === 0) return;
    await db
      .update(treasuryRuns)
      .set({ heartbeatAt: now })
      .where(and(inArray(treasuryRuns.id, ids), live));
  },

  /** Drops runs that ended more than a week ago (development runs are for following, not for keeping). */
  async dropOld(db: Db) {
    await db.delete(treasuryRuns).where(sql`${treasuryRuns.finishedAt} < ${now} - interval '7 days'`);
  },

  /** Fails runs whose process stopped beating (killed, or stopped while they waited). */
  async failStale(db: Db) {
    await db
      .update(treasuryRuns)
      .set({ status: 'failed', error: 'The server carrying out this run stopped before it finished.', finishedAt: now })
      .where(
        and(live, sql`${treasuryRuns.heartbeatAt} < ${now} - ${RUN_STALE_MS}::integer * interval '1 millisecond'`),
      );
  },
};

export function runStatus(row: RunRow): TreasuryRunStatus {
  return {
    runId: row.id,
    command: row.command,
    dryRun: row.dryRun,
    status: row.status,
    actions: row.actions as TreasuryRunStatus['actions'],
    result: (row.result as TreasuryRun | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
