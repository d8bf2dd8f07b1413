import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.js';
import { userAccount } from '../../src/modules/ledger/ledger.service.js';
import { onPostgres, expectLedgerConsistent } from '../helpers.js';
import { ledgerFixture } from './ledger-fixture.js';

let t: Awaited<ReturnType<typeof ledgerFixture>>;
let check: ReturnType<typeof t.newLedgerCheck>;
beforeAll(async () => {
  t = await ledgerFixture();
  check = t.newLedgerCheck();
});
afterAll(() => t.drop());

const accountId = async (owner: string, code = 'usd.balance') =>
  (
    await queryRows<{ id: string }>(
      t.database.db,
      sql`select id::text as id from accounts where owner = ${owner} and code = ${code}`,
    )
  )[0]!.id;
const clearFindings = () => t.execute(sql`delete from ledger_check_findings`);
const pay = (from: string, to: string, amount: bigint) =>
  t.ledger.post({
    kind: 'test.pay',
    idempotencyKey: t.key('pay'),
    legs: [
      { account: userAccount(from, 'usd.balance'), amount: -amount },
      { account: userAccount(to, 'usd.balance'), amount },
    ],
  });

describe('the incremental ledger check', () => {
  it('checks every posting once, keeps each account’s verified totals exact, and finds nothing in a sound ledger', async () => {
    const [ann, ben] = [t.owner(), t.owner()];
    await t.fund(ann, 1_000n);
    for (let i = 0; i < 5; i++) await pay(ann, ben, 10n);
    expect(await check.runOnce()).toBeGreaterThan(0);
    const report = await check.report();
    expect(report).toMatchObject({ ok: true, problems: [], verifiedThrough: await t.lastTransactionId() });
    expect(report.checkedAt).toBeInstanceOf(Date);
    expect(await t.checkTotalsMatchEntries()).toBe(true);
    // Nothing new: a pass takes nothing and the totals stay.
    expect(await check.runOnce()).toBe(0);
    await pay(ben, ann, 1n);
    expect(await check.runOnce()).toBe(1);
    expect(await t.checkTotalsMatchEntries()).toBe(true);
    await expectLedgerConsistent(t);
  });

  it('finds a cache that disagrees with its entries when the account next moves', async () => {
    const [cat, dan] = [t.owner(), t.owner()];
    await t.fund(cat, 100n);
    await check.runOnce();
    const catAccount = await accountId(cat);
    // Written around the posting function, as a bad migration or a console would.
    await t.execute(sql`update accounts set balance = balance + 7 where id = ${catAccount}::bigint`);
    await pay(cat, dan, 1n);
    await check.runOnce();
    expect((await check.report()).problems).toEqual([`account ${catAccount}: cached 106 ≠ entries 99`]);
    // Recorded once, however often the account moves again.
    await pay(cat, dan, 1n);
    await check.runOnce();
    expect((await check.report()).problems).toHaveLength(1);
    expect((await checkLedgerInvariants(t.database.db)).ok).toBe(false);
    await t.execute(sql`update accounts set balance = balance - 7 where id = ${catAccount}::bigint`);
    await clearFindings();
  });

  it('finds an unbalanced transaction, one with no entries, and a deposit credit that is not its deposit’s', async () => {
    const eve = t.owner();
    await t.fund(eve, 50n);
    await check.runOnce();
    const eveAccount = await accountId(eve);
    const [unbalanced] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into ledger_transactions (kind, idempotency_key, created_at) values ('test.bad', ${t.key('bad')}, now()) returning id::text as id`,
    );
    await t.execute(sql`insert into ledger_entries (transaction_id, account_id, asset, amount)
      values (${unbalanced!.id}::bigint, ${eveAccount}::bigint, 'USD', 5)`);
    await t.execute(
      sql`update accounts set balance = balance + 5, entry_count = entry_count + 1 where id = ${eveAccount}::bigint`,
    );
    const [empty] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into ledger_transactions (kind, idempotency_key, created_at) values ('test.empty', ${t.key('empty')}, now()) returning id::text as id`,
    );
    const [credit] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select o_transaction_id::text as id from ledger_post('deposit', 'deposit:97:0xfeed:0', null, null, now(),
        array[${eve}, 'system']::text[], array['usd.balance', 'usd.deposits']::text[], array['USD', 'USD']::text[],
        array[3, -3]::bigint[], array[false, true]::boolean[], null, null, null)`,
    );
    await check.runOnce();
    expect((await check.report()).problems).toEqual([
      `transaction ${credit!.id}: deposit:97:0xfeed:0 is not its deposit's credit`,
      `transaction ${empty!.id}: no entries`,
      `transaction ${unbalanced!.id}: USD sums to 5`,
    ]);
    await clearFindings();
  });

  it('finds a user’s account below zero even when its cache agrees with its entries, and a platform account never', async () => {
    const [hal, ida] = [t.owner(), t.owner()];
    await t.fund(hal, 3n);
    await t.fund(ida, 1n);
    await check.runOnce();
    const [halAccount, idaAccount] = [await accountId(hal), await accountId(ida)];
    // An overdraft written around the guarded posting, each cache kept in step with its entries: only the sign is
    // wrong. The table's own constraint refuses it, so it is lifted here, as a bad migration might lift it; the check
    // is the second line. (Funding took the platform's usd.deposits below zero: allowed, and not reported.)
    const constraint = sql`accounts_non_negative`;
    await t.execute(sql`alter table accounts drop constraint ${constraint}`);
    const moveByHand = async (amount: number) => {
      const [tx] = await queryRows<{ id: string }>(
        t.database.db,
        sql`insert into ledger_transactions (kind, idempotency_key, created_at)
            values ('test.by-hand', ${t.key('by-hand')}, now()) returning id::text as id`,
      );
      await t.execute(sql`insert into ledger_entries (transaction_id, account_id, asset, amount) values
        (${tx!.id}::bigint, ${halAccount}::bigint, 'USD', ${-amount}::bigint),
        (${tx!.id}::bigint, ${idaAccount}::bigint, 'USD', ${amount}::bigint)`);
      await t.execute(sql`update accounts set balance = balance + case id when ${halAccount}::bigint then ${-amount}::bigint
          else ${amount}::bigint end, entry_count = entry_count + 1 where id in (${halAccount}::bigint, ${idaAccount}::bigint)`);
    };
    await moveByHand(5);
    await check.runOnce();
    expect((await check.report()).problems).toEqual([`account ${halAccount}: negative (-2)`]);
    await moveByHand(-5);
    await t.execute(sql`alter table accounts add constraint ${constraint} check (allow_negative or balance >= 0)`);
    await clearFindings();
    await check.runOnce();
    expect(await check.report()).toMatchObject({ ok: true, problems: [] });
  });

  it('lets two processes check at once without counting anything twice', async () => {
    const [fay, gus] = [t.owner(), t.owner()];
    await t.fund(fay, 1_000n);
    await Promise.all(Array.from({ length: 10 }, () => pay(fay, gus, 3n)));
    const other = t.newLedgerCheck();
    await Promise.all([check.runOnce(), other.runOnce()]);
    await check.runOnce();
    expect(await t.checkTotalsMatchEntries()).toBe(true);
    expect((await check.report()).verifiedThrough).toBe(await t.lastTransactionId());
  });

  it('locks what it checks in the ledger’s order: passes racing postings both ways between the same accounts neither deadlock nor miss one', async () => {
    const [kim, lou] = [t.owner(), t.owner()];
    await t.fund(kim, 1_000n);
    await t.fund(lou, 1_000n);
    await check.runOnce();
    const other = t.newLedgerCheck();
    let posting = true;
    const passes = (async () => {
      let n = 0;
      while (posting) n += await (n % 2 ? check : other).runOnce({ settleWaitMs: 0 });
      return n;
    })();
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? pay(kim, lou, 1n) : pay(lou, kim, 1n))),
    );
    posting = false;
    await passes;
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);

    if (onPostgres) {
      // The same, step by step: a posting holds the first of the two accounts in the ledger's order while a pass
      // over a window that moved both waits for it; the posting then takes the second and commits. A pass that
      // took the second first would hold it against the posting: a deadlock, one of the two cancelled.
      await pay(kim, lou, 1n);
      await t.execute(sql`select ledger_check_mark()`);
      const [low, high] = [kim, lou].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      const posting = await t.database.pool!.connect();
      try {
        await posting.query('begin');
        const lock = (owner: string) =>
          posting.query(`select 1 from accounts where owner = $1 and code = 'usd.balance' for update`, [owner]);
        await lock(low!);
        // The pass, retried until its mark has settled (a transaction of another test may still be running).
        const pass = t.execute(sql`do $$ begin
            while (select o_taken from ledger_check_verify(10000)) = 0 loop perform pg_sleep(0.01); end loop;
          end $$`);
        const passWaitsForThePosting = async () =>
          (
            await queryRows<{ n: number }>(
              t.database.db,
              sql`select count(*)::int as n from pg_stat_activity
                  where wait_event_type = 'Lock' and query like '%ledger_check_verify(10000)%'`,
            )
          )[0]!.n > 0;
        while (!(await passWaitsForThePosting())) await new Promise((resolve) => setTimeout(resolve, 10));
        await lock(high!);
        await posting.query('commit');
        await pass;
      } finally {
        posting.release();
      }
    }
    await check.runOnce();
    expect(await check.report()).toMatchObject({ ok: true, verifiedThrough: await t.lastTransactionId() });
    expect(await t.checkTotalsMatchEntries()).toBe(true);
  });

  it('never passes an id a running transaction still holds, checks it once it commits, and settles a mark from before a restore', async () => {
    const [hal, ivy, jay] = [t.owner(), t.owner(), t.owner()];
    await t.fund(hal, 100n);
    await t.fund(ivy, 100n);
    await check.runOnce();
    const verified = (await check.report()).verifiedThrough;
    // A mark whose xid lies beyond the cluster's next one was made before a logical restore: settled.
    await pay(ivy, jay, 1n);
    await t.execute(sql`select ledger_check_mark()`);
    await t.execute(
      sql`update ledger_check_state set candidate_xmax = (pg_current_xact_id()::text::bigint + 1000000)::text::xid8`,
    );
    expect(await check.runOnce()).toBe(1);
    expect(BigInt((await check.report()).verifiedThrough)).toBeGreaterThan(BigInt(verified));

    if (onPostgres) {
      // The real thing: a posting holds an id, uncommitted, while a later one commits.
      const slow = await t.database.pool!.connect();
      try {
        await slow.query('begin');
        const {
          rows: [held],
        } = await slow.query<{ id: string }>(
          `select o_transaction_id::text as id from ledger_post('test.slow', $1, null, null, now(),
            array[$2, 'system']::text[], array['usd.balance', 'usd.platform']::text[], array['USD', 'USD']::text[],
            array[-4, 4]::bigint[], array[false, true]::boolean[], null, null, null)`,
          [t.key('slow'), hal],
        );
        // Other accounts: hal's row is locked until the slow posting ends.
        await pay(ivy, jay, 2n);
        expect(BigInt(await t.lastTransactionId())).toBeGreaterThan(BigInt(held!.id));
        // It does not wait for a posting that will not end until it returns.
        await check.runOnce({ settleWaitMs: 0 });
        expect(BigInt((await check.report()).verifiedThrough)).toBeLessThan(BigInt(held!.id));
        await slow.query('commit');
      } finally {
        slow.release();
      }
      await check.runOnce();
    }
    await check.runOnce();
    const report = await check.report();
    expect(report.ok).toBe(true);
    expect(report.verifiedThrough).toBe(await t.lastTransactionId());
    expect(await t.checkTotalsMatchEntries()).toBe(true);
  });

  it('waits for a posting held open by the newest running transaction, and reports nothing false once it commits', async () => {
    const [kay, lee] = [t.owner(), t.owner()];
    await t.fund(kay, 100n);
    await check.runOnce();
    if (onPostgres) {
      // Nothing commits between the held posting and the pass, so its xid is the newest running one: a snapshot's
      // xmax (the last completed xid + 1) is that very xid, not above it.
      const held = await t.database.pool!.connect();
      try {
        await held.query('begin');
        const {
          rows: [posting],
        } = await held.query<{ id: string }>(
          `select o_transaction_id::text as id from ledger_post('test.held', $1, null, null, now(),
            array[$2, $3]::text[], array['usd.balance', 'usd.balance']::text[], array['USD', 'USD']::text[],
            array[-4, 4]::bigint[], array[false, false]::boolean[], null, null, null)`,
          [t.key('held'), kay, lee],
        );
        await check.runOnce({ settleWaitMs: 0 });
        expect(BigInt((await check.report()).verifiedThrough)).toBeLessThan(BigInt(posting!.id));
        await held.query('commit');
      } finally {
        held.release();
      }
    } else {
      await pay(kay, lee, 4n);
    }
    await check.runOnce();
    // Both accounts move again: a posting the check skipped would now show as "cached ≠ entries".
    await pay(kay, lee, 1n);
    await check.runOnce();
    expect(await check.report()).toMatchObject({
      ok: true,
      problems: [],
      verifiedThrough: await t.lastTransactionId(),
    });
    expect(await t.checkTotalsMatchEntries()).toBe(true);
    expect(await t.balance(kay)).toBe(95n);
  });
});

