import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import { buildTestApp, invest, signedInUser, topUp, type TestApp, expectLedgerConsistent } from '../helpers.js';

// Its own app, so the test clock starts at the suite's Monday 09:00 UTC: no polling hour crosses midnight.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

/** Ledger transactions touching the user's accounts, by kind. */
async function postings(userId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ kind: string; n: number }>(
    t.database.db,
    sql`select lt.kind, count(distinct lt.id)::int as n from ledger_transactions lt
        join ledger_entries le on le.transaction_id = lt.id
        join accounts a on a.id = le.account_id
        where a.owner = ${userId} group by lt.kind`,
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}
function added(before: Record<string, number>, after: Record<string, number>) {
  const diff: Record<string, number> = {};
  for (const [kind, n] of Object.entries(after)) if (n !== (before[kind] ?? 0)) diff[kind] = n - (before[kind] ?? 0);
  return diff;
}

/** An hour of the open dashboard and Staking Room: staking every 10 s (its poll), the rest every minute. */
async function pollForAnHour(u: SignedIn) {
  for (let second = 0; second < 3600; second += 10) {
    expect((await u.client.get(API.staking)).status).toBe(200);
    if (second % 60 === 0) {
      for (const path of [API.me, API.rewards, API.bot, API.taps]) expect((await u.client.get(path)).status).toBe(200);
    }
    t.clock.advance(10_000);
  }
}

describe('accruals settle when money moves, not on every read', () => {
  it('an hour of polling posts nothing; a new day posts each accrual once; shown figures stay current', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '160');
    expect((await invest(u.client, 'gold', '50')).status).toBe(200); // daily coins
    await t.app.services.ledger.post({
      kind: 'test.coins',
      idempotencyKey: `test-coins:${u.user.id}`,
      legs: [
        { account: systemAccount('coin.issuance'), amount: -70_000_000n },
        { account: userAccount(u.user.id, 'coin.coins'), amount: 70_000_000n },
      ],
    });
    expect((await u.client.post(API.botActivate, { method: 'coins' })).status).toBe(200); // upkeep
    await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '100' });
    await u.client.post(API.stakingBuy, { amount: '100' });
    expect((await u.client.post(API.stakingStake, { tokens: '10000000' })).status).toBe(200); // yield

    const start = await postings(u.user.id);
    await pollForAnHour(u);
    expect(added(start, await postings(u.user.id))).toEqual({});
    const shown = (await u.client.get(API.staking)).body;
    // ≈ $100 × 12% × 1 h / 365 days, shown though none of it is posted.
    expect(Number(shown.earned)).toBeGreaterThan(0.00136);
    expect(Number(shown.earned)).toBeLessThan(0.00139);

    t.clock.advance(24 * HOUR);
    const nextDay = await postings(u.user.id);
    expect((await u.client.post(API.login, { email: u.email, password: u.password })).status).toBe(200);
    await pollForAnHour(u);
    // A whole stake day of yield, one UTC day of daily coins, one bot upkeep: once each.
    expect(added(nextDay, await postings(u.user.id))).toEqual({
      'staking.yield': 1,
      'coins.daily': 1,
      'bot.upkeep': 1,
    });

    // The read adds the yield accrued since that posting; Withdraw Earned settles and pays exactly it.
    const balances = await t.app.services.ledger.balances(u.user.id);
    const before = (await u.client.get(API.staking)).body;
    const micro = (v: string) => Math.round(Number(v) * 1e6);
    expect(micro(before.earned)).toBeGreaterThan(Number(balances.get('usd.staking_earned')));
    const me = (await u.client.get(API.stakingLeaderboard)).body.me;
    expect(Math.abs(micro(me.earned) - micro(before.earned))).toBeLessThanOrEqual(1);
    const paid = await u.client.post(API.stakingWithdrawEarned);
    expect(paid.status).toBe(200);
    expect(
      Math.abs(micro(paid.body.summary.balance) - micro(before.balance) - micro(before.earned)),
    ).toBeLessThanOrEqual(1);
    await expectLedgerConsistent(t);
  });
});
