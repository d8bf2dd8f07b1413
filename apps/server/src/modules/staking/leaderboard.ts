import { toDecimalString, type LeaderboardEntry } from '@svp/shared';
import { preparedStatement, type Db } from '../../db/client.js';
import type { LagTolerantReads } from '../../db/read-replica.js';
import type { LeaderRow } from './staking.repository.js';
import type { StakeTerms } from './yield.js';

/** Entries the leaderboard shows (DESIGN D10: top 100 and the caller's own rank). */
const TOP = 100;

/** Yield accrued on a row's active stake since its last settlement (reads no longer post it, DESIGN D11). */
export type Unsettled = (stake: StakeTerms & { creditedTotal: bigint }) => bigint;

/**
 * Who is ranked: users (not admins) who are not disabled. `a` is a row of `staking_ranks` (a user's `svp.staked`
 * balance, kept by a trigger on `accounts`, sql/functions/staking/staking_rank_sync.sql) with tokens in it, the rows of
 * `staking_ranks_rank_idx`; everyone else has 0 staked and ranks after them.
 */
const ELIGIBLE = `u.role = 'user' and not u.disabled`;

/** Owners whose `staking_ranks` row differs from their staked account (a missing row reads as 0); for checks. */
export const STAKING_RANKS_DIFFERING_SQL = `select coalesce(a.owner, r.owner) as owner
  from (select owner, balance from accounts where code = 'svp.staked' and owner <> 'system') a
  full join staking_ranks r on r.owner = a.owner
  where coalesce(r.balance, 0) <> coalesce(a.balance, 0)`;
const STAKING = `a.balance > 0`;

/**
 * The columns of a leaderboard row for user `u` (its balances, its active stake), rank left to the caller. One
 * account per (owner, code): `max` keeps the balances bigint, so `b.staked` compares with the staked index.
 */
const ROW = `u.id::text as user_id, u.username,
  coalesce(b.balance, 0)::text as balance, coalesce(b.fund, 0)::text as fund,
  coalesce(b.staked, 0)::text as staked, coalesce(b.earned, 0)::text as earned,
  s.tokens::text as stake_tokens, s.credited_total::text as stake_credited,
  (extract(epoch from s.started_at) * 1000)::bigint::text as stake_started_ms,
  (extract(epoch from s.ends_at) * 1000)::bigint::text as stake_ends_ms`;
const ROW_JOINS = `cross join lateral (
    select max(x.balance) filter (where x.code = 'usd.balance') as balance,
      max(x.balance) filter (where x.code = 'usd.fund') as fund,
      max(x.balance) filter (where x.code = 'svp.staked') as staked,
      max(x.balance) filter (where x.code = 'usd.staking_earned') as earned
    from accounts x
    where x.owner = u.id::text and x.code in ('svp.staked', 'usd.balance', 'usd.fund', 'usd.staking_earned')) b
  left join stakes s on s.user_id = u.id and s.status = 'active'`;

/**
 * The first 100 of the ranking: stakers in the order of the staked-balance index (a range read: the planner
 * sorts only the ties within it by username), then, on a platform with fewer than 100 stakers, users with
 * nothing staked by username (`users_leaderboard_name_idx`).
 */
const topStatement = preparedStatement<Omit<LeaderRow, 'rank'>>(
  'leaderboard_top',
  `with stakers as (
     select u.id, a.balance, u.username from staking_ranks a join users u on u.id = a.owner::uuid
     where ${STAKING} and ${ELIGIBLE}
     order by a.balance desc, u.username
     limit ${TOP}),
   zeros as (
     select u.id, u.username from users u
     where ${ELIGIBLE} and not exists (select 1 from staking_ranks a where a.owner = u.id::text and ${STAKING})
     order by u.username
     limit greatest(0, ${TOP} - (select count(*) from stakers))),
   top as (
     select id, 0 as grp, balance, username from stakers
     union all select id, 1, 0, username from zeros
     limit ${TOP})
   select ${ROW}
   from top t join users u on u.id = t.id ${ROW_JOINS}
   order by t.grp, t.balance desc, t.username`,
);

/**
 * Every staked balance in the ranking's terms, for ranks by binary search: all positive `svp.staked` balances
 * (an index-only scan of the staked index, 8 bytes each) and those of owners who are not ranked (admins,
 * disabled users: few, through `users_not_ranked_idx`).
 */
const balancesStatement = preparedStatement<{ staked: string; unranked: string[] }>(
  'leaderboard_balances',
  `select
     (select encode(coalesce(string_agg(int8send(s.balance), ''::bytea), ''::bytea), 'base64')
      from (select a.balance from staking_ranks a where ${STAKING} order by a.balance desc) s) as staked,
     (select coalesce(json_agg(a.balance::text), '[]'::json)
      from users u join staking_ranks a on a.owner = u.id::text and ${STAKING}
      where u.disabled or u.role <> 'user') as unranked`,
);

/**
 * The caller's row, and the stakers with the same balance and an earlier username, who rank before them (the
 * staked index at one balance; 0 when nothing is staked). Null when the caller is not ranked (an admin, a
 * disabled user).
 */
const callerStatement = preparedStatement<Omit<LeaderRow, 'rank'> & { before: string }>(
  'leaderboard_caller',
  `select ${ROW},
     (select count(*) from staking_ranks a join users v on v.id = a.owner::uuid
      where ${STAKING} and a.balance = b.staked and v.username < u.username
        and v.role = 'user' and not v.disabled)::text as before
   from users u ${ROW_JOINS}
   where u.id = $1::uuid and ${ELIGIBLE}`,
);

