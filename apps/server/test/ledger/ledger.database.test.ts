import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { usd } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { inTransaction } from '../../src/db/transaction.js';
import { ledgerRepository } from '../../src/modules/ledger/ledger.repository.js';
import { systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import { onPostgres, expectLedgerConsistent } from '../helpers.js';
import { ledgerFixture } from './ledger-fixture.js';

let t: Awaited<ReturnType<typeof ledgerFixture>>;
beforeAll(async () => {
  t = await ledgerFixture();
});
afterAll(() => t.drop());

const arr = (items: string[]) => `{${items.join(',')}}`;

/** Straight to ledger_post, past the service's own checks: as a buggy caller or a console would. */
function direct(legs: { owner: string; code: string; asset: string; amount: string; platform?: boolean }[]) {
  return t.execute(
    sql`select * from ledger_post('test.direct', ${t.key('direct')}, null, null, now(),
      ${arr(legs.map((l) => l.owner))}::text[], ${arr(legs.map((l) => l.code))}::text[],
      ${arr(legs.map((l) => l.asset))}::text[], ${arr(legs.map((l) => l.amount))}::bigint[],
      ${arr(legs.map((l) => (l.platform ? 't' : 'f')))}::boolean[], null, null, null)`,
  );
}

describe('ledger_post refuses what the service would never send', () => {
  it('refuses a posting that is unbalanced, overdrawn, mislabelled or out of order, and writes nothing', async () => {
    const ivy = t.owner();
    await t.ledger.openUserAccounts(t.database.db, ivy);
    await t.fund(ivy, usd(2));
    const before = await t.entryCount();
    const leg = (code: string, asset: string, amount: string, owner = ivy) => ({ owner, code, asset, amount });
    await expect(direct([leg('usd.balance', 'USD', '5')])).rejects.toThrow(/unbalanced/);
    await expect(
      direct([leg('usd.balance', 'USD', '-3000000'), leg('usd.earnings', 'USD', '3000000')]),
    ).rejects.toThrow(/insufficient funds/);
    await expect(direct([leg('coin.coins', 'USD', '1'), leg('usd.balance', 'USD', '-1')])).rejects.toThrow(
      /holds COIN, not USD/,
    );
    // Legs out of the one lock order (or naming an account twice) could deadlock a crossing posting.
    await expect(direct([leg('usd.earnings', 'USD', '1'), leg('usd.balance', 'USD', '-1')])).rejects.toThrow(
      /not in \(owner, code\) order/,
    );
    await expect(direct([leg('usd.balance', 'USD', '1'), leg('usd.balance', 'USD', '-1')])).rejects.toThrow(
      /repeat an account/,
    );
    // A fresh owner's account is opened on first use, but only with the asset its code has elsewhere.
    await expect(direct([leg('usd.balance', 'USD', '-1'), leg('coin.coins', 'USD', '1', t.owner())])).rejects.toThrow(
      /holds COIN, not USD/,
    );
    await expect(direct([])).rejects.toThrow(/no legs/);
    expect(await t.entryCount()).toBe(before);
    expect(await t.balance(ivy)).toBe(usd(2));
    await expectLedgerConsistent(t);
  });

  it('never opens an account that may go negative: platform accounts exist from start-up, user accounts are guarded', async () => {
    const jon = t.owner();
    await t.fund(jon, usd(1));
    const before = await t.entryCount();
    // A caller claiming a user's new account may go negative gets nothing opened, let alone overdrawn.
    await expect(
      direct([
        { owner: jon, code: 'usd.balance', asset: 'USD', amount: '100' },
        { owner: t.owner(), code: 'usd.fund', asset: 'USD', amount: '-100', platform: true },
      ]),
    ).rejects.toThrow(/does not exist \(opened at start-up\)/);
    // Opened without that claim, the new account is guarded like any user's: no overdraft.
    await expect(
      direct([
        { owner: jon, code: 'usd.balance', asset: 'USD', amount: '100' },
        { owner: t.owner(), code: 'usd.fund', asset: 'USD', amount: '-100' },
      ]),
    ).rejects.toThrow(/insufficient funds/);
    // A platform account that does not exist is refused as well.
    await expect(
      direct([
        { owner: jon, code: 'usd.balance', asset: 'USD', amount: '1' },
        { owner: 'system', code: 'usd.nonexistent', asset: 'USD', amount: '-1', platform: true },
      ]),
    ).rejects.toThrow(/does not exist/);
    expect(await t.entryCount()).toBe(before);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from accounts where allow_negative and owner <> 'system'`,
    );
    expect(row!.n).toBe(0);
    await expectLedgerConsistent(t);
  });
});

describe('several postings in one transaction', () => {
  /** A yield settlement then a sale (platform → user, then user → treasury and platform → user). */
  const settleThenSell = (user: string, k: string) =>
    inTransaction(t.database.db, async (tx) => {
      await t.ledger.postIn(tx, {
        kind: 'test.yield',
        idempotencyKey: `${k}:yield`,
        legs: [
          { account: systemAccount('usd.platform'), amount: -1n },
          { account: userAccount(user, 'usd.staking_earned'), amount: 1n },
        ],
      });
      await t.ledger.postIn(tx, {
        kind: 'test.sell',
        idempotencyKey: `${k}:sell`,
        legs: [
          { account: userAccount(user, 'svp.wallet'), amount: -1n },
          { account: systemAccount('svp.treasury'), amount: 1n },
          { account: systemAccount('usd.platform'), amount: -10n },
          { account: userAccount(user, 'usd.fund'), amount: 10n },
        ],
      });
    });
  /** A purchase on its own: treasury → user, user → platform (treasury locked before platform). */
  const buy = (user: string, k: string) =>
    t.ledger.post({
      kind: 'test.buy',
      idempotencyKey: k,
      legs: [
        { account: userAccount(user, 'usd.fund'), amount: -10n },
        { account: systemAccount('usd.platform'), amount: 10n },
        { account: systemAccount('svp.treasury'), amount: -1n },
        { account: userAccount(user, 'svp.wallet'), amount: 1n },
      ],
    });
  const giveTokens = (user: string, tokens: bigint) =>
    t.ledger.post({
      kind: 'test.tokens',
      idempotencyKey: t.key('tokens'),
      legs: [
        { account: systemAccount('svp.treasury'), amount: -tokens },
        { account: userAccount(user, 'svp.wallet'), amount: tokens },
      ],
    });
  const platform = () => t.balance('system', 'usd.platform');
  /** The platform row itself: its cached balance and entry count, before anything waiting is added. */
  const platformRow = async () => {
    const [row] = await queryRows<{ balance: string; n: string }>(
      t.database.db,
      sql`select balance::text as balance, entry_count::text as n from accounts
          where owner = 'system' and code = 'usd.platform'`,
    );
    return { balance: BigInt(row!.balance), entries: Number(row!.n) };
  };
  const rollUp = () => ledgerRepository.rollUpPlatform(t.database.db, 5_000);

  it('moves the platform accounts by exactly what the postings wrote, once: seen at commit, cached by the roll-up; nothing on a rollback', async () => {
    const lee = t.owner();
    await t.ledger.openUserAccounts(t.database.db, lee);
    await giveTokens(lee, 10n);
    await rollUp();
    const [before, cachedBefore] = [await platform(), await platformRow()];
    await settleThenSell(lee, t.key('sts'));
    // Seen from outside the transaction, right after its commit: both postings' platform legs, once; the shared
    // row itself was not touched (ADR 0030), and the invariants count what waits.
    expect((await platform()) - before).toBe(-11n);
    expect(await platformRow()).toEqual(cachedBefore);
    await expectLedgerConsistent(t);
    // The roll-up adds the two entries to the row, once: a second pass finds nothing.
    expect(await rollUp()).toBe(2);
    expect(await rollUp()).toBe(0);
    expect(await platformRow()).toEqual({ balance: cachedBefore.balance - 11n, entries: cachedBefore.entries + 2 });
    expect((await platform()) - before).toBe(-11n);
    await expectLedgerConsistent(t);
    // A transaction that fails after posting leaves no posting and nothing waiting behind.
    await expect(
      inTransaction(t.database.db, async (tx) => {
        await t.ledger.postIn(tx, {
          kind: 'test.yield',
          idempotencyKey: t.key('rolled-back'),
          legs: [
            { account: systemAccount('usd.platform'), amount: -5n },
            { account: userAccount(lee, 'usd.staking_earned'), amount: 5n },
          ],
        });
        throw new Error('the business rule that follows refuses');
      }),
    ).rejects.toThrow(/refuses/);
    expect((await platform()) - before).toBe(-11n);
    expect(await rollUp()).toBe(0);
    await settleThenSell(lee, t.key('sts'));
    expect((await platform()) - before).toBe(-22n);
    await expectLedgerConsistent(t);
  });

  it('leaves a platform leg its caller did not mark to the roll-up too: the shared row is never moved twice', async () => {
    const kim = t.owner();
    await t.fund(kim, 7n);
    await rollUp();
    const [before, cachedBefore] = [await platform(), await platformRow()];
    await direct(
      [
        { owner: 'system', code: 'usd.platform', asset: 'USD', amount: '7' },
        { owner: kim, code: 'usd.balance', asset: 'USD', amount: '-7' },
      ].sort((a, b) => (a.owner < b.owner ? -1 : 1)),
    );
    expect(await platformRow()).toEqual(cachedBefore);
    expect((await platform()) - before).toBe(7n);
    expect(await rollUp()).toBe(1);
    expect(await platformRow()).toEqual({ balance: cachedBefore.balance + 7n, entries: cachedBefore.entries + 1 });
    expect((await platform()) - before).toBe(7n);
    await expectLedgerConsistent(t);
  });

  it('keeps every balance exact while postings and roll-ups run at once', async () => {
    const users = Array.from({ length: 8 }, () => t.owner());
    for (const u of users) await t.fund(u, 1_000n);
    await rollUp();
    const before = await platform();
    let posting = true;
    const rollingUp = (async () => {
      let n = 0;
      while (posting) n += await rollUp();
      return n + (await rollUp());
    })();
    await Promise.all(
      users.map(async (u) => {
        let seen = 0n;
        for (let i = 0; i < 20; i++) {
          await t.fee(u, 1n);
          // A reader in between sees every committed posting once: never less than before, never more than all.
          const now = (await platform()) - before;
          expect(now).toBeGreaterThanOrEqual(seen + 1n);
          expect(now).toBeLessThanOrEqual(160n);
          seen = now;
        }
      }),
    );
    posting = false;
    expect(await rollingUp).toBeGreaterThanOrEqual(1);
    expect((await platform()) - before).toBe(160n);
    expect((await platformRow()).balance - before).toBe(160n);
    await expectLedgerConsistent(t);
  });

  it('takes the shared platform rows last and in one order: sales after settlements and purchases never deadlock', async () => {
    const sellers = Array.from({ length: 8 }, () => t.owner());
    const buyers = Array.from({ length: 8 }, () => t.owner());
    for (const u of [...sellers, ...buyers]) await t.ledger.openUserAccounts(t.database.db, u);
    for (const u of sellers) await giveTokens(u, 100n);
    for (const u of buyers) await t.fund(u, 100n, 'usd.fund');
    const deadlocks = async () =>
      onPostgres
        ? Number(
            (
              await queryRows<{ n: string }>(
                t.database.db,
                sql`select pg_stat_clear_snapshot(), (select deadlocks::text from pg_stat_database
                    where datname = current_database()) as n`,
              )
            )[0]!.n,
          )
        : 0;
    const before = await deadlocks();
    const before$ = await platform();
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        ...sellers.map((u) => settleThenSell(u, t.key('sts'))),
        ...buyers.map((u) => buy(u, t.key('buy'))),
      ]);
    }
    // Every seller: 1 yield and 10 for the sale out of the platform; every buyer: 10 back in. Five rounds.
    expect((await platform()) - before$).toBe(5n * (8n * -11n + 8n * 10n));
    await expectLedgerConsistent(t);
    if (onPostgres) {
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // deadlock counts reach the statistics late
      expect(await deadlocks()).toBe(before);
    }
  });
});
