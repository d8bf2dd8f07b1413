import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { usd } from '@svp/shared';
import { createClock } from '../src/clock.js';
import { queryRows, type Database } from '../src/db/client.js';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.js';
import { InsufficientFundsError } from '../src/modules/ledger/ledger.errors.js';
import { createLedger, systemAccount, userAccount, type Ledger } from '../src/modules/ledger/ledger.service.js';
import { inTransaction } from '../src/db/transaction.js';
import { createTestDatabase, onPostgres } from './helpers.js';

let database: Database;
let drop: () => Promise<void>;
let ledger: Ledger;
let n = 0;
const key = (label: string) => `${label}:${++n}`;
const owner = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  ledger = createLedger(database.db, createClock());
});
afterAll(() => drop());

/** Puts `amount` into a user's balance the way a deposit will: from the outside world's account. */
async function fund(user: string, amount: bigint) {
  await ledger.post({
    kind: 'test.deposit',
    idempotencyKey: key('deposit'),
    legs: [
      { account: systemAccount('usd.deposits'), amount: -amount },
      { account: userAccount(user, 'usd.balance'), amount },
    ],
  });
}

const balance = async (user: string, code = 'usd.balance') => (await ledger.balances(user)).get(code) ?? 0n;
const entryCount = async () =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ledger_entries`))[0]!.n;

describe('the posting function', () => {
  it('moves money between accounts and keeps every invariant', async () => {
    const ann = owner();
    await fund(ann, usd(100));
    await ledger.post({
      kind: 'test.invest',
      idempotencyKey: key('invest'),
      legs: [
        { account: userAccount(ann, 'usd.balance'), amount: -usd('12.5') },
        { account: userAccount(ann, 'usd.invested'), amount: usd('12.5') },
      ],
    });
    expect(await balance(ann)).toBe(usd('87.5'));
    expect(await balance(ann, 'usd.invested')).toBe(usd('12.5'));
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('refuses an unbalanced posting before touching the database', async () => {
    const before = await entryCount();
    await expect(
      ledger.post({
        kind: 'test.bad',
        idempotencyKey: key('bad'),
        legs: [{ account: userAccount(owner(), 'usd.balance'), amount: 1n }],
      }),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      ledger.post({
        kind: 'test.cross-asset',
        idempotencyKey: key('bad'),
        legs: [
          { account: userAccount(owner(), 'usd.balance'), amount: -1n },
          { account: userAccount(owner(), 'coin.coins'), amount: 1n },
        ],
      }),
    ).rejects.toThrow(/unbalanced/);
    expect(await entryCount()).toBe(before);
  });

  it('refuses an overdraft and writes nothing, not even the transaction header', async () => {
    const bob = owner();
    await fund(bob, usd(5));
    const before = await entryCount();
    const k = key('overdraft');
    await expect(
      ledger.post({
        kind: 'test.overdraft',
        idempotencyKey: k,
        legs: [
          { account: userAccount(bob, 'usd.balance'), amount: -usd(6) },
          { account: systemAccount('usd.payouts'), amount: usd(6) },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await balance(bob)).toBe(usd(5));
    expect(await entryCount()).toBe(before);
    const headers = await queryRows(database.db, sql`select 1 from ledger_transactions where idempotency_key = ${k}`);
    expect(headers).toHaveLength(0);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('posts an idempotency key once, however often it is sent', async () => {
    const cat = owner();
    const posting = {
      kind: 'test.bonus',
      idempotencyKey: key('bonus'),
      legs: [
        { account: systemAccount('usd.platform'), amount: -usd(1) },
        { account: userAccount(cat, 'usd.earnings'), amount: usd(1) },
      ],
    };
    const first = await ledger.post(posting);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => ledger.post(posting)));
    expect(first.posted).toBe(true);
    expect(results.every((r) => !r.posted && r.transactionId === first.transactionId)).toBe(true);
    expect(await balance(cat, 'usd.earnings')).toBe(usd(1));
  });

  it('counts entries per account with the balance, so a statement is named by its accounts alone', async () => {
    const hal = owner();
    await fund(hal, usd(4));
    await fund(hal, usd(6));
    const [row] = await queryRows<{ entry_count: string }>(
      database.db,
      sql`select entry_count::text from accounts where owner = ${hal} and code = 'usd.balance'`,
    );
    expect(row!.entry_count).toBe('2');
    await database.db.execute(sql`update accounts set entry_count = entry_count + 1 where owner = ${hal}`);
    const report = await checkLedgerInvariants(database.db);
    expect(report.ok).toBe(false);
    expect(report.entryCountMismatches).toHaveLength(1);
    await database.db.execute(sql`update accounts set entry_count = entry_count - 1 where owner = ${hal}`);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('the database itself refuses a posting that is unbalanced, overdrawn or mislabelled, whoever calls it', async () => {
    const ivy = owner();
    await ledger.openUserAccounts(database.db, ivy);
    await fund(ivy, usd(2));
    const before = await entryCount();
    // Straight to ledger_post, past the service's own checks: as a buggy caller or a console would.
    const call = (k: string, owners: string[], codes: string[], assets: string[], amounts: string[]) =>
      database.db
        .execute(
          sql`select * from ledger_post('test.direct', ${k}, null, null, now(), ${`{${owners.join(',')}}`}::text[],
          ${`{${codes.join(',')}}`}::text[], ${`{${assets.join(',')}}`}::text[], ${`{${amounts.join(',')}}`}::bigint[],
          ${`{${owners.map(() => 'f').join(',')}}`}::boolean[], null, null, null, false)`,
        )
        // drizzle wraps the database's error; the reason is in its cause.
        .catch((error: { cause?: Error }) => Promise.reject(error.cause ?? error));
    await expect(call(key('direct'), [ivy], ['usd.balance'], ['USD'], ['5'])).rejects.toThrow(/unbalanced/);
    await expect(
      call(key('direct'), [ivy, ivy], ['usd.balance', 'usd.earnings'], ['USD', 'USD'], ['-3000000', '3000000']),
    ).rejects.toThrow(/insufficient funds/);
    await expect(
      call(key('direct'), [ivy, ivy], ['coin.coins', 'usd.balance'], ['USD', 'USD'], ['1', '-1']),
    ).rejects.toThrow(/holds COIN, not USD/);
    // Legs out of the one lock order (or naming an account twice) could deadlock a crossing posting.
    await expect(
      call(key('direct'), [ivy, ivy], ['usd.earnings', 'usd.balance'], ['USD', 'USD'], ['1', '-1']),
    ).rejects.toThrow(/not in \(owner, code\) order/);
    await expect(
      call(key('direct'), [ivy, ivy], ['usd.balance', 'usd.balance'], ['USD', 'USD'], ['1', '-1']),
    ).rejects.toThrow(/repeat an account/);
    // A fresh owner's account is opened on first use, but only with the asset its code has elsewhere.
    await expect(
      call(key('direct'), [ivy, owner()], ['usd.balance', 'coin.coins'], ['USD', 'USD'], ['-1', '1']),
    ).rejects.toThrow(/holds COIN, not USD/);
    await expect(call(key('direct'), [], [], [], [])).rejects.toThrow(/no legs/);
    expect(await entryCount()).toBe(before);
    expect(await balance(ivy)).toBe(usd(2));
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('detects a tampered cached balance in the invariant report', async () => {
    const dan = owner();
    await fund(dan, usd(3));
    await database.db.execute(sql`update accounts set balance = balance + 1 where owner = ${dan}`);
    const report = await checkLedgerInvariants(database.db);
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches).toHaveLength(1);
    await database.db.execute(sql`update accounts set balance = balance - 1 where owner = ${dan}`);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});

describe('concurrency (real PostgreSQL with DATABASE_URL; serialized on PGlite)', () => {
  it('lets exactly the affordable number of 50 concurrent debits succeed', async () => {
    const eve = owner();
    await fund(eve, usd(100));
    const attempts = Array.from({ length: 50 }, (_, i) =>
      ledger
        .post({
          kind: 'test.withdraw',
          idempotencyKey: key(`withdraw-${i}`),
          legs: [
            { account: userAccount(eve, 'usd.balance'), amount: -usd(7) },
            { account: userAccount(eve, 'usd.withdrawal_pending'), amount: usd(7) },
          ],
        })
        .then(
          () => 'ok' as const,
          (error: unknown) => {
            if (error instanceof InsufficientFundsError) return 'insufficient' as const;
            throw error;
          },
        ),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r === 'ok')).toHaveLength(14); // floor(100 / 7)
    expect(results.filter((r) => r === 'insufficient')).toHaveLength(36);
    expect(await balance(eve)).toBe(usd(2));
    expect(await balance(eve, 'usd.withdrawal_pending')).toBe(usd(98));
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('never deadlocks or loses money on 40 crossing transfers A→B and B→A', async () => {
    const a = owner();
    const b = owner();
    await fund(a, usd(50));
    await fund(b, usd(50));
    const transfers = Array.from({ length: 40 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      return ledger
        .post({
          kind: 'test.transfer',
          idempotencyKey: key(`transfer-${i}`),
          legs: [
            { account: userAccount(from, 'usd.balance'), amount: -usd(3) },
            { account: userAccount(to, 'usd.balance'), amount: usd(3) },
          ],
        })
        .then(() => true);
    });
    expect((await Promise.all(transfers)).every(Boolean)).toBe(true);
    expect((await balance(a)) + (await balance(b))).toBe(usd(100));
    expect(await balance(a)).toBe(usd(50));
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });

  it('posts one of 30 concurrent copies of the same idempotency key', async () => {
    const fay = owner();
    await fund(fay, usd(10));
    const posting = {
      kind: 'test.same-key',
      idempotencyKey: key('same'),
      legs: [
        { account: userAccount(fay, 'usd.balance'), amount: -usd(1) },
        { account: systemAccount('usd.payouts'), amount: usd(1) },
      ],
    };
    const results = await Promise.all(Array.from({ length: 30 }, () => ledger.post(posting)));
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(await balance(fay)).toBe(usd(9));
  });
});

describe('several postings in one transaction', () => {
  /** A yield settlement then a sale (platform → user, then user → treasury and platform → user). */
  const settleThenSell = (user: string, k: string) =>
    inTransaction(database.db, async (tx) => {
      await ledger.postIn(tx, {
        kind: 'test.yield',
        idempotencyKey: `${k}:yield`,
        legs: [
          { account: systemAccount('usd.platform'), amount: -1n },
          { account: userAccount(user, 'usd.staking_earned'), amount: 1n },
        ],
      });
      await ledger.postIn(tx, {
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
    ledger.post({
      kind: 'test.buy',
      idempotencyKey: k,
      legs: [
        { account: userAccount(user, 'usd.fund'), amount: -10n },
        { account: systemAccount('usd.platform'), amount: 10n },
        { account: systemAccount('svp.treasury'), amount: -1n },
        { account: userAccount(user, 'svp.wallet'), amount: 1n },
      ],
    });

  it('moves the shared platform accounts last, in one order: sales after settlements and purchases never deadlock', async () => {
    const sellers = Array.from({ length: 8 }, () => owner());
    const buyers = Array.from({ length: 8 }, () => owner());
    for (const u of [...sellers, ...buyers]) await ledger.openUserAccounts(database.db, u);
    for (const u of sellers) {
      await ledger.post({
        kind: 'test.tokens',
        idempotencyKey: key('tokens'),
        legs: [
          { account: systemAccount('svp.treasury'), amount: -100n },
          { account: userAccount(u, 'svp.wallet'), amount: 100n },
        ],
      });
    }
    for (const u of buyers) {
      await ledger.post({
        kind: 'test.fund',
        idempotencyKey: key('fund'),
        legs: [
          { account: systemAccount('usd.deposits'), amount: -100n },
          { account: userAccount(u, 'usd.fund'), amount: 100n },
        ],
      });
    }
    const deadlocks = async () =>
      onPostgres
        ? Number(
            (
              await queryRows<{ n: string }>(
                database.db,
                sql`select pg_stat_clear_snapshot(), (select deadlocks::text from pg_stat_database
                    where datname = current_database()) as n`,
              )
            )[0]!.n,
          )
        : 0;
    const before = await deadlocks();
    const before$ = await balance('system', 'usd.platform');
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        ...sellers.map((u) => settleThenSell(u, key('sts'))),
        ...buyers.map((u) => buy(u, key('buy'))),
      ]);
    }
    // Every seller: +1 yield, +10 for the sale; every buyer: 10 back to the platform. Five rounds.
    expect((await balance('system', 'usd.platform')) - before$).toBe(5n * (8n * -11n + 8n * 10n));
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
    if (onPostgres) {
      await new Promise((resolve) => setTimeout(resolve, 1_100)); // deadlock counts reach the statistics late
      expect(await deadlocks()).toBe(before);
    }
  });

  it('applies deferred platform moves only for postings written by the same database transaction', async () => {
    const kay = owner();
    await fund(kay, usd(1));
    const [{ id }] = (await queryRows<{ id: string }>(
      database.db,
      sql`select id::text from ledger_transactions order by id desc limit 1`,
    )) as [{ id: string }];
    await expect(
      database.db
        .execute(sql`select ledger_apply_deferred(${`{${id}}`}::bigint[])`)
        .catch((error: { cause?: Error }) => Promise.reject(error.cause ?? error)),
    ).rejects.toThrow(/written by this database transaction/);
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});

describe('immutability', () => {
  it('refuses to update or delete ledger entries and transactions', async () => {
    const gus = owner();
    await fund(gus, usd(1));
    await expect(database.db.execute(sql`update ledger_entries set amount = amount * 2`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    expect((await checkLedgerInvariants(database.db)).ok).toBe(true);
  });
});