it('compares a platform account with its cache plus what waits for the roll-up, and finds one edited by hand', async () => {
  const joy = t.owner();
  await t.fund(joy, 30n);
  await t.fee(joy, 5n);
  await check.runOnce();
  expect(await check.report()).toMatchObject({ ok: true, problems: [] });
  // A platform account's cache edited by hand is found at the next mark.
  const platform = await accountId('system', 'usd.platform');
  await t.execute(sql`update accounts set balance = balance + 3 where id = ${platform}::bigint`);
  await t.fund(joy, 1n);
  await check.runOnce();
  const problems = (await check.report()).problems;
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(new RegExp(`^account ${platform}: cached -?\\d+ ≠ entries -?\\d+$`));
  await t.execute(sql`update accounts set balance = balance - 3 where id = ${platform}::bigint`);
  await clearFindings();
});

it('draws a posting’s id only once its transaction holds an xid, whatever it wrote before', async () => {
  // A mark's bound is an xid assigned after reading the id sequence: it is above every id-holder's xid only if
  // each took its xid before its id. An INSERT evaluates the id's default before writing the row.
  const [column] = await queryRows<{ fallback: string }>(
    t.database.db,
    sql`select column_default as fallback from information_schema.columns
        where table_name = 'ledger_transactions' and column_name = 'id'`,
  );
  expect(column!.fallback).toContain('ledger_transaction_next_id()');
  const [drawn] = await t.database.db.transaction((tx) =>
    queryRows<{ id: string; xid: string | null }>(
      tx,
      sql`select ledger_transaction_next_id()::text as id, pg_current_xact_id_if_assigned()::text as xid`,
    ),
  );
  expect(drawn!.xid).not.toBeNull();
});
