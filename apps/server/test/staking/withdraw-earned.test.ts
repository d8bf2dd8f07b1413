import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DAY_MS, formatAmount, fromDecimalString, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { roundTripsOf } from '../round-trips.js';
import { buildTestApp, signedInUser, topUp, type TestApp, expectLedgerConsistent } from '../helpers.js';

// Withdraw Earned is one statement (sql/functions/staking/api_withdraw_earned.sql, docs/decisions/0038): the yield due
// at the request's time, priced from the stake it locks, and all of earned, posted with the key and its answer.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

/** A user staking 10,000,000 tokens ($100) for `days`, signed in again after the time passed. */
async function stakedFor(days: number) {
  const u = await signedInUser(t.app);
  await topUp(u.client, '100');
  expect((await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '100' })).status).toBe(200);
  expect((await u.client.post(API.stakingBuy, { amount: '100' })).status).toBe(200);
  expect((await u.client.post(API.stakingStake, { tokens: '10000000' })).status).toBe(200);
  t.clock.advance(days * DAY_MS + 3_600_000);
  expect((await u.client.post(API.login, { email: u.email, password: u.password })).status).toBe(200);
  return u;
}

const yieldPostings = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transactions t where t.kind = 'staking.yield' and t.id in
          (select le.transaction_id from ledger_entries le join accounts a on a.id = le.account_id
           where a.owner = ${userId})`,
    )
  )[0]!.n;

/**
 * What was paid against what the room showed just before: the test clock runs on with real time, so the yield paid is
 * what accrued by the request's own moment, the shown figure or a few micro-dollars more, never less.
 */
function expectPaid(paid: string, shown: string) {
  const extra = fromDecimalString(paid, 'USD') - fromDecimalString(shown, 'USD');
  expect(extra >= 0n && extra <= 10n, `paid ${paid} against ${shown} shown`).toBe(true);
}

describe('Withdraw Earned in one round trip', () => {
  it('pays the yield due at its own time, in one statement; a replay pays nothing again', async () => {
    const u = await stakedFor(10);
    // The room shows what is earned now; the test clock runs on with real time, so the withdrawal pays what has
    // accrued by its own moment: what was shown, or a micro-dollar more when the request came a moment later.
    const shown = (await u.client.get(API.staking)).body.earned as string;
    expect(Number(shown)).toBeGreaterThan(0.32); // $100 × 12% × 10/365 ≈ $0.3288
    const k = key();
    let paid: Awaited<ReturnType<typeof u.client.post>> | undefined;
    const trips = await roundTripsOf(t.database, async () => {
      paid = await u.client.post(API.stakingWithdrawEarned, undefined, { 'idempotency-key': k });
    });
    expect(trips).toBe(1);
    expect(paid!.status).toBe(200);
    const paidOut = paid!.body.summary.balance as string;
    expectPaid(paidOut, shown);
    expect(paid!.body.message).toBe(MSG.staking.withdrawn(formatAmount(fromDecimalString(paidOut, 'USD'), 'USD')));
    expect(paid!.body.summary).toMatchObject({ earned: '0', balance: paidOut, staked: '10000000' });
    const again = await u.client.post(API.stakingWithdrawEarned, undefined, { 'idempotency-key': k });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(paid!.body);
    expect((await u.client.get(API.me)).body.user.balance).toBe(paidOut);
    // Nothing more accrued at the same time: a new request is refused in the spec's words.
    const none = await u.client.post(API.stakingWithdrawEarned);
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(MSG.staking.noEarnings);
    await expectLedgerConsistent(t);
  });

  it('pays once under 10 concurrent requests, the yield included once', async () => {
    const u = await stakedFor(20);
    const shown = (await u.client.get(API.staking)).body.earned as string;
    const before = await yieldPostings(u.user.id);
    const answers = await Promise.all(Array.from({ length: 10 }, () => u.client.post(API.stakingWithdrawEarned)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.body.error.message).toBe(MSG.staking.noEarnings);
    }
    expectPaid((await u.client.get(API.me)).body.user.balance as string, shown);
    expect(await yieldPostings(u.user.id)).toBeLessThanOrEqual(before + 1);
    await expectLedgerConsistent(t);
  });

  it('pays once under 30 concurrent requests when no stake is active any more (nothing else orders them)', async () => {
    const u = await stakedFor(61);
    // The view releases the ended stake; what it earned stays in earned, with no active stake left to lock.
    const shown = (await u.client.get(API.staking)).body.earned as string;
    expect(shown).toBe('1.972602');
    const active = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from stakes where user_id = ${u.user.id} and status = 'active'`,
    );
    expect(active[0]!.n).toBe(0);
    const answers = await Promise.all(Array.from({ length: 30 }, () => u.client.post(API.stakingWithdrawEarned)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(MSG.staking.noEarnings);
    }
    expectPaid((await u.client.get(API.me)).body.user.balance as string, shown);
    await expectLedgerConsistent(t);
  });

  it('moves leftover earnings once when a new stake and Withdraw Earned race, refusing neither for the other', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await stakedFor(61);
      const shown = (await u.client.get(API.staking)).body.earned as string;
      const [staked, ...withdrawn] = await Promise.all([
        u.client.post(API.stakingStake, { tokens: '10000000' }),
        ...Array.from({ length: 5 }, () => u.client.post(API.stakingWithdrawEarned)),
      ]);
      // The released tokens are in the wallet: the stake is never "insufficient" because earned moved.
      expect(staked!.status).toBe(200);
      expect(withdrawn.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      for (const refused of withdrawn.filter((a) => a.status !== 200)) {
        expect(refused.body.error.message).toBe(MSG.staking.noEarnings);
      }
      expectPaid((await u.client.get(API.me)).body.user.balance as string, shown);
    }
    await expectLedgerConsistent(t);
  });

  it('pays once for 50 identical requests with one Idempotency-Key, each answered with the same result', async () => {
    const u = await stakedFor(15);
    const shown = (await u.client.get(API.staking)).body.earned as string;
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => u.client.post(API.stakingWithdrawEarned, undefined, { 'idempotency-key': k })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expectPaid((await u.client.get(API.me)).body.user.balance as string, shown);
    await expectLedgerConsistent(t);
  });

  it('releases an ended stake first, then pays the yield capped at its end', async () => {
    const u = await stakedFor(61);
    const paid = await u.client.post(API.stakingWithdrawEarned);
    expect(paid.status).toBe(200);
    // Capped at 60 days: $100 × 12% × 60/365 = $1.972602...
    expect(paid.body.summary).toMatchObject({
      earned: '0',
      balance: '1.972602',
      staked: '0',
      tokenWallet: '10000000',
    });
    await expectLedgerConsistent(t);
  });
});
