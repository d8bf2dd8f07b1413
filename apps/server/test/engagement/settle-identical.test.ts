import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import {
  buildTestApp,
  invest,
  signedInUser,
  topUp,
  type TestApp,
  travelAndSignIn,
  expectLedgerConsistent,
} from '../helpers.js';

// The requests whose statement may hand them back to settle first (a new UTC day's coins, a stake that ended):
// 50 identical requests under one Idempotency-Key all meet the hand-back, and still act once, each answered with
// the same result. On PostgreSQL they truly run at once; on PGlite one at a time.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

/** A user holding $10 of SVP tokens, staked, then 61 days later: the stake has ended and nothing settled it. */
async function endedStake() {
  const u = await signedInUser(t.app);
  await topUp(u.client, '50');
  expect((await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '50' })).status).toBe(200);
  expect((await u.client.post(API.stakingBuy, { amount: '10' })).status).toBe(200);
  const tokens = (await u.client.get(API.staking)).body.tokenWallet as string;
  expect((await u.client.post(API.stakingStake, { tokens })).status).toBe(200);
  await travelAndSignIn(t, u, 61 * DAY_MS);
  return { u, tokens };
}

async function fiftyAtOnce(u: SignedIn, route: string, body?: unknown) {
  const key = `key-${Math.random().toString(36).slice(2, 12)}`;
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => u.client.post(route, body, { 'idempotency-key': key })),
  );
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
  for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
  return answers[0]!.body;
}

const postings = async (userId: string, kind: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transactions where kind = ${kind} and actor_id = ${userId}`,
    )
  )[0]!.n;

describe('50 identical requests handed back to settle', () => {
  it('claim the coins of two new days once', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '50');
    await invest(u.client, 'gold', '50');
    await travelAndSignIn(t, u, 2 * DAY_MS);
    const body = await fiftyAtOnce(u, API.rewardsDaily);
    expect(body).toMatchObject({ coins: '6000', dailyCoins: '0' });
    expect(await postings(u.user.id, 'coins.daily-claim')).toBe(1);
    await expectLedgerConsistent(t);
  });

  it('sell the tokens of an ended stake once', async () => {
    const { u, tokens } = await endedStake();
    const body = await fiftyAtOnce(u, API.stakingSell, { tokens });
    expect(body.summary).toMatchObject({ tokenWallet: '0', staked: '0', stakingEndDate: null });
    expect(await postings(u.user.id, 'staking.sell')).toBe(1);
    await expectLedgerConsistent(t);
  });

  it('start one new stake after an ended one', async () => {
    const { u, tokens } = await endedStake();
    const body = await fiftyAtOnce(u, API.stakingStake, { tokens });
    expect(body.summary).toMatchObject({ staked: tokens, tokenWallet: '0', earned: '0' });
    const stakes = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from stakes where user_id = ${u.user.id}`,
    );
    expect(stakes[0]!.n).toBe(2);
    await expectLedgerConsistent(t);
  });
});
