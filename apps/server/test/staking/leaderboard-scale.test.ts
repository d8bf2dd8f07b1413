import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import { STAKING_RANKS_DIFFERING_SQL } from '../../src/modules/staking/leaderboard.js';
import { buildTestApp, createAdmin, signedInUser, type TestApp } from '../helpers.js';

// ADRs 0022 and 0032: the leaderboard no longer sorts every user per ranking. Its top 100 is an index range and the
// caller's rank a binary search over the staked balances; this checks both against the full ranking they replace
// (staked descending, then username; users only, not disabled), ties, unstaked users, admins and disabled users included.
let t: TestApp;
beforeAll(async () => {
  // A long cache: every request below reads the one ranking built after the data is in place.
  t = await buildTestApp({ LEADERBOARD_CACHE_SECONDS: '300' });
});
afterAll(() => t.close());

/** Moves `tokens` SVP (6 decimals) into `userId`'s staked account, straight from the treasury. */
async function stake(userId: string, tokens: bigint) {
  await t.app.services.ledger.post({
    kind: 'test.stake',
    idempotencyKey: `test-stake:${userId}:${randomBytes(6).toString('hex')}`,
    legs: [
      { account: systemAccount('svp.treasury'), amount: -tokens },
      { account: userAccount(userId, 'svp.staked'), amount: tokens },
    ],
  });
}

/** The ranking as the full sort had it (staking.repository's ranking before ADR 0022): the reference. */
async function fullRanking() {
  return queryRows<{ rank: number; username: string; staked: string }>(
    t.database.db,
    sql`with totals as (
          select owner, sum(case when code = 'svp.staked' then balance else 0 end) as staked
          from accounts where owner <> 'system' and code = 'svp.staked' group by owner)
        select (row_number() over (order by coalesce(t.staked, 0) desc, u.username))::int as rank, u.username,
          coalesce(t.staked, 0)::text as staked
        from users u left join totals t on t.owner = u.id::text
        where u.role = 'user' and not u.disabled
        order by rank`,
  );
}

describe('leaderboard at scale', () => {
  it('gives every caller the rank the full sort gives, and the same top, ties and unstaked users included', async () => {
    const users = [];
    for (let i = 0; i < 9; i++) users.push(await signedInUser(t.app));
    // Stakes in tokens: two ties (5 and 5, 2 and 2), three users with nothing staked, one who unstaked to 0.
    const stakes = [5_000_000n, 5_000_000n, 9_000_000n, 0n, 0n, 1_000_000n, 2_000_000n, 2_000_000n, 0n];
    for (const [i, tokens] of stakes.entries()) if (tokens > 0n) await stake(users[i]!.user.id, tokens);
    await stake(users[8]!.user.id, 3_000_000n);
    await t.app.services.ledger.post({
      kind: 'test.unstake',
      idempotencyKey: `test-unstake:${randomBytes(6).toString('hex')}`,
      legs: [
        { account: userAccount(users[8]!.user.id, 'svp.staked'), amount: -3_000_000n },
        { account: systemAccount('svp.treasury'), amount: 3_000_000n },
      ],
    });
    // Not ranked: an admin and a disabled user, both staking more than anyone.
    const admin = await createAdmin(t);
    const adminId = (
      await queryRows<{ id: string }>(t.database.db, sql`select id from users where email = ${admin.email}`)
    )[0]!.id;
    await stake(adminId, 50_000_000n);
    const gone = await signedInUser(t.app);
    await stake(gone.user.id, 70_000_000n);
    await t.database.db.execute(sql`update users set disabled = true where id = ${gone.user.id}`);

    const reference = await fullRanking();
    expect(reference.map((r) => r.username)).not.toContain(gone.user.username);
    for (const u of users) {
      const res = await u.client.get(API.stakingLeaderboard);
      expect(res.status).toBe(200);
      const expected = reference.find((r) => r.username === u.user.username)!;
      expect(res.body.me).toMatchObject({ rank: expected.rank, username: u.user.username });
      expect(res.body.top.map((e: { rank: number; username: string }) => [e.rank, e.username])).toEqual(
        reference.map((r) => [r.rank, r.username]),
      );
    }
  });

  it('ranks a caller who joined after the ranking was built, and shows them in a ranking started after they asked', async () => {
    const early = await signedInUser(t.app);
    await early.client.get(API.stakingLeaderboard);
    const late = await signedInUser(t.app);
    await stake(late.user.id, 999_000_000n);
    const res = await late.client.get(API.stakingLeaderboard);
    expect(res.body.me).toMatchObject({ rank: 1, username: late.user.username, staked: '999000000' });
    expect(res.body.top[0]).toMatchObject({ rank: 1, username: late.user.username });
    const reference = await fullRanking();
    const mine = await early.client.get(API.stakingLeaderboard);
    expect(mine.body.me.rank).toBe(reference.find((r) => r.username === early.user.username)!.rank);
  });

  it("keeps the leaderboard's table of staked balances equal to the staked accounts (staking_rank_sync's trigger)", async () => {
    const differing = () => queryRows<{ owner: string }>(t.database.db, sql.raw(STAKING_RANKS_DIFFERING_SQL));
    const ranked = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from staking_ranks`);
    expect(ranked[0]!.n).toBeGreaterThan(5); // the stakes of the tests above, the one who unstaked (at 0) included
    // A user who never staked has no row (their account opened at 0).
    const fresh = await signedInUser(t.app);
    const none = await queryRows(t.database.db, sql`select 1 from staking_ranks where owner = ${fresh.user.id}`);
    expect(none).toEqual([]);
    expect(await differing()).toEqual([]);
    // Other accounts' updates leave it alone; a hand edit of a staked balance reaches it too.
    const someone = await signedInUser(t.app);
    await stake(someone.user.id, 4_000_000n);
    await t.database.db.execute(
      sql`update accounts set balance = balance + 1 where owner = ${someone.user.id} and code = 'svp.staked'`,
    );
    const mine = await queryRows<{ balance: string }>(
      t.database.db,
      sql`select balance::text as balance from staking_ranks where owner = ${someone.user.id}`,
    );
    expect(mine).toEqual([{ balance: '4000001' }]);
    expect(await differing()).toEqual([]);
    await t.database.db.execute(
      sql`update accounts set balance = balance - 1 where owner = ${someone.user.id} and code = 'svp.staked'`,
    );
    expect(await differing()).toEqual([]);
  });
});
