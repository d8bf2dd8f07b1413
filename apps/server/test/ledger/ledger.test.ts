import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { usd } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.js';
import { InsufficientFundsError } from '../../src/modules/ledger/ledger.errors.js';
import { systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import { expectLedgerConsistent } from '../helpers.js';
import { ledgerFixture } from './ledger-fixture.js';

let t: Awaited<ReturnType<typeof ledgerFixture>>;
beforeAll(async () => {
  t = await ledgerFixture();
});
afterAll(() => t.drop());

const key = (label: string) => t.key(label);
const owner = () => t.owner();
const fund = (user: string, amount: bigint) => t.fund(user, amount);
const balance = (user: string, code?: string) => t.balance(user, code);
const entryCount = () => t.entryCount();

describe('the posting function', () => {
  it('moves money between accounts and keeps every invariant', async () => {
    const ann = owner();
    await fund(ann, usd(100));
    await t.ledger.post({
      kind: 'test.invest',
      idempotencyKey: key('invest'),
      legs: [
        { account: userAccount(ann, 'usd.balance'), amount: -usd('12.5') },
        { account: userAccount(ann, 'usd.invested'), amount: usd('12.5') },
      ],
    });
    expect(await balance(ann)).toBe(usd('87.5'));
    expect(await balance(ann, 'usd.invested')).toBe(usd('12.5'));
    await expectLedgerConsistent(t);
  });

  it('refuses an unbalanced posting before touching the database', async () => {
    const before = await entryCount();
    await expect(
      t.ledger.post({
        kind: 'test.bad',
        idempotencyKey: key('bad'),
        legs: [{ account: userAccount(owner(), 'usd.balance'), amount: 1n }],
      }),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      t.ledger.post({
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
      t.ledger.post({
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
    const headers = await queryRows(t.database.db, sql`select 1 from ledger_transactions where idempotency_key = ${k}`);
    expect(headers).toHaveLength(0);
    await expectLedgerConsistent(t);
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
    const first = await t.ledger.post(posting);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => t.ledger.post(posting)));
    expect(first.posted).toBe(true);
    expect(results.every((r) => !r.posted && r.transactionId === first.transactionId)).toBe(true);
    expect(await balance(cat, 'usd.earnings')).toBe(usd(1));
  });

  it('counts entries per account with the balance, so a statement is named by its accounts alone', async () => {
    const hal = owner();
    await fund(hal, usd(4));
    await fund(hal, usd(6));
    const [row] = await queryRows<{ entry_count: string }>(
      t.database.db,
      sql`select entry_count::text from accounts where owner = ${hal} and code = 'usd.balance'`,
    );
    expect(row!.entry_count).toBe('2');
    await t.database.db.execute(sql`update accounts set entry_count = entry_count + 1 where owner = ${hal}`);
    const report = await checkLedgerInvariants(t.database.db);
    expect(report.ok).toBe(false);
    expect(report.entryCountMismatches).toHaveLength(1);
    await t.database.db.execute(sql`update accounts set entry_count = entry_count - 1 where owner = ${hal}`);
    await expectLedgerConsistent(t);
  });

  it('detects a tampered cached balance in the invariant report', async () => {
    const dan = owner();
    await fund(dan, usd(3));
    await t.database.db.execute(sql`update accounts set balance = balance + 1 where owner = ${dan}`);
    const report = await checkLedgerInvariants(t.database.db);
    expect(report.ok).toBe(false);
    expect(report.balanceMismatches).toHaveLength(1);
    await t.database.db.execute(sql`update accounts set balance = balance - 1 where owner = ${dan}`);
    await expectLedgerConsistent(t);
  });
});

describe('concurrency (real PostgreSQL with DATABASE_URL; serialized on PGlite)', () => {
  it('lets exactly the affordable number of 50 concurrent debits succeed', async () => {
    const eve = owner();
    await fund(eve, usd(100));
    const attempts = Array.from({ length: 50 }, (_, i) =>
      t.ledger
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
    await expectLedgerConsistent(t);
  });

  it('never deadlocks or loses money on 40 crossing transfers A→B and B→A', async () => {
    const a = owner();
    const b = owner();
    await fund(a, usd(50));
    await fund(b, usd(50));
    const transfers = Array.from({ length: 40 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
      return t.ledger
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
    await expectLedgerConsistent(t);
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
    const results = await Promise.all(Array.from({ length: 30 }, () => t.ledger.post(posting)));
    expect(results.filter((r) => r.posted)).toHaveLength(1);
    expect(await balance(fay)).toBe(usd(9));
  });
});

describe('immutability', () => {
  it('refuses to update or delete ledger entries and transactions', async () => {
    const gus = owner();
    await fund(gus, usd(1));
    await expect(t.database.db.execute(sql`update ledger_entries set amount = amount * 2`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    await expectLedgerConsistent(t);
  });
});
