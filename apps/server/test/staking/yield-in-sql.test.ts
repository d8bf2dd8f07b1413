import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, SVP_PER_USD, USD_UNIT, YEAR_MS } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { yieldDue } from '../../src/modules/staking/yield.js';
import { buildTestApp, type TestApp } from '../helpers.js';

// Withdraw Earned prices the yield in SQL (migration 0034's stake_yield_due, docs/decisions/0038); every other
// settlement and the staking room's view price it in TypeScript (yield.ts's yieldDue). The two must agree to the
// micro-dollar for every stake and instant: thousands of random stakes, the edges drawn often (before the start,
// at the end to the millisecond, after it, a token, the largest stakes).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let seed = 42;
function random() {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
}
const pick = <T>(...values: T[]) => values[Math.floor(random() * values.length)]!;

describe('stake_yield_due (SQL) and yieldDue (TypeScript)', () => {
  it('agree to the micro-dollar for 3,000 random stakes and instants', async () => {
    const started = Date.UTC(2026, 10, 1, 7, 13, 5, 321);
    const cases = Array.from({ length: 3000 }, () => {
      const term = pick(60 * DAY_MS, Math.floor(random() * 90 * DAY_MS) + 1);
      return {
        tokens: pick(1n, 99_999n, 100_000n, 10_000_000n, BigInt(Math.floor(random() * 1e12)), 10n ** 15n),
        endsAt: started + term,
        at: pick(
          started - 1,
          started,
          started + 1,
          started + term,
          started + term - 1,
          started + term + DAY_MS,
          started + Math.floor(random() * term),
        ),
        apyBp: pick(1200n, 0n, 1n, BigInt(Math.floor(random() * 10_000))),
      };
    });
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
      expect(BigInt(row.due), `case ${row.i}: ${JSON.stringify(c, (_, v: unknown) => String(v))}`).toBe(want);
      if (want > 0n) positive++;
    }
    // Over a third of them pay something (the rest: before the start, no APY, too few tokens), so agreement is not
    // all zeros.
    expect(positive).toBeGreaterThan(cases.length / 3);
  });
});
