import { and, eq } from 'drizzle-orm';
import { preparedStatement, type Db } from '../../db/client.js';
import { stakes } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { frameParams, type RequestFrame, type StatementRow } from '../../http/one-statement.js';

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

/** The summary's one query is a database function (migration 0011): the one-statement moves read it too. */
const summaryStatement = preparedStatement<{ row: SummaryRow | null }>(
  'staking_summary',
  `select staking_summary_json($1::uuid) as row`,
);

/** A new stake in one call (migration 0016): session, key, checks, earnings moved, stake row, posting, answer. */
const stakeStatement = preparedStatement<StatementRow>(
  'api_stake',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_stake($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11::uuid, $12, $13::timestamptz, $14, $15)`,
);

/** Withdraw Earned in one call (migration 0034): it locks, prices the yield due, posts and stores its answer. */
const withdrawEarnedStatement = preparedStatement<StatementRow>(
  'api_withdraw_earned',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_withdraw_earned($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
);

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
    const [row] = await stakeStatement(db, [
      ...frameParams(frame),
      p.nonce,
      p.stakeId,
      p.tokens.toString(),
      p.endsAt.toISOString(),
      p.memo,
      p.earnedMemo,
    ]);
    return row!;
  },
  async withdrawEarned(
    db: Db,
    frame: RequestFrame,
    p: { rule: YieldRule; nonce: string; memo: string },
  ): Promise<StatementRow> {
    const [row] = await withdrawEarnedStatement(db, [
      ...frameParams(frame),
      p.rule.apyBp.toString(),
      p.rule.svpPerUsd.toString(),
      p.rule.usdUnit.toString(),
      p.rule.yearMs,
      p.rule.yieldKeyPrefix,
      p.nonce,
      p.memo,
    ]);
    return row!;
  },
  async summaryRow(db: Executor, userId: string): Promise<SummaryRow | undefined> {
    const [read] = await summaryStatement(db, [userId]);
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
