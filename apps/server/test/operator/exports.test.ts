import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, OPERATOR_API, OPERATOR_MSG, fromDecimalString, type Asset } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { createLedger, systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import { buildTestApp, signedInUser, topUp, type TestApp } from '../helpers.js';
import { signedInWithRoles } from './operator-kit.js';

const TODAY = '2026-03-02'; // the test clock's first day (TEST_EPOCH)
/** CSV rows, quoted fields (which may hold commas and doubled quotes) unquoted. */
const csvRows = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .slice(0, -1)
        .map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')),
    );

describe('accounting exports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('streams the journal of a period: every transaction with its entries, each summing to zero per asset', async () => {
    const finance = await signedInWithRoles(t, ['finance']);
    const investor = await signedInUser(t.app, '10.37.4.1');
    await topUp(investor.client, '100');

    const res = await finance.client.get(`${OPERATOR_API.journalCsv}?from=${TODAY}&to=${TODAY}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`svp-journal-${TODAY}-to-${TODAY}.csv`);
    const [header, ...rows] = csvRows(res.raw);
    expect(header!.join(',')).toBe('transaction,created_at,kind,actor,memo,entry,account_owner,account,asset,amount');
    const [txCount] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from ledger_entries`,
    );
    expect(rows).toHaveLength(Number(txCount!.n));
    const sums = new Map<string, bigint>();
    for (const row of rows) {
      const key = `${row[0]} ${row[8]}`;
      sums.set(key, (sums.get(key) ?? 0n) + fromDecimalString(row[9]!, row[8] as Asset));
    }
    expect([...sums.values()].every((sum) => sum === 0n)).toBe(true);
    expect(rows.some((row) => row[6] === investor.user.id && row[7] === 'usd.balance')).toBe(true);

    const before = await finance.client.get(`${OPERATOR_API.journalCsv}?from=2026-03-01&to=2026-03-01`);
    expect(before.raw.trim().split('\n')).toHaveLength(1);
  });

  it('pages through more transactions than one read holds: each once, whole, in order', async () => {
    const finance = await signedInWithRoles(t, ['finance']);
    const investor = await signedInUser(t.app, '10.37.4.2');
    const ledger = createLedger(t.database.db, t.clock);
    // 1,100 postings: more than two of the export's pages (500 transactions each), each a deposit of one cent.
    for (let i = 0; i < 1_100; i++) {
      await ledger.post({
        kind: 'test.deposit',
        idempotencyKey: `export-pages:${i}`,
        legs: [
          { account: systemAccount('usd.deposits'), amount: -1n },
          { account: userAccount(investor.user.id, 'usd.balance'), amount: 1n },
        ],
      });
    }
    const res = await finance.client.get(`${OPERATOR_API.journalCsv}?from=${TODAY}&to=${TODAY}`);
    expect(res.status).toBe(200);
    const [, ...rows] = csvRows(res.raw);
    const [entries] = await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from ledger_entries`,
    );
    expect(rows).toHaveLength(Number(entries!.n));
    // A transaction's entries stand together, and transactions come in id order, none twice.
    const ids = rows.map((row) => BigInt(row[0]!));
    const firsts = ids.filter((id, i) => i === 0 || ids[i - 1] !== id);
    expect(new Set(firsts).size).toBe(firsts.length);
    expect(firsts.every((id, i) => i === 0 || id > firsts[i - 1]!)).toBe(true);
    expect(rows.filter((row) => row[2] === 'test.deposit')).toHaveLength(2_200);
  });

  it('streams a trial balance at a date whose totals per asset are zero', async () => {
    const compliance = await signedInWithRoles(t, ['compliance']);
    const res = await compliance.client.get(`${OPERATOR_API.trialBalanceCsv}?at=${TODAY}`);
    expect(res.status).toBe(200);
    const rows = csvRows(res.raw).slice(1);
    const totals = rows.filter((row) => row[0] === 'TOTAL');
    expect(totals.map((row) => `${row[3]} ${row[4]}`)).toEqual(['USD 0', 'SVP 0', 'COIN 0']);
    const balances = await queryRows<{ id: string; balance: string; asset: Asset }>(
      t.database.db,
      sql`select id::text, balance::text, asset from accounts where owner <> 'system' and balance <> 0`,
    );
    expect(balances.length).toBeGreaterThan(0);
    for (const account of balances) {
      const row = rows.find((r) => r[0] === account.id);
      expect(row && fromDecimalString(row[4]!, account.asset), account.id).toBe(BigInt(account.balance));
    }
    const earlier = csvRows((await compliance.client.get(`${OPERATOR_API.trialBalanceCsv}?at=2026-03-01`)).raw);
    expect(earlier.filter((row) => row[0] !== 'TOTAL')).toHaveLength(1);
  });

  it('reconciles what users are owed against the chain, rolled back to the date', async () => {
    const finance = await signedInWithRoles(t, ['finance']);
    const url = (at: string) => `${OPERATOR_API.reconciliation}?at=${at}`;
    // The simulated chain's own reading is replaced by one with known figures, once there is none.
    await t.database.db.execute(sql`delete from treasury_snapshots`);
    const none = await finance.client.get(url(TODAY));
    expect(none.body.holdings).toBeNull();
    expect(none.body.surplus).toBeNull();

    const [owed] = await queryRows<{ total: string }>(
      t.database.db,
      sql`select sum(balance)::text as total from accounts where owner <> 'system' and asset = 'USD'`,
    );
    const [received] = await queryRows<{ total: string }>(
      t.database.db,
      sql`select sum(received)::text as total from deposits`,
    );
    // The chain holds 1,000 USDT (18 decimals), read after today's deposit.
    await t.database.db.execute(sql`insert into treasury_snapshots
      (chain_id, treasury_raw, unswept_raw, unswept_addresses, decimals, gas_wei, sweep_gas_wei, refreshed_at)
      values (97, ${(900n * 10n ** 18n).toString()}, ${(100n * 10n ** 18n).toString()}, 1, 18, 0, 0, ${t.clock.now().toISOString()})`);

    const today = await finance.client.get(url('2026-12-31'));
    expect(today.status).toBe(200);
    expect(fromDecimalString(today.body.liabilities.total, 'USD')).toBe(BigInt(owed!.total));
    expect(today.body.holdings).toMatchObject({ snapshot: '1000', atDate: '1000', depositsAfter: '0' });
    expect(fromDecimalString(today.body.surplus, 'USD')).toBe(1_000_000_000n - BigInt(owed!.total));

    const yesterday = await finance.client.get(url('2026-03-01'));
    expect(yesterday.body.liabilities.total).toBe('0');
    expect(fromDecimalString(yesterday.body.holdings.depositsAfter, 'USD')).toBe(BigInt(received!.total));
    expect(fromDecimalString(yesterday.body.holdings.atDate, 'USD')).toBe(1_000_000_000n - BigInt(received!.total));
  });

  it('is for finance and compliance only, and answers bad dates with a 400', async () => {
    const support = await signedInWithRoles(t, ['support']);
    const finance = await signedInWithRoles(t, ['finance']);
    const denied = await support.client.get(`${OPERATOR_API.journalCsv}?from=${TODAY}&to=${TODAY}`);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(OPERATOR_MSG.permissionDenied('exports.read'));
    for (const query of ['from=2026-03-02', 'from=2026-02-30&to=2026-03-02', 'from=yesterday&to=2026-03-02']) {
      const res = await finance.client.get(`${OPERATOR_API.journalCsv}?${query}`);
      expect(res.status, query).toBe(400);
    }
    const reversed = await finance.client.get(`${OPERATOR_API.journalCsv}?from=2026-03-05&to=2026-03-02`);
    expect(reversed.body.error.message).toBe(OPERATOR_MSG.periodInvalid);
    expect((await finance.client.get(`${OPERATOR_API.reconciliation}?at=2026-13-01`)).body.error.message).toBe(
      OPERATOR_MSG.dateInvalid,
    );
    expect(API_PREFIX).toBe('/api/v1');
  });
});
