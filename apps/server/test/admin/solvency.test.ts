import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, toDecimalString, DAY_MS } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { yieldDue } from '../../src/modules/staking/yield.js';
import {
  approveAndPay,
  buildTestApp,
  invest,
  signedInAdmin,
  signedInUser,
  topUp,
  type TestApp,
  expectLedgerConsistent,
} from '../helpers.js';

/**
 * The overview's "can the platform pay" figures, on a database of its own so every figure is exact:
 * owed at maturity counts what active plans and stakes will still pay and the tokens users could sell, against
 * deposits received minus paid out.
 */
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const solvency = async () => {
  const res = await admin.client.get(API.adminOverview);
  expect(res.status).toBe(200);
  return res.body.solvency;
};
/** What every user's USD account holds, summed the slow way: what the overview must equal without reading it. */
const usersUsd = async () => {
  const [row] = await queryRows<{ total: string }>(
    t.database.db,
    sql`select coalesce(sum(balance), 0)::text as total from accounts where owner <> 'system' and asset = 'USD'`,
  );
  return toDecimalString(BigInt(row!.total), 'USD');
};

describe('whether the platform can pay', () => {
  it('starts level: nothing owed, nothing held', async () => {
    expect(await solvency()).toEqual({
      owedNow: '0',
      activePlans: { count: 0, invested: '0', atMaturity: '0' },
      planReturnsToCome: '0',
      activeStakes: 0,
      stakingYieldToCome: '0',
      tokensHeld: '0',
      tokensAtSellPrice: '0',
      owedAtMaturity: '0',
      depositsReceived: '0',
      paidOut: '0',
      netHeld: '0',
      surplus: '0',
    });
  });

  it('owes active plans their expected withdrawal, not their principal, and says so as a shortfall', async () => {
    const ann = await signedInUser(t.app, '10.0.7.1');
    await topUp(ann.client, '100'); // pays $103, $100 credited
    expect(await solvency()).toMatchObject({
      owedNow: '100',
      owedAtMaturity: '100',
      depositsReceived: '103',
      netHeld: '103',
      surplus: '3',
    });
    expect((await invest(ann.client, 'platinum', '100')).status).toBe(200); // 1.8× at 45 days
    const s = await solvency();
    expect(s).toMatchObject({
      owedNow: '100',
      activePlans: { count: 1, invested: '100', atMaturity: '180' },
      planReturnsToCome: '80',
      owedAtMaturity: '180',
      netHeld: '103',
      surplus: '-77',
    });
    expect(s.owedNow).toBe(await usersUsd());
  });

  it('counts the tokens users hold at the sell price and what active stakes will still earn', async () => {
    const bob = await signedInUser(t.app, '10.0.7.2');
    await topUp(bob.client, '10'); // pays $13
    expect((await bob.client.post(API.stakingConvert, { direction: 'toFund', amount: '5' })).status).toBe(200);
    expect((await bob.client.post(API.stakingBuy, { amount: '2' })).status).toBe(200); // 200,000 SVP
    expect((await bob.client.post(API.stakingStake, { tokens: '100000' })).status).toBe(200);
    // What the stake earns over its 60 days, by the staking service's own formula: $1 of tokens at 12%.
    const stake = { tokens: 100_000n, startedAt: new Date(0), endsAt: new Date(60 * DAY_MS) };
    expect(toDecimalString(yieldDue(stake, 1200n, stake.endsAt), 'USD')).toBe('0.019726');
    const s = await solvency();
    expect(s).toMatchObject({
      owedNow: '108', // Ann's plan, Bob's $5 balance and $3 fund
      planReturnsToCome: '80',
      activeStakes: 1,
      stakingYieldToCome: '0.019726',
      tokensHeld: '200000',
      tokensAtSellPrice: '2',
      owedAtMaturity: '190.019726',
      depositsReceived: '116',
      netHeld: '116',
      surplus: '-74.019726',
    });
    expect(s.owedNow).toBe(await usersUsd());
  });

  it('takes what was paid out off the money held; a broken plan owes nothing more', async () => {
    const ann = await signedInUser(t.app, '10.0.7.3');
    await topUp(ann.client, '100');
    expect((await invest(ann.client, 'platinum', '100')).status).toBe(200);
    const broken = await ann.client.post(API.withdrawals, { kind: 'break' }); // 40% − $2.60 = $37.40
    expect(broken.status).toBe(200);
    await approveAndPay(t, admin.client, broken.body.withdrawal);
    expect((await ann.client.get(API.withdrawals)).body.withdrawals[0].status).toBe('paid');
    const s = await solvency();
    expect(s).toMatchObject({
      owedNow: '108', // unchanged: this plan's $37.40 was paid, the platform kept the other $62.60
      activePlans: { count: 1, invested: '100', atMaturity: '180' },
      depositsReceived: '219',
      paidOut: '37.4',
      netHeld: '181.6',
      owedAtMaturity: '190.019726',
      surplus: '-8.419726',
    });
    expect(s.owedNow).toBe(await usersUsd());
    await expectLedgerConsistent(t);
  });
});
