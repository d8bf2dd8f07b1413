import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { createTestDatabase } from '../helpers.js';

// api_statement_legs (sql/functions/ledger/api_statement_legs.sql) puts a one-statement request's legs in the ledger's
// one lock order: owner, then code, byte order, with the session's user and the named recipient in place of '$user' and
// '$recipient'.
let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

interface Leg {
  owner: string | null;
  code: string;
  asset: string;
  amount: number;
  negative: boolean;
}

/** A SQL array of `type` from JSON, in order, nulls kept (the query builder would spread a JS array). */
const array = (values: unknown[], type: 'text' | 'bigint' | 'boolean') =>
  sql`(select coalesce(array_agg(x.v::${sql.raw(type)} order by x.i), '{}')
       from jsonb_array_elements_text(${JSON.stringify(values)}::jsonb) with ordinality as x(v, i))`;

async function sorted(legs: Leg[], user: string, recipient: string | null): Promise<Leg[]> {
  const [row] = await queryRows<{ o: (string | null)[] | null; c: string[]; s: string[]; a: string[]; n: boolean[] }>(
    t.database.db,
    sql`select o_owners as o, o_codes as c, o_assets as s, o_amounts::text[] as a, o_allow_negative as n
        from api_statement_legs(${array(
          legs.map((l) => l.owner),
          'text',
        )}, ${array(
          legs.map((l) => l.code),
          'text',
        )},
          ${array(
            legs.map((l) => l.asset),
            'text',
          )}, ${array(
            legs.map((l) => l.amount),
            'bigint',
          )},
          ${array(
            legs.map((l) => l.negative),
            'boolean',
          )}, ${user}::text, ${recipient}::text)`,
  );
  return (row!.o ?? []).map((owner, i) => ({
    owner,
    code: row!.c[i]!,
    asset: row!.s[i]!,
    amount: Number(row!.a[i]),
    negative: row!.n[i]!,
  }));
}

/** The order TypeScript's ledger uses (ledger.service.ts): owner, then code, compared as bytes; no owner last. */
const byteOrder = (a: Leg, b: Leg) =>
  a.owner === b.owner
    ? Buffer.compare(Buffer.from(a.code), Buffer.from(b.code))
    : a.owner === null
      ? 1
      : b.owner === null
        ? -1
        : Buffer.compare(Buffer.from(a.owner), Buffer.from(b.owner));

describe('a request’s legs in the ledger’s lock order', () => {
  it('sorts by owner then code in byte order, each leg kept whole, the stand-ins replaced', async () => {
    const user = 'b1e0b6be-1073-46df-8e11-42f115bb3ae1';
    const recipient = '21a102c1-9fd4-41d6-aaed-87ac3a1b3824';
    const legs: Leg[] = [
      { owner: '$user', code: 'usd.invested', asset: 'A1', amount: -50, negative: false },
      { owner: 'system', code: 'usd.payouts', asset: 'A2', amount: 40, negative: true },
      { owner: 'system', code: 'usd.fees.charity', asset: 'A3', amount: 1, negative: true },
      { owner: '$recipient', code: 'usd.balance', asset: 'A4', amount: 3, negative: false },
      { owner: 'system', code: 'usd.fees.crypto', asset: 'A5', amount: 2, negative: true },
      { owner: '$user', code: 'usd.earnings', asset: 'A6', amount: -6, negative: false },
      { owner: 'system', code: 'usd.fees.handling', asset: 'A7', amount: 3, negative: true },
      // A capital sorts before a small letter in bytes (and in the C.UTF-8 collation the tests run under).
      { owner: '$user', code: 'usd.Withdrawal', asset: 'A8', amount: 7, negative: false },
    ];
    const expected = legs
      .map((l) => ({ ...l, owner: l.owner === '$user' ? user : l.owner === '$recipient' ? recipient : l.owner }))
      .sort(byteOrder);
    expect(await sorted(legs, user, recipient)).toEqual(expected);
    expect(expected.map((l) => l.owner)).toEqual([recipient, user, user, user, 'system', 'system', 'system', 'system']);
  });

  it('puts an unknown recipient last, keeps one leg as it is, and gives nothing for no legs', async () => {
    const legs: Leg[] = [
      { owner: '$recipient', code: 'svp.wallet', asset: 'A9', amount: 5, negative: false },
      { owner: '$user', code: 'svp.wallet', asset: 'A10', amount: -5, negative: false },
    ];
    expect(await sorted(legs, 'u1', null)).toEqual([
      { owner: 'u1', code: 'svp.wallet', asset: 'A10', amount: -5, negative: false },
      { owner: null, code: 'svp.wallet', asset: 'A9', amount: 5, negative: false },
    ]);
    expect(await sorted([legs[1]!], 'u1', null)).toEqual([{ ...legs[1]!, owner: 'u1' }]);
    expect(await sorted([], 'u1', null)).toEqual([]);
  });
});
