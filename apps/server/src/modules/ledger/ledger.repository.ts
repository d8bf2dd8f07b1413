import { and, eq, sql } from 'drizzle-orm';
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
    await db
      .insert(accounts)
      .values({ owner, code, asset, allowNegative, createdAt: now })
      .onConflictDoNothing({ target: [accounts.owner, accounts.code] });
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.owner, owner), eq(accounts.code, code)));
    if (!row) throw new Error(`account ${owner}/${code} could not be created`);
    return row.id;
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
