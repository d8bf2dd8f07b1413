import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { depositAddresses, deposits, rejectedDeposits, topupRequests } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;
export type DepositRow = typeof deposits.$inferSelect;
export type RejectedDepositInsert = typeof rejectedDeposits.$inferInsert;
/** A transfer's identity on chain: one deposit or one rejection at most. */
export interface TransferKey {
  chainId: number;
  txHash: string;
  logIndex: number;
}

/** Queries only (DESIGN §2). */
export const depositsRepository = {
  async addressOf(db: Executor, userId: string) {
    const [row] = await db.select().from(depositAddresses).where(eq(depositAddresses.userId, userId));
    return row;
  },
  async ownerOf(db: Executor, address: string) {
    const [row] = await db.select().from(depositAddresses).where(eq(depositAddresses.address, address.toLowerCase()));
    return row;
  },
  /** Serialises address allocation until the transaction ends (a transaction-scoped advisory lock). */
  async lockAllocation(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('svp:deposit-address-allocation'))`);
  },
  async nextIndex(db: Executor): Promise<number> {
    const [row] = await db
      .select({ next: sql<number>`coalesce(max(${depositAddresses.derivationIndex}), -1)::int + 1` })
      .from(depositAddresses);
    return row?.next ?? 0;
  },
  async insertAddress(db: Executor, values: typeof depositAddresses.$inferInsert): Promise<boolean> {
    const rows = await db.insert(depositAddresses).values(values).onConflictDoNothing().returning();
    return rows.length === 1;
  },
  /**
   * Which of `candidates` (lower-case addresses) are deposit addresses: the watcher's one look-up per scanned
   * range, through the unique index on the address. One text parameter (no commas in an address), so any number
   * of candidates binds, on PostgreSQL and PGlite alike.
   */
  async depositAddressesAmong(db: Executor, candidates: string[]): Promise<string[]> {
    if (candidates.length === 0) return [];
    const rows = await db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(sql`${depositAddresses.address} = any(string_to_array(${candidates.join(',')}::text, ','))`);
    return rows.map((r) => r.address);
  },
  async insertTopupRequest(db: Executor, values: typeof topupRequests.$inferInsert) {
    const [row] = await db.insert(topupRequests).values(values).returning();
    return row!;
  },
  /** The user's latest top-up request, row-locked: payments for it are matched one at a time. */
  async lockLatestTopupRequest(tx: Tx, userId: string, notAfter: Date) {
    const [row] = await tx
      .select()
      .from(topupRequests)
      .where(and(eq(topupRequests.userId, userId), lte(topupRequests.createdAt, notAfter)))
      .orderBy(desc(topupRequests.createdAt))
      .limit(1)
      .for('update');
    return row;
  },
  /** Whether a payment has been matched to this request (only payments that credit something are). */
  async requestHasDeposit(db: Executor, userId: string, requestId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(and(eq(deposits.userId, userId), eq(deposits.topupRequestId, requestId)))
      .limit(1);
    return Boolean(row);
  },
  async topupRequest(db: Executor, userId: string, id: string) {
    const [row] = await db
      .select()
      .from(topupRequests)
      .where(and(eq(topupRequests.userId, userId), eq(topupRequests.id, id)));
    return row;
  },
  /** Inserts the deposit once per (chain, tx, log); null when it was seen before. */
  async insertDeposit(tx: Tx, values: typeof deposits.$inferInsert): Promise<DepositRow | null> {
    const [row] = await tx
      .insert(deposits)
      .values(values)
      .onConflictDoNothing({ target: [deposits.chainId, deposits.txHash, deposits.logIndex] })
      .returning();
    return row ?? null;
  },
  /** Whether this transfer was credited (or seen and credited nothing) already. */
  async hasDeposit(db: Executor, key: TransferKey): Promise<boolean> {
    const [row] = await db
      .select({ id: deposits.id })
      .from(deposits)
      .where(
        and(eq(deposits.chainId, key.chainId), eq(deposits.txHash, key.txHash), eq(deposits.logIndex, key.logIndex)),
      )
      .limit(1);
    return Boolean(row);
  },
  /** Whether this transfer was rejected already: a rejection is final, the watcher never credits it later. */
  async isRejected(db: Executor, key: TransferKey): Promise<boolean> {
    const [row] = await db
      .select({ id: rejectedDeposits.id })
      .from(rejectedDeposits)
      .where(
        and(
          eq(rejectedDeposits.chainId, key.chainId),
          eq(rejectedDeposits.txHash, key.txHash),
          eq(rejectedDeposits.logIndex, String(key.logIndex)),
        ),
      )
      .limit(1);
    return Boolean(row);
  },
  /** Records the rejection once per (chain, tx, log); false when it was recorded before. */
  async insertRejection(tx: Tx, values: RejectedDepositInsert): Promise<boolean> {
    const rows = await tx
      .insert(rejectedDeposits)
      .values(values)
      .onConflictDoNothing({ target: [rejectedDeposits.chainId, rejectedDeposits.txHash, rejectedDeposits.logIndex] })
      .returning({ id: rejectedDeposits.id });
    return rows.length === 1;
  },
  async setLedgerTransaction(tx: Tx, id: string, ledgerTransactionId: bigint) {
    await tx.update(deposits).set({ ledgerTransactionId }).where(eq(deposits.id, id));
  },
  async depositsSince(db: Executor, userId: string, since: Date) {
    return db
      .select()
      .from(deposits)
      .where(and(eq(deposits.userId, userId), gte(deposits.seenAt, since)))
      .orderBy(desc(deposits.seenAt));
  },
};
