import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, MSG } from '@svp/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import {
  buildTestApp,
  signedInUser,
  topUp,
  type TestApp,
  travelAndSignIn,
  expectLedgerConsistent,
} from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
async function withFund(amount: string) {
  const u = await signedInUser(t.app);
  await topUp(u.client, amount);
  expect((await u.client.post(API.stakingConvert, { direction: 'toFund', amount })).status).toBe(200);
  return u;
}

describe('staking room summary', () => {
  it("starts 'In-Active' and empty, then 'Hold'", async () => {
    const u = await signedInUser(t.app);
    const s = (await u.client.get(API.staking)).body;
    expect(s).toMatchObject({
      status: 'In-Active',
      fundBalance: '0',
      tokenWallet: '0',
      staked: '0',
      earned: '0',
      apy: '12%',
      achievements: [],
    });
    const f = await withFund('10');
    expect((await f.client.get(API.staking)).body.status).toBe('Hold');
  });
});

describe('convert', () => {
  it.each([
    ['toFund', '', MSG.staking.convertInvalid],
    ['toFund', '0', MSG.staking.convertInvalid],
    ['toFund', '-1', MSG.staking.convertInvalid],
    ['toFund', '1.001', MSG.common.amountDecimals],
  ])('%s %j → %s', async (direction, amount, message) => {
    const u = await signedInUser(t.app);
    const res = await u.client.post(API.stakingConvert, { direction, amount });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('moves money both ways and refuses more than there is', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '20');
    expect((await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '25' })).body.error.message).toBe(
      MSG.staking.insufficientBalance,
    );
    const res = await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '15' });
    expect(res.body.summary).toMatchObject({ balance: '5', fundBalance: '15' });
    expect((await u.client.post(API.stakingConvert, { direction: 'toBalance', amount: '16' })).body.error.message).toBe(
      MSG.staking.insufficientFund,
    );
    expect(
      (await u.client.post(API.stakingConvert, { direction: 'toBalance', amount: '5' })).body.summary,
    ).toMatchObject({ balance: '10', fundBalance: '10' });
  });
});

describe('buy and sell SVP', () => {
  it('buys 100,000 tokens per dollar, at least $1, from the fund balance', async () => {
    const u = await withFund('10');
    expect((await u.client.post(API.stakingBuy, { amount: 'x' })).body.error.message).toBe(MSG.staking.buyInvalid);
    expect((await u.client.post(API.stakingBuy, { amount: '0' })).body.error.message).toBe(MSG.staking.buyInvalid);
    expect((await u.client.post(API.stakingBuy, { amount: '0.5' })).body.error.message).toBe(MSG.staking.buyMinimum);
    expect((await u.client.post(API.stakingBuy, { amount: '11' })).body.error.message).toBe(
      MSG.staking.insufficientFund,
    );
    const res = await u.client.post(API.stakingBuy, { amount: '2.5' });
    expect(res.body.message).toBe('Successfully purchased 250,000 SVP tokens for $2.50 USD.');
    expect(res.body.summary).toMatchObject({ fundBalance: '7.5', tokenWallet: '250000' });
  });

  it('sells tokens back into the fund balance', async () => {
    const u = await withFund('5');
    await u.client.post(API.stakingBuy, { amount: '5' });
    expect((await u.client.post(API.stakingSell, { tokens: '1.5' })).body.error.message).toBe(MSG.common.tokensWhole);
    expect((await u.client.post(API.stakingSell, { tokens: '600000' })).body.error.message).toBe(
      MSG.staking.insufficientTokens,
    );
    const res = await u.client.post(API.stakingSell, { tokens: '150000' });
    expect(res.body.message).toBe('Successfully sold 150,000 SVP tokens for $1.50!');
    expect(res.body.summary).toMatchObject({ fundBalance: '1.5', tokenWallet: '350000' });
  });
});

