import { toDecimalString, type LeaderboardEntry } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { stakingRepository as repo, type LeaderRow } from './staking.repository.js';
import type { StakeTerms } from './yield.js';

/** Entries the leaderboard shows (DESIGN D10: top 100 and the caller's own rank). */
const TOP = 100;

/** Yield accrued on a row's active stake since its last settlement (reads no longer post it, DESIGN D11). */
export type Unsettled = (stake: StakeTerms & { creditedTotal: bigint }) => bigint;

interface Ranking {
  /** When its query started (real time): it shows every user who existed then. */
  startedAt: number;
  top: LeaderRow[];
  byUser: Map<string, LeaderRow>;
}

/**
 * The staking leaderboard. Ranking every user reads all their accounts, so each process ranks at most
 * once per `maxAgeMs` (the staking room polls every 10 s; DESIGN §8 lets read-heavy pages lag), in the
 * background of the requests that find the last ranking older, and concurrent requests share one ranking. A caller missing from a ranking that started before they asked
 * (they signed up since) gets one started after.
 */
export function createLeaderboard(db: Db, maxAgeMs: number, unsettled: Unsettled) {
  const view = (r: LeaderRow): LeaderboardEntry => {
    const accrued =
      r.stake_tokens === null
        ? 0n
        : unsettled({
            tokens: BigInt(r.stake_tokens),
            startedAt: new Date(Number(r.stake_started_ms)),
            endsAt: new Date(Number(r.stake_ends_ms)),
            creditedTotal: BigInt(r.stake_credited ?? '0'),
          });
    return {
      rank: r.rank,
      username: r.username,
      balance: toDecimalString(BigInt(r.balance), 'USD'),
      fundBalance: toDecimalString(BigInt(r.fund), 'USD'),
      staked: toDecimalString(BigInt(r.staked), 'SVP'),
      earned: toDecimalString(BigInt(r.earned) + accrued, 'USD'),
    };
  };
  let current: Ranking | null = null;
  let building: { startedAt: number; ranking: Promise<Ranking> } | null = null;

  function rank(notBefore = 0): Promise<Ranking> {
    if (building && building.startedAt >= notBefore) return building.ranking;
    const startedAt = Date.now();
    const ranking = repo.ranking(db).then((rows) => ({
      startedAt,
      top: rows.slice(0, TOP),
      byUser: new Map(rows.map((r) => [r.user_id, r])),
    }));
    const mine = { startedAt, ranking };
    building = mine;
    const done = () => {
      if (building === mine) building = null;
    };
    ranking.then((r) => {
      if (!current || r.startedAt >= current.startedAt) current = r;
      done();
    }, done);
    return ranking;
  }

  return async function leaderboard(userId: string) {
    const asked = Date.now();
    // A stale ranking is still shown while the next one is built (issue #17: ranking a million users takes
    // seconds, which no request should wait for); only a process's first request waits for one.
    if (current && asked - current.startedAt >= maxAgeMs) rank().catch(() => undefined);
    let ranking = current ?? (await rank());
    if (!ranking.byUser.has(userId) && ranking.startedAt < asked) ranking = await rank(asked);
    const me = ranking.byUser.get(userId);
    return { top: ranking.top.map(view), me: me ? view(me) : null };
  };
}