/**
 * With nothing staked, the unstaked users whose username sorts before the caller's: a range of
 * `users_leaderboard_name_idx`, proportional to users (ADR 0022). A statement of its own: its estimate would
 * otherwise make PostgreSQL JIT-compile the stakers' one-row read (15 ms at a million users).
 */
const unstakedBeforeStatement = preparedStatement<{ before: string }>(
  'leaderboard_unstaked_before',
  `select count(*)::text as before from users v
   where v.role = 'user' and not v.disabled and v.username < $1
     and not exists (select 1 from staking_ranks a where a.owner = v.id::text and ${STAKING})`,
);

interface Ranking {
  /** When its queries started (real time): it shows every user who existed then. */
  startedAt: number;
  top: LeaderRow[];
  /** When a read replica built it: the time of its figures (DESIGN §8); absent when the primary did. */
  figuresAsOf?: string;
  /** Every positive staked balance, ascending. */
  staked: BigInt64Array;
  /** The positive staked balances of owners who are not ranked, ascending. */
  unranked: bigint[];
}

/** How many of `sorted` (ascending) are greater than `value`. */
function countAbove(sorted: ArrayLike<bigint>, value: bigint): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= value) low = mid + 1;
    else high = mid;
  }
  return sorted.length - low;
}

/** The base64 of big-endian int64s, descending (as the statement sends them), as an ascending BigInt64Array. */
function balancesOf(base64: string): BigInt64Array {
  const bytes = Buffer.from(base64, 'base64');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = bytes.byteLength / 8;
  const out = new BigInt64Array(count);
  for (let i = 0; i < count; i++) out[count - 1 - i] = view.getBigInt64(i * 8);
  // Ascending already when the scan kept its order; sorting a sorted typed array is one cheap pass.
  return out.sort();
}

/**
 * The staking leaderboard (ADRs 0022 and 0032: its cost does not grow with the number of users). The top 100 is a
 * range read of the staked-balance index; the caller's rank is the number of staked balances above theirs,
 * by binary search over a sorted array of every staked balance (8 bytes a staker), plus the few ties an index
 * read counts. The array and the top 100 are rebuilt at most once per `maxAgeMs` per process (the staking room
 * polls every 10 s; DESIGN §8 lets read-heavy pages lag), and no sooner than ten times the last build took (a
 * tenth of a core at most, at any size), in the background of the requests that find them older: a stale
 * ranking is shown while the next is built, and concurrent requests share one. A caller whose own rank puts
 * them in the top 100 but who is missing from it (they staked or signed up since) gets a ranking started
 * after they asked.
 */
export function createLeaderboard(db: Db, reads: LagTolerantReads, maxAgeMs: number, unsettled: Unsettled) {
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
  /** How long the last ranking took to build: a rebuild waits at least ten times that. */
  let lastBuildMs = 0;

  async function build(startedAt: number): Promise<Ranking> {
    // The ranking may lag (the replica's, when there is one); the caller's own row below is the primary's.
    const {
      value: [top, [balances]],
      figuresAsOf,
    } = await reads.run((from) => Promise.all([topStatement(from, []), balancesStatement(from, [])]));
    return {
      startedAt,
      ...(figuresAsOf && { figuresAsOf }),
      top: top.map((r, i) => ({ ...r, rank: i + 1 })),
      staked: balancesOf(balances?.staked ?? ''),
      unranked: (balances?.unranked ?? []).map(BigInt).sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
    };
  }

  function rank(notBefore = 0): Promise<Ranking> {
    if (building && building.startedAt >= notBefore) return building.ranking;
    const startedAt = Date.now();
    const ranking = build(startedAt);
    const mine = { startedAt, ranking };
    building = mine;
    const done = () => {
      if (building === mine) building = null;
    };
    ranking.then((r) => {
      if (!current || r.startedAt >= current.startedAt) current = r;
      lastBuildMs = Date.now() - startedAt;
      done();
    }, done);
    return ranking;
  }

  /** The caller's rank: who stakes more (by the array), and who ties or, unstaked, sorts before them (counted). */
  function rankOf(ranking: Ranking, staked: bigint, before: number): number {
    const ranked = (value: bigint) => countAbove(ranking.staked, value) - countAbove(ranking.unranked, value);
    // Both arrays were read together; the caller's own staked balance is read now. A caller who unstaked since
    // the arrays were read can find their old balance counted above the new one: a lag of one rank at most.
    // With nothing staked, every ranked staker is above: ranked(0n) counts them all.
    return 1 + ranked(staked) + before;
  }

  return async function leaderboard(userId: string) {
    const asked = Date.now();
    // A stale ranking is still shown while the next one is built; only a process's first request waits for one.
    if (current && asked - current.startedAt >= Math.max(maxAgeMs, 10 * lastBuildMs)) rank().catch(() => undefined);
    const [ranking, [caller]] = await Promise.all([current ?? rank(), callerStatement(db, [userId])]);
    const asOf = ranking.figuresAsOf && { figuresAsOf: ranking.figuresAsOf };
    if (!caller) return { top: ranking.top.map(view), me: null, ...asOf };
    const staked = BigInt(caller.staked);
    const before =
      staked > 0n ? Number(caller.before) : Number((await unstakedBeforeStatement(db, [caller.username]))[0]!.before);
    let at = rankOf(ranking, staked, before);
    let shown = ranking;
    if (at <= TOP && !ranking.top.some((r) => r.user_id === userId) && ranking.startedAt < asked) {
      shown = await rank(asked);
      at = rankOf(shown, staked, before);
    }
    const { before: _before, ...row } = caller;
    const me: LeaderRow = { ...row, rank: at };
    return { top: shown.top.map(view), me: view(me), ...(shown.figuresAsOf && { figuresAsOf: shown.figuresAsOf }) };
  };
}
