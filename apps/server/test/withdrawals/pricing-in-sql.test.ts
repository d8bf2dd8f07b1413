import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakPayout, daysRemaining, DAY_MS, maturityPayout, USD_UNIT, withdrawableNow } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { pricingRule, type WithdrawalRefusal } from '../../src/modules/withdrawals/withdrawal-price.js';
import { buildTestApp, type TestApp } from '../helpers.js';

// A withdrawal is priced in SQL (sql/functions/withdrawals/withdrawal_price.sql, docs/decisions/0038): the request and
// the quote the page shows both call it. One TypeScript twin remains, packages/shared's maturityPayout (with
// breakPayout and daysRemaining beside it), for GET /me's withdrawableNow, whose one statement does not price. The two
// must give the same days, gross, fees and payout for every state: thousands of random states, the edges drawn often
// (a plan ending to the millisecond, earnings at the minimum, a gross below the fees), each priced both ways.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const micro = (maxDollars: number) => fc.bigInt(0n, BigInt(maxDollars) * USD_UNIT);
const day = fc.integer({ min: -10, max: 50 }).map((d) => d * DAY_MS);

/** A state the request may meet: the edges (a millisecond either side of a day, a gross below the fees) often. */
const anyCase = fc.record({
  kind: fc.constantFrom('maturity' as const, 'break' as const),
  hasPlan: fc.integer({ min: 0, max: 9 }).map((n) => n > 0),
  amount: fc.oneof(micro(2000), micro(5), fc.constantFrom(10n * USD_UNIT, 1n)),
  expected: fc.oneof(micro(5000), micro(3), fc.constantFrom(0n, 2_600_000n, 2_599_999n)),
  endsInMs: fc.oneof(
    day,
    day.map((ms) => ms + 1),
    day.map((ms) => ms - 1),
    fc.integer({ min: 0, max: 50 * DAY_MS }),
    fc.constantFrom(0, -1, 1),
  ),
  earnings: fc.oneof(micro(100), fc.constantFrom(0n, 5n * USD_UNIT, 5n * USD_UNIT - 1n, 1n)),
  verified: fc.boolean(),
  minEarnings: fc.oneof(fc.constant(5n * USD_UNIT), fc.constant(0n), micro(20)),
  requireVerified: fc.boolean(),
});
type Case = typeof anyCase extends fc.Arbitrary<infer T> ? T : never;

/** What packages/shared says: the days, the kind's price, and (at maturity) what the sidebar calls withdrawable. */
function inTypeScript(c: Case, now: Date) {
  const endsAt = new Date(now.getTime() + c.endsInMs);
  const expected = c.hasPlan ? c.expected : 0n;
  const price = c.kind === 'maturity' ? maturityPayout(expected, c.earnings) : breakPayout(c.hasPlan ? c.amount : 0n);
  const plan = { expectedWithdrawal: expected, earnings: c.earnings, endsAt: c.hasPlan ? endsAt : null };
  return {
    days: c.hasPlan ? daysRemaining(endsAt, now) + 0 : null, // + 0: -0 (Math.ceil) is 0, as JSON has it
    price,
    withdrawable: c.kind === 'maturity' ? withdrawableNow(plan, c.minEarnings, now) : null,
  };
}

describe('withdrawal_price (SQL) and packages/shared (TypeScript)', () => {
  it('agree on the days, the gross, each fee, the payout and what is withdrawable for 3,000 random states', async () => {
    // A millisecond-exact instant, as a request's clock gives.
    const now = new Date(Date.UTC(2026, 10, 28, 9, 30, 15, 123));
    // A fixed seed: a failure names a case that reruns.
    const cases = fc.sample(anyCase, { numRuns: 3000, seed: 17 });
    const text = (v: bigint | boolean | string) => (typeof v === 'string' ? `'${v}'` : String(v));
    const values = cases
      .map((c, i) =>
        [
          i,
          text(c.kind),
          c.hasPlan,
          c.amount,
          c.expected,
          `'${new Date(now.getTime() + c.endsInMs).toISOString()}'::timestamptz`,
          c.earnings,
          c.verified,
          c.minEarnings,
          c.requireVerified,
        ]
          .map((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : text(v)))
          .join(', '),
      )
      .map((row) => `(${row})`)
      .join(',\n');
    const rule = pricingRule({ minEarnings: 0n, requireVerified: false });
    const rows = await queryRows<{
      i: number;
      refusal: WithdrawalRefusal | null;
      refusals: WithdrawalRefusal[];
      days: string | null;
      gross: string;
      fees: string[];
      payout: string;
    }>(
      t.database.db,
      sql`select c.i, p.o_refusal as refusal, p.o_refusals::text[] as refusals, p.o_days::text as days, p.o_gross::text as gross,
            p.o_fees::text[] as fees, p.o_payout::text as payout
          from (values ${sql.raw(values)}) as c(i, kind, has_plan, amount, expected, ends_at, earnings, verified,
            min_earnings, require_verified),
          lateral withdrawal_price(c.kind, c.has_plan, c.amount::bigint, c.expected::bigint, c.ends_at,
            c.earnings::bigint, c.verified, ${now.toISOString()}::timestamptz, c.min_earnings::bigint, c.require_verified,
            ${sql.raw(`array[${rule.fees.join(', ')}]::bigint[]`)}, ${rule.breakPercent.toString()}::bigint,
            ${rule.dayMs}::bigint)
          p order by c.i`,
    );
    expect(rows).toHaveLength(cases.length);
    const outcomes = new Set<string>();
    for (const row of rows) {
      const c = cases[row.i]!;
      const want = inTypeScript(c, now);
      const price = {
        gross: BigInt(row.gross),
        fees: { handling: BigInt(row.fees[0]!), crypto: BigInt(row.fees[1]!), charity: BigInt(row.fees[2]!) },
        payout: BigInt(row.payout),
      };
      // The sidebar's figure ignores the e-mail's standing (the quote's reasons say it): every other refusal counts.
      const withdrawable = row.refusals.some((r) => r !== 'unverified') ? 0n : price.payout;
      const got = {
        days: row.days === null ? null : Number(row.days),
        price,
        withdrawable: c.kind === 'maturity' ? withdrawable : null,
      };
      expect(
        got,
        `case ${row.i}: ${JSON.stringify(c, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
      ).toEqual(want);
      // A request answers the first refusal, the one the old single-refusal rule named.
      expect(row.refusal).toBe(row.refusals[0] ?? null);
      outcomes.add(row.refusal ?? (BigInt(row.payout!) === 0n ? 'paid nothing' : 'paid'));
    }
    // Every path was taken, so agreement is not one path's.
    expect([...outcomes].sort()).toEqual(
      [
        'already-matured',
        'earnings',
        'no-plan',
        'not-matured',
        'nothing-expected',
        'paid',
        'paid nothing',
        'unverified',
      ].sort(),
    );
  });
});
