import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type Db } from '../../db/client.js';
import { functionCall } from '../../db/sql-functions.js';
import { stakes } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { statementCall, type RequestFrame, type StatementRow } from '../../http/one-statement.js';

export type StakeRow = typeof stakes.$inferSelect;
type Executor = Db | Tx;

export interface LeaderRow {
  rank: number;
  user_id: string;
  username: string;
  balance: string;
  fund: string;
  staked: string;
  earned: string;
  /** the active stake, if any: its yield since the last settlement is added to `earned` when shown */
  stake_tokens: string | null;
  stake_started_ms: string | null;
  stake_ends_ms: string | null;
  stake_credited: string | null;
}

/** What the staking summary shows, read in one round trip: the user, their balances and latest stake. */
export interface SummaryRow {
  username: string;
  /** account code → balance in minor units (as text) */
  balances: Record<string, string> | null;
  stake: {
    tokens: string;
    status: 'active' | 'released';
    started_ms: string;
    ends_ms: string;
    credited_total: string;
  } | null;
}

/** The summary as staking_summary_json answers it (null: no such user). */
const summaryObject: z.ZodType<SummaryRow> = z.object({
  username: z.string(),
  balances: z.record(z.string(), z.string()).nullable(),
  stake: z
    .object({
      tokens: z.string(),
      status: z.enum(['active', 'released']),
      started_ms: z.string(),
      ends_ms: z.string(),
      credited_total: z.string(),
    })
    .nullable(),
});
export const summaryRow = summaryObject.nullable();

/** The summary's one query is a database function (sql/functions/staking/staking_summary_json.sql). */
const summaryCall = functionCall(
  'staking_summary_json',
  'staking_summary_json as row',
  { p_user: 'uuid' },
  z.object({ row: summaryRow }),
);

/** A new stake in one call (sql/functions/staking/api_stake.sql): session, key, checks, earnings, stake, posting. */
const stakeCall = statementCall('api_stake', {
  p_nonce: 'text',
  p_stake_id: 'uuid',
  p_tokens: 'bigint',
  p_ends_at: 'timestamptz',
  p_memo: 'text',
  p_earned_memo: 'text',
});

/** Withdraw Earned in one call (sql/functions/staking/api_withdraw_earned.sql): locks, prices the yield, posts. */
const withdrawEarnedCall = statementCall('api_withdraw_earned', {
  p_apy_bp: 'bigint',
  p_svp_per_usd: 'bigint',
  p_usd_unit: 'bigint',
  p_year_ms: 'bigint',
  p_yield_key_prefix: 'text',
  p_nonce: 'text',
  p_memo: 'text',
});

/** What api_stake stores as the request's answer, and a replay renders. */
export const stakeResult = z.discriminatedUnion('outcome', [
  z.looseObject({ outcome: z.literal('active') }),
  z.looseObject({ outcome: z.literal('insufficient') }),
  z.looseObject({ outcome: z.literal('ok'), at: z.string(), summary: summaryObject }),
]);

/** What api_user_posting stores for a staking move (convert, sell, transfer), and a replay renders. */
export const movedResult = z.discriminatedUnion('outcome', [
  z.looseObject({ outcome: z.literal('insufficient') }),
  z.looseObject({ outcome: z.literal('self') }),
  z.looseObject({ outcome: z.literal('unknown') }),
  z.looseObject({
    outcome: z.literal('ok'),
    at: z.string(),
    recipient: z.string().nullable(),
    summary: summaryObject,
  }),
]);
export type MovedResult = Extract<z.infer<typeof movedResult>, { outcome: 'ok' }>;

/** What api_withdraw_earned stores as the request's answer, and a replay renders. */
export const withdrawEarnedResult = z.discriminatedUnion('outcome', [
  z.looseObject({ outcome: z.literal('refused') }),
  z.looseObject({ outcome: z.literal('ok'), at: z.string(), amount: z.string(), summary: summaryObject }),
]);

/** The yield api_withdraw_earned posted with the withdrawal (a fresh answer's, never a replay's). */
export const withdrawEarnedAccrued = z.looseObject({ accrued: z.string() });

/** What the statement prices the yield with (stake_yield_due): yield.ts's constants and the configured APY. */
export interface YieldRule {
  apyBp: bigint;
  svpPerUsd: bigint;
  usdUnit: bigint;
  yearMs: number;
  yieldKeyPrefix: string;
}

/** Queries only. */
export const stakingRepository = {
  async stake(
    db: Db,
    frame: RequestFrame,
    p: { nonce: string; stakeId: string; tokens: bigint; endsAt: Date; memo: string; earnedMemo: string },
  ): Promise<StatementRow> {
    return stakeCall(db, frame, {
      p_nonce: p.nonce,
      p_stake_id: p.stakeId,
      p_tokens: p.tokens.toString(),
      p_ends_at: p.endsAt.toISOString(),
      p_memo: p.memo,
      p_earned_memo: p.earnedMemo,
    });
  },
  async withdrawEarned(
    db: Db,
    frame: RequestFrame,
    p: { rule: YieldRule; nonce: string; memo: string },
  ): Promise<StatementRow> {
    return withdrawEarnedCall(db, frame, {
      p_apy_bp: p.rule.apyBp.toString(),
      p_svp_per_usd: p.rule.svpPerUsd.toString(),
      p_usd_unit: p.rule.usdUnit.toString(),
      p_year_ms: p.rule.yearMs,
      p_yield_key_prefix: p.rule.yieldKeyPrefix,
      p_nonce: p.nonce,
      p_memo: p.memo,
    });
  },
  async summaryRow(db: Executor, userId: string): Promise<SummaryRow | undefined> {
    const [read] = await summaryCall(db, { p_user: userId });
    return read?.row ?? undefined;
  },
  async lockActive(tx: Tx, userId: string): Promise<StakeRow | undefined> {
    const [row] = await tx
      .select()
      .from(stakes)
      .where(and(eq(stakes.userId, userId), eq(stakes.status, 'active')))
      .for('update');
    return row;
  },

  async update(tx: Tx, id: string, change: Partial<StakeRow>): Promise<void> {
    await tx.update(stakes).set(change).where(eq(stakes.id, id));
  },
};