describe('stake, earn, release, withdraw earned', () => {
  it('stakes for 60 days, accrues 12% APY on the USD value, releases the tokens at the end', async () => {
    const u = await withFund('100');
    await u.client.post(API.stakingBuy, { amount: '100' }); // 10,000,000 tokens = $100
    expect((await u.client.post(API.stakingStake, { tokens: '0' })).body.error.message).toBe(MSG.staking.stakeInvalid);
    expect((await u.client.post(API.stakingStake, { tokens: '20000000' })).body.error.message).toBe(
      MSG.staking.stakeInsufficient,
    );
    const res = await u.client.post(API.stakingStake, { tokens: '10000000' });
    expect(res.body.message).toBe(MSG.staking.staked);
    expect(res.body.summary).toMatchObject({
      staked: '10000000',
      tokenWallet: '0',
      stakeDay: 1,
      earned: '0',
      totalEarned: '0',
    });
    expect(Date.parse(res.body.summary.stakingEndDate) - Date.parse(res.body.summary.stakingStartDate)).toBe(
      60 * DAY_MS,
    );
    expect((await u.client.post(API.stakingStake, { tokens: '1' })).body.error.message).toBe(MSG.staking.stakeActive);

    await travelAndSignIn(t, u, 30 * DAY_MS);
    const mid = (await u.client.get(API.staking)).body;
    // $100 × 12% × 30/365 = $0.986301...
    expect(mid.earned).toBe('0.986301');
    expect(mid.stakeDay).toBe(31);
    await travelAndSignIn(t, u, 40 * DAY_MS);
    const end = (await u.client.get(API.staking)).body;
    // Capped at 60 days: $100 × 12% × 60/365 = $1.972602...
    expect(end).toMatchObject({
      earned: '1.972602',
      totalEarned: '1.972602',
      staked: '0',
      tokenWallet: '10000000',
      stakingEndDate: null,
    });
    const w = await u.client.post(API.stakingWithdrawEarned);
    expect(w.body.summary).toMatchObject({ earned: '0', balance: '1.972602' });
    expect((await u.client.post(API.stakingWithdrawEarned)).body.error.message).toBe(MSG.staking.noEarnings);
    await expectLedgerConsistent(t);
  });

  it('shows yield accrued since the last settlement after a move that does not settle, and pays exactly it', async () => {
    const u = await withFund('20');
    await u.client.post(API.stakingBuy, { amount: '10' }); // 1,000,000 tokens = $10
    expect((await u.client.post(API.stakingStake, { tokens: '1000000' })).status).toBe(200);
    await travelAndSignIn(t, u, 30 * DAY_MS);
    const yieldPostings = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from ledger_transactions where kind = 'staking.yield'
              and id in (select transaction_id from ledger_entries le join accounts a on a.id = le.account_id
                         where a.owner = ${u.user.id})`,
        )
      )[0]!.n;
    const settledBefore = await yieldPostings();
    // A convert moves fund and balance only: it posts no yield, yet its summary shows the accrued figure.
    const moved = await u.client.post(API.stakingConvert, { direction: 'toBalance', amount: '1' });
    expect(moved.status).toBe(200);
    expect(await yieldPostings()).toBe(settledBefore);
    const micro = (v: string) => Math.round(Number(v) * 1e6);
    // $10 × 12% × 30/365 = $0.098630...
    expect(Math.abs(micro(moved.body.summary.earned) - 98_630)).toBeLessThanOrEqual(1);
    const shown = (await u.client.get(API.staking)).body;
    expect(await yieldPostings()).toBe(settledBefore + 1);
    expect(Math.abs(micro(shown.earned) - micro(moved.body.summary.earned))).toBeLessThanOrEqual(1);
    const paid = await u.client.post(API.stakingWithdrawEarned);
    expect(paid.status).toBe(200);
    expect(Math.abs(micro(paid.body.summary.balance) - 1_000_000 - micro(shown.earned))).toBeLessThanOrEqual(1);
    await expectLedgerConsistent(t);
  });

  it('moves leftover earnings to the balance when a new stake starts (earned resets, nothing is lost)', async () => {
    const u = await withFund('10');
    await u.client.post(API.stakingBuy, { amount: '10' });
    await u.client.post(API.stakingStake, { tokens: '1000000' });
    await travelAndSignIn(t, u, 61 * DAY_MS);
    expect((await u.client.get(API.staking)).body.earned).not.toBe('0');
    const earned = (await u.client.get(API.staking)).body.earned;
    const res = await u.client.post(API.stakingStake, { tokens: '1000000' });
    expect(res.body.summary).toMatchObject({ earned: '0', totalEarned: '0', balance: earned });
  });

  it('starts one stake under 20 concurrent requests', async () => {
    const u = await withFund('10');
    await u.client.post(API.stakingBuy, { amount: '10' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => u.client.post(API.stakingStake, { tokens: '100' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.body.error.message === MSG.staking.stakeActive)).toBe(true);
    await expectLedgerConsistent(t);
  });
});

describe('transfer', () => {
  it('moves fund balance to another user by username, with every message', async () => {
    const a = await withFund('20');
    const b = await signedInUser(t.app);
    const send = (recipient: string, amount: string) => a.client.post(API.stakingTransfer, { recipient, amount });
    expect((await send(b.user.username, 'abc')).body.error.message).toBe(MSG.staking.transferInvalid);
    expect((await send(a.user.username, '1')).body.error.message).toBe(MSG.staking.transferSelf);
    expect((await send('no_such_user_x', '1')).body.error.message).toBe(MSG.staking.transferUnknown);
    expect((await send(b.user.username, '21')).body.error.message).toBe(MSG.staking.transferInsufficient);
    const res = await send(b.user.username.toUpperCase(), '7.25');
    expect(res.body.message).toBe(`Transferred $7.25 to ${b.user.username}.`);
    expect(res.body.summary.fundBalance).toBe('12.75');
    expect((await b.client.get(API.staking)).body.fundBalance).toBe('7.25');
  });

  it('keeps the total under 40 concurrent crossing transfers A→B and B→A', async () => {
    const a = await withFund('30');
    const b = await withFund('30');
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0
        ? a.client.post(API.stakingTransfer, { recipient: b.user.username, amount: '1' })
        : b.client.post(API.stakingTransfer, { recipient: a.user.username, amount: '1' }),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const fa = (await a.client.get(API.staking)).body.fundBalance;
    const fb = (await b.client.get(API.staking)).body.fundBalance;
    expect([fa, fb]).toEqual(['30', '30']);
    await expectLedgerConsistent(t);
  });

  it('lets exactly the affordable number of 30 concurrent transfers through', async () => {
    const a = await withFund('10');
    const b = await signedInUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => a.client.post(API.stakingTransfer, { recipient: b.user.username, amount: '1' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    expect(
      results.filter((r) => r.status === 409).every((r) => r.body.error.message === MSG.staking.transferInsufficient),
    ).toBe(true);
    await expectLedgerConsistent(t);
  });
});

describe('leaderboard', () => {
  it("ranks by staked, shows no e-mails, and includes the caller's own rank", async () => {
    const whale = await withFund('50');
    await whale.client.post(API.stakingBuy, { amount: '50' });
    await whale.client.post(API.stakingStake, { tokens: '5000000' });
    const me = await signedInUser(t.app);
    const res = await me.client.get(API.stakingLeaderboard);
    expect(res.status).toBe(200);
    expect(res.body.top.length).toBeLessThanOrEqual(100);
    expect(res.body.top[0]).toMatchObject({ rank: 1 });
    const staked = res.body.top.map((e: { staked: string }) => Number(e.staked));
    expect([...staked].sort((x, y) => y - x)).toEqual(staked);
    expect(res.body.me.username).toBe(me.user.username);
    expect(res.raw).not.toMatch(/@example\.com/);
  });
});

describe('leaderboard cache', () => {
  it('reuses one ranking for LEADERBOARD_CACHE_SECONDS, and ranks afresh for a caller not in it yet', async () => {
    const app = await buildTestApp({ LEADERBOARD_CACHE_SECONDS: '300' });
    try {
      const staker = async (tokens: string) => {
        const u = await signedInUser(app.app);
        await topUp(u.client, '100');
        await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '100' });
        await u.client.post(API.stakingBuy, { amount: '100' });
        expect((await u.client.post(API.stakingStake, { tokens })).status).toBe(200);
        return u;
      };
      const first = await staker('1000000');
      const top = async (u: SignedIn) => (await u.client.get(API.stakingLeaderboard)).body.top[0].username;
      expect(await top(first)).toBe(first.user.username);
      const whale = await staker('9000000');
      // The first caller's ranking is still fresh enough: the whale shows on the next ranking.
      expect(await top(first)).toBe(first.user.username);
      // The whale is not in that ranking, so their own call ranks everyone again.
      expect(await top(whale)).toBe(whale.user.username);
      expect(await top(first)).toBe(whale.user.username);
    } finally {
      await app.close();
    }
  });
});
