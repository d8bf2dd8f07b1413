import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, SVP_PER_USD, USD_UNIT, YEAR_MS } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { yieldDue } from '../../src/modules/staking/yield.js';
import { buildTestApp, type TestApp } from '../helpers.js';

// Withdraw Earned prices the yield in SQL (sql/functions/staking/stake_yield_due.sql, docs/decisions/0038); every other
// settlement and the staking room's view price it in TypeScript (yield.ts's yieldDue). The two must agree to the
// micro-dollar for every stake and instant: thousands of random stakes, the edges drawn often (before the start,
// at the end to the millisecond, after it, a token, the largest stakes).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('stake_yield_due (SQL) and yieldDue (TypeScript)', () => {
  it('agree to the micro-dollar for 3,000 random stakes and instants', async () => {
    const started = Date.UTC(2026, 10, 1, 7, 13, 5, 321);
    const term = fc.oneof(fc.constant(60 * DAY_MS), fc.integer({ min: 1, max: 90 * DAY_MS }));
    const anyStake = term.chain((t) =>
      fc.record({
        tokens: fc.oneof(fc.constantFrom(1n, 99_999n, 100_000n, 10_000_000n, 10n ** 15n), fc.bigInt(0n, 10n ** 12n)),
        endsAt: fc.constant(started + t),
        at: fc.oneof(
          fc.constantFrom(started - 1, started, started + 1, started + t, started + t - 1, started + t + DAY_MS),
          fc.integer({ min: started, max: started + t }),
        ),
        apyBp: fc.oneof(fc.constantFrom(1200n, 0n, 1n), fc.bigInt(0n, 10_000n)),
      }),
    );
    // A fixed seed: a failure names a case that reruns.
    const cases = fc.sample(anyStake, { numRuns: 3000, seed: 42 });
    const iso = (ms: number) => `'${new Date(ms).toISOString()}'::timestamptz`;
    const values = cases.map((c, i) => `(${i}, ${c.tokens}, ${iso(c.endsAt)}, ${iso(c.at)}, ${c.apyBp})`).join(',\n');
    const rows = await queryRows<{ i: number; due: string }>(
      t.database.db,
      sql`select c.i, stake_yield_due(c.tokens::bigint, ${new Date(started).toISOString()}::timestamptz, c.ends_at,
            c.at, c.apy_bp::bigint, ${SVP_PER_USD.toString()}::bigint, ${USD_UNIT.toString()}::bigint,
            ${YEAR_MS}::bigint)::text as due
          from (values ${sql.raw(values)}) as c(i, tokens, ends_at, at, apy_bp) order by c.i`,
    );
    expect(rows).toHaveLength(cases.length);
    let positive = 0;
    for (const row of rows) {
      const c = cases[row.i]!;
      const want = yieldDue(
        { tokens: c.tokens, startedAt: new Date(started), endsAt: new Date(c.endsAt) },
        c.apyBp,
        new Date(c.at),
      );
      expect(
        BigInt(row.due),
        `case ${row.i}: ${JSON.stringify(c, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
      ).toBe(want);
      if (want > 0n) positive++;
    }
    // Over a third of them pay something (the rest: before the start, no APY, too few tokens), so agreement is not
    // all zeros.
    expect(positive).toBeGreaterThan(cases.length / 3);
  });
});
