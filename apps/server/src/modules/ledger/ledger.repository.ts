import { and, eq, or, sql } from 'drizzle-orm';
import type { Asset } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { accounts, ledgerEntries, ledgerTransactions } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;

/** Queries only: the rules (balanced, guarded, idempotent) live in ledger.service.ts. */
export const ledgerRepository = {
  async ensureAccount(
    db: Executor,
    owner: string,
    code: string,
    asset: Asset,
    allowNegative: boolean,
    now: Date,
  ): Promise<bigint> {
    const find = async () =>
      (
        await db
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.owner, owner), eq(accounts.code, code)))
      )[0]?.id;
    // Accounts almost always exist already: one read, and the insert only the first time.
    const existing = await find();
    if (existing !== undefined) return existing;
    await db
      .insert(accounts)
      .values({ owner, code, asset, allowNegative, createdAt: now })
      .onConflictDoNothing({ target: [accounts.owner, accounts.code] });
    const created = await find();
    if (created === undefined) throw new Error(`account ${owner}/${code} could not be created`);
    return created;
  },

  /** Creates the accounts that do not exist yet, in one statement. */
  async openAccounts(
    db: Executor,
    rows: { owner: string; code: string; asset: Asset; allowNegative: boolean }[],
    now: Date,
  ): Promise<void> {
    await db
      .insert(accounts)
      .values(rows.map((r) => ({ ...r, createdAt: now })))
      .onConflictDoNothing({ target: [accounts.owner, accounts.code] });
  },

  /** Ids of existing accounts, keyed `owner/code`: one read for all the legs of a posting. */
  async findAccounts(db: Executor, refs: { owner: string; code: string }[]): Promise<Map<string, bigint>> {
    const rows = await db
      .select({ id: accounts.id, owner: accounts.owner, code: accounts.code })
      .from(accounts)
      .where(or(...refs.map((r) => and(eq(accounts.owner, r.owner), eq(accounts.code, r.code)))));
    return new Map(rows.map((r) => [`${r.owner}/${r.code}`, r.id]));
  },

  /** Inserts the transaction header; null when the idempotency key was already used. */
  async insertTransaction(
    tx: Tx,
    values: { kind: string; idempotencyKey: string; actorId: string | null; memo: string | null; createdAt: Date },
  ): Promise<bigint | null> {
    const [row] = await tx
      .insert(ledgerTransactions)
      .values(values)
      .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
      .returning({ id: ledgerTransactions.id });
    return row?.id ?? null;
  },

  async findTransactionId(db: Executor, idempotencyKey: string): Promise<bigint | null> {
    const [row] = await db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
    return row?.id ?? null;
  },

  /**
   * The guarded balance move: zero rows means the account would go below zero (and is not allowed
   * to), so the caller aborts the whole transaction. Never read-then-write a balance.
   */
  async moveBalance(tx: Tx, accountId: bigint, delta: bigint): Promise<boolean> {
    const rows = await tx
      .update(accounts)
      .set({ balance: sql`${accounts.balance} + ${delta}` })
      .where(and(eq(accounts.id, accountId), sql`(${accounts.allowNegative} or ${accounts.balance} + ${delta} >= 0)`))
      .returning({ id: accounts.id });
    return rows.length === 1;
  },

  async insertEntries(tx: Tx, rows: { transactionId: bigint; accountId: bigint; asset: Asset; amount: bigint }[]) {
    await tx.insert(ledgerEntries).values(rows);
  },

  async balancesOf(db: Executor, owner: string): Promise<Map<string, bigint>> {
    const rows = await db
      .select({ code: accounts.code, balance: accounts.balance })
      .from(accounts)
      .where(eq(accounts.owner, owner));
    return new Map(rows.map((r) => [r.code, r.balance]));
  },
};
