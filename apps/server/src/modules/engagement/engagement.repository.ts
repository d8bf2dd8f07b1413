import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { engagement, investments, plans } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

export type EngagementRow = typeof engagement.$inferSelect;
type Executor = Db | Tx;

export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/** Queries only. */
export const engagementRepository = {
  async ensure(db: Executor, userId: string, now: Date): Promise<void> {
    await db
      .insert(engagement)
      .values({ userId, dailySettledThrough: utcDay(now), lastTapSaveAt: now, tapDay: utcDay(now) })
      .onConflictDoNothing();
  },
  async find(db: Executor, userId: string): Promise<EngagementRow | undefined> {
    const [row] = await db.select().from(engagement).where(eq(engagement.userId, userId));
    return row;
  },
  /** Row lock: every engagement change of one user runs one at a time. */
  async lock(tx: Tx, userId: string): Promise<EngagementRow> {
    const [row] = await tx.select().from(engagement).where(eq(engagement.userId, userId)).for('update');
    return row!;
  },
  async update(tx: Tx, userId: string, change: Partial<EngagementRow>): Promise<void> {
    await tx.update(engagement).set(change).where(eq(engagement.userId, userId));
  },
  /** Every investment of the user with its plan's daily-task power, for daily-coin accrual. */
  async investmentPowers(db: Executor, userId: string) {
    return db
      .select({ startedAt: investments.startedAt, closedAt: investments.closedAt, power: plans.dailyTask })
      .from(investments)
      .innerJoin(plans, eq(plans.code, investments.planCode))
      .where(and(eq(investments.userId, userId), sql`true`));
  },
};
