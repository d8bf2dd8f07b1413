import { usdForTokens, DAY_MS, YEAR_MS } from '@svp/shared';

/** A year in ms as a bigint, for exact yield arithmetic. */
const YEAR_MS_BIG = BigInt(YEAR_MS);

export interface StakeTerms {
  tokens: bigint;
  startedAt: Date;
  endsAt: Date;
}

/**
 * Yield owed by `at`, in micro-dollars: per millisecond on the staked tokens' USD value, capped at the
 * stake's end (DESIGN D10). The floor of the cumulative amount, so settling often or rarely pays the same.
 * SQL's stake_yield_due (Withdraw Earned's statement) is the same formula, given this file's constants as
 * parameters; this twin stays because settlement, the room's view and the leaderboard price many stakes without
 * a round trip each. test/staking/yield-in-sql.test.ts holds the two equal on 3,000 random stakes.
 */
export function yieldDue(stake: StakeTerms, apyBp: bigint, at: Date): bigint {
  const until = Math.min(at.getTime(), stake.endsAt.getTime());
  const elapsed = BigInt(Math.max(0, until - stake.startedAt.getTime()));
  return (usdForTokens(stake.tokens) * apyBp * elapsed) / (10_000n * YEAR_MS_BIG);
}

/**
 * What stakes worth `tokenMs` (the sum of tokens × term in ms over them) earn over their terms, floored once over the
 * sum: the solvency's yield to come (sql/functions/overview/, ADR 0037). It exceeds the sum of each stake's yieldDue by
 * under two micro-dollars a stake (the per-stake floors), on the side of owing more.
 */
export function yieldOfTokenMs(tokenMs: bigint, apyBp: bigint): bigint {
  return (usdForTokens(tokenMs) * apyBp) / (10_000n * YEAR_MS_BIG);
}

/**
 * The latest whole stake day reached by `now` (its start, capped at the stake's end). A read settles yield
 * up to here and no further, so reads post at most once per stake day (DESIGN D11).
 */
export function lastStakeDay(stake: StakeTerms, now: Date): Date {
  const start = stake.startedAt.getTime();
  const days = Math.floor(Math.max(0, now.getTime() - start) / DAY_MS);
  return new Date(Math.min(start + days * DAY_MS, stake.endsAt.getTime()));
}

/** Whether a read must post: the stake has ended (release), or a whole stake day's yield is unsettled. */
export function readSettlementDue(stake: StakeTerms & { creditedTotal: bigint }, apyBp: bigint, now: Date): boolean {
  if (now.getTime() >= stake.endsAt.getTime()) return true;
  return yieldDue(stake, apyBp, lastStakeDay(stake, now)) > stake.creditedTotal;
}
