/** A fresh database with the ledger alone (no app): the ledger tests' common ground. */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createClock } from '../../src/clock.js';
import { queryRows } from '../../src/db/client.js';
import { accountsWhereCheckTotalsDiffer } from '../../src/modules/ledger/invariants.js';
import { createLedgerCheck } from '../../src/modules/ledger/ledger-check.js';
import { createLedger, systemAccount, userAccount } from '../../src/modules/ledger/ledger.service.js';
import { createTestDatabase, SETTLE_WAIT_IN_TESTS_MS } from '../helpers.js';

export async function ledgerFixture() {
  const { database, drop } = await createTestDatabase();
  const ledger = createLedger(database.db, createClock());
  // As the app does at start-up: the platform's accounts exist before anything posts to them.
  await ledger.openSystemAccounts();
  let n = 0;
  const key = (label: string) => `${label}:${++n}`;
  const owner = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

  return {
    database,
    drop,
    ledger,
    key,
    owner,
    /** Puts `amount` into a user's account the way a deposit does: from the outside world's account. */
    async fund(user: string, amount: bigint, code: 'usd.balance' | 'usd.fund' = 'usd.balance') {
      await ledger.post({
        kind: 'test.deposit',
        idempotencyKey: key('deposit'),
        legs: [
          { account: systemAccount('usd.deposits'), amount: -amount },
          { account: userAccount(user, code), amount },
        ],
      });
    },
    /** Takes `amount` from a user's balance as a platform fee: a posting with a platform leg (the roll-up's). */
    async fee(user: string, amount: bigint) {
      await ledger.post({
        kind: 'test.fee',
        idempotencyKey: key('fee'),
        legs: [
          { account: userAccount(user, 'usd.balance'), amount: -amount },
          { account: systemAccount('usd.platform'), amount },
        ],
      });
    },
    balance: async (user: string, code = 'usd.balance') => (await ledger.balances(user)).get(code) ?? 0n,
    entryCount: async () =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from ledger_entries`))[0]!.n,
    /** An incremental ledger check on this database, as an app process runs one (each call: another process). */
    /** A ledger check whose passes wait for their mark to settle as long as a test may. */
    newLedgerCheck: () => {
      const check = createLedgerCheck({ db: database.db, log: pino({ level: 'silent' }) });
      return { ...check, runOnce: (options = { settleWaitMs: SETTLE_WAIT_IN_TESTS_MS }) => check.runOnce(options) };
    },
    /** The newest ledger transaction's id ('0' before any). */
    lastTransactionId: async () =>
      (
        await queryRows<{ id: string }>(
          database.db,
          sql`select coalesce(max(id), 0)::text as id from ledger_transactions`,
        )
      )[0]!.id,
    /** The verified totals of every account, as the ledger check keeps them, against the full sums of their entries. */
    checkTotalsMatchEntries: async () => (await accountsWhereCheckTotalsDiffer(database.db)).length === 0,
    /** Runs a statement, unwrapping drizzle's error so a test can read the database's own message. */
    execute: (query: ReturnType<typeof sql>) =>
      database.db.execute(query).catch((error: { cause?: Error }) => Promise.reject(error.cause ?? error)),
  };
}
