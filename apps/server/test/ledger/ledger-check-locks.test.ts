import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { onPostgres } from '../helpers.js';
import { ledgerFixture } from './ledger-fixture.js';

// What a pass of the incremental ledger check holds while it runs (sql/functions/ledger/ledger_check_verify.sql, ADR
// 0033).
let t: Awaited<ReturnType<typeof ledgerFixture>>;
let check: ReturnType<typeof t.newLedgerCheck>;
beforeAll(async () => {
  t = await ledgerFixture();
  check = t.newLedgerCheck();
});
afterAll(() => t.drop());

it('holds the users’ accounts its window moved until it commits, never the platform’s: their postings go on', async () => {
  const [kit, lee] = [t.owner(), t.owner()];
  await t.fund(kit, 100n);
  await t.fund(lee, 100n);
  await check.runOnce();
  // The next window moves kit's balance and two platform accounts: usd.platform and usd.deposits.
  await t.fee(kit, 5n);
  await t.fund(kit, 10n);
  if (onPostgres) {
    await t.execute(sql`select ledger_check_mark()`);
    const pass = await t.database.pool!.connect();
    const deadline = Date.now() + 10_000;
    const before = async <T>(what: string, wait: () => Promise<T>) => {
      if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
      return wait();
    };
    let kitPays: Promise<unknown> | undefined;
    const started: Promise<void>[] = []; // settled before the test ends, whatever happens
    try {
      const passPid = (await pass.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      await pass.query('begin');
      // The pass, retried until its mark has settled (at most 5 s), left open: it holds its locks until the
      // commit below.
      await pass.query(`do $$ begin
          for i in 1..500 loop
            exit when (select o_taken from ledger_check_verify(10000)) > 0;
            if i = 500 then raise exception 'the mark never settled'; end if;
            perform pg_sleep(0.01);
          end loop;
        end $$`);
      // Postings to the platform's accounts the window moved land at once (an entry's foreign key takes only a
      // key-share lock on its account): a deposit (usd.deposits) and a fee (usd.platform) for another user.
      const atOnce = (posting: Promise<void>) => {
        started.push(posting);
        return Promise.race([
          posting,
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('a platform posting waited for the pass')), 3000),
          ),
        ]);
      };
      await atOnce(t.fund(lee, 50n));
      await atOnce(t.fee(lee, 5n));
      // kit's own account waits for the pass: a backend blocked by the pass's own.
      let settled = false;
      kitPays = t.fee(kit, 1n).finally(() => (settled = true));
      const blockedByPass = async () =>
        (
          await queryRows<{ n: number }>(
            t.database.db,
            sql`select count(*)::int as n from pg_stat_activity
                where ${passPid}::int = any (pg_blocking_pids(pid))`,
          )
        )[0]!.n > 0;
      while (!(await before('kit’s posting to wait for the pass', blockedByPass)))
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(settled).toBe(false);
      await pass.query('commit');
      await kitPays;
    } finally {
      await pass.query('rollback').catch(() => undefined);
      pass.release();
      await Promise.allSettled([kitPays, ...started]);
    }
  } else {
    await t.fund(lee, 50n);
    await t.fee(lee, 5n);
    await t.fee(kit, 1n);
  }
  expect(await t.balance(kit)).toBe(104n);
  expect(await t.balance(lee)).toBe(145n);
  await check.runOnce();
  expect(await check.report()).toMatchObject({ ok: true, verifiedThrough: await t.lastTransactionId() });
  expect(await t.checkTotalsMatchEntries()).toBe(true);
});
