import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { engagement } from '../../src/db/schema.js';
import { buildTestApp, signedInUser, topUp, type TestApp, expectLedgerConsistent } from '../helpers.js';
import { raceKit } from './race-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { ROUNDS, nextIp } = raceKit(() => t);

describe('tap and accrual races', () => {
  it('50 concurrent saves of 20 taps share one allowance: they bank what 1 s allows, not 1,000 taps', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const u = await signedInUser(t.app, nextIp());
      await u.client.get(API.taps);
      const [row] = await t.database.db.select().from(engagement).where(eq(engagement.userId, u.user.id));
      t.clock.advance(1_000);
      const results = await Promise.all(Array.from({ length: 50 }, () => u.client.post(API.taps, { clicks: 20 })));
      const banked = (await u.client.get(API.taps)).body.totalClicks;
      // The allowance also grows with the real time the burst takes: the bound is the whole span.
      const elapsed = t.clock.now().getTime() - row!.lastTapSaveAt.getTime();
      expect(banked).toBeGreaterThanOrEqual(20);
      expect(banked).toBeLessThanOrEqual(Math.floor((elapsed * t.config.TAP_RATE_PER_SECOND) / 1000));
      expect(results.filter((r) => r.status === 200)).toHaveLength(banked / 20);
      expect(results.every((r) => r.status === 200 || r.body.error.message === MSG.taps.tooFast)).toBe(true);
    }
    await expectLedgerConsistent(t);
  });

  it('30 concurrent reads of the staking room after a stake day post its yield once', async () => {
    const u = await signedInUser(t.app, nextIp());
    await topUp(u.client, '10');
    await u.client.post(API.stakingConvert, { direction: 'toFund', amount: '10' });
    await u.client.post(API.stakingBuy, { amount: '10' });
    expect((await u.client.post(API.stakingStake, { tokens: '1000000' })).status).toBe(200);
    t.clock.advance(86_400_000 + 3_600_000);
    const reads = await Promise.all(Array.from({ length: 30 }, () => u.client.get(API.staking)));
    expect(reads.every((r) => r.status === 200)).toBe(true);
    const [{ n }] = (await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(distinct lt.id)::int as n from ledger_transactions lt
          join ledger_entries le on le.transaction_id = lt.id join accounts a on a.id = le.account_id
          where lt.kind = 'staking.yield' and a.owner = ${u.user.id}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
    await expectLedgerConsistent(t);
  });
});
