import { toDecimalString, type LeaderboardEntry } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { stakingRepository as repo, type LeaderRow } from './staking.repository.js';

/** Entries the leaderboard shows (DESIGN D10: top 100 and the caller's own rank). */
const TOP = 100;

const view = (r: LeaderRow): LeaderboardEntry => ({
  rank: r.rank,
  username: r.username,
  balance: toDecimalString(BigInt(r.balance), 'USD'),
  fundBalance: toDecimalString(BigInt(r.fund), 'USD'),
  staked: toDecimalString(BigInt(r.staked), 'SVP'),
  earned: toDecimalString(BigInt(r.earned), 'USD'),
});

interface Ranking {
  builtAt: number;
  top: LeaderboardEntry[];
  byUser: Map<string, LeaderRow>;
}

/**
 * The staking leaderboard. Ranking every user reads all their accounts, so each process ranks at most
 * once per `maxAgeMs` (the staking room polls every 10 s; DESIGN §8 lets read-heavy pages lag) and
 * concurrent requests share one ranking. A caller missing from a ranking (signed up since) gets a fresh one.
 */
export function createLeaderboard(db: Db, maxAgeMs: number) {
  let current: Ranking | null = null;
  let building: Promise<Ranking> | null = null;

  function rebuild(): Promise<Ranking> {
    building ??= repo
      .ranking(db)
      .then((rows) => ({
        builtAt: Date.now(),
        top: rows.slice(0, TOP).map(view),
        byUser: new Map(rows.map((r) => [r.user_id, r])),
      }))
      .then(
        (ranking) => {
          current = ranking;
          building = null;
          return ranking;
        },
        (error: unknown) => {
          building = null;
          throw error;
        },
      );
    return building;
  }

  return async function leaderboard(userId: string) {
    const cached = current && Date.now() - current.builtAt < maxAgeMs ? current : null;
    let ranking = cached ?? (await rebuild());
    if (cached && !ranking.byUser.has(userId)) ranking = await rebuild();
    const me = ranking.byUser.get(userId);
    return { top: ranking.top, me: me ? view(me) : null };
  };
}
