import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db } from '../../db/client.js';
import { engagement, investments, plans } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { statementCall, type RequestFrame, type StatementRow } from '../../http/one-statement.js';

/** "Claim Daily Bonus" in one call (sql/functions/engagement/api_claim_daily.sql). */
const claimDailyCall = statementCall('api_claim_daily', { p_nonce: 'text', p_coin_unit: 'bigint' });

/** Saving taps in one call (sql/functions/engagement/api_save_taps.sql): the allowance of one save window. */
const saveTapsCall = statementCall('api_save_taps', {
  p_nonce: 'text',
  p_clicks: 'integer',
  p_rate: 'integer',
  p_daily_cap: 'integer',
  p_tap_value: 'bigint',
  p_coin_unit: 'bigint',
  p_window_ms: 'bigint',
});

/** What api_claim_daily stores as the request's answer, and a replay renders. */
export const claimDailyResult = z.looseObject({ outcome: z.enum(['ok', 'none']), coins: z.string().nullish() });

/** What api_save_taps stores as the request's answer, and a replay renders. */
export const saveTapsResult = z.discriminatedUnion('outcome', [
  z.looseObject({ outcome: z.literal('too-fast') }),
  z.looseObject({ outcome: z.literal('cap') }),
  z.looseObject({ outcome: z.literal('ok'), totalClicks: z.string(), coins: z.string().nullish() }),
]);

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
    return claimDailyCall(db, frame, { p_nonce: nonce, p_coin_unit: coinUnit.toString() });
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
    return saveTapsCall(db, frame, {
      p_nonce: p.nonce,
      p_clicks: p.clicks,
      p_rate: p.rate,
      p_daily_cap: p.dailyCap,
      p_tap_value: p.tapValue.toString(),
      p_coin_unit: p.coinUnit.toString(),
      p_window_ms: p.windowMs,
    });
  },
};
