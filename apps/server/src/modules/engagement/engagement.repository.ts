import { and, eq, sql } from 'drizzle-orm';
import { preparedStatement, type Db } from '../../db/client.js';
import { engagement, investments, plans } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { frameParams, type RequestFrame, type StatementRow } from '../../http/one-statement.js';

/** "Claim Daily Bonus" in one call (migration 0016): session, key, settlement check, posting, answer. */
const claimDailyStatement = preparedStatement<StatementRow>(
  'api_claim_daily',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_claim_daily($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
);

/** Saving taps in one call (migration 0016; the save window since migration 0039). */
const saveTapsStatement = preparedStatement<StatementRow>(
  'api_save_taps',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_save_taps($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
);

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
  /** Row lock: every engagement change of one user runs one at a time. Undefined for a user with no row yet. */
  async lock(tx: Tx, userId: string): Promise<EngagementRow | undefined> {
    const [row] = await tx.select().from(engagement).where(eq(engagement.userId, userId)).for('update');
    return row;
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
  async claimDaily(db: Db, frame: RequestFrame, nonce: string, coinUnit: bigint): Promise<StatementRow> {
    const [row] = await claimDailyStatement(db, [...frameParams(frame), nonce, coinUnit.toString()]);
    return row!;
  },
  async saveTaps(
    db: Db,
    frame: RequestFrame,
    p: {
      nonce: string;
      clicks: number;
      rate: number;
      dailyCap: number;
      tapValue: bigint;
      coinUnit: bigint;
      windowMs: number;
    },
  ): Promise<StatementRow> {
    const [row] = await saveTapsStatement(db, [
      ...frameParams(frame),
      p.nonce,
      p.clicks,
      p.rate,
      p.dailyCap,
      p.tapValue.toString(),
      p.coinUnit.toString(),
      p.windowMs,
    ]);
    return row!;
  },
};
