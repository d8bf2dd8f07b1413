import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { treasurySteps, treasuryTransfers, users, withdrawals } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type TreasuryTransferRow = typeof treasuryTransfers.$inferInsert;

/** A payout step the treasury has signed or sent and the chain has not settled (confirmed or dropped). */
const sendingHash = sql<string | null>`(
  select ${treasurySteps.txHash} from ${treasurySteps}
  where ${treasurySteps.withdrawalId} = ${withdrawals.id} and ${treasurySteps.kind} = 'payout'
    and ${treasurySteps.status} in ('signed', 'sent')
  limit 1)`;

export const withdrawalsRepository = {
  async insert(tx: Tx, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
    const [row] = await tx.insert(withdrawals).values(values).returning();
    return row!;
  },
  listForUser: (db: Executor, userId: string) =>
    db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(desc(withdrawals.requestedAt)),
  /** The admin's queue: pending and approved withdrawals, the soonest due first, with any payout in flight. */
  queue: (db: Executor) =>
    db
      .select({ withdrawal: withdrawals, email: users.email, username: users.username, sendingTxHash: sendingHash })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(inArray(withdrawals.status, ['pending', 'approved']))
      .orderBy(asc(withdrawals.dueAt)),
  /** Locks one withdrawal for a decision; later statements of the transaction see what others committed. */
  async lock(tx: Tx, id: string): Promise<WithdrawalRow | undefined> {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    return row;
  },
  /** Whether the treasury has a payout for it that the chain has not dropped (signed, sent or confirmed). */
  async hasLivePayout(tx: Tx, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: treasurySteps.id })
      .from(treasurySteps)
      .where(
        and(
          eq(treasurySteps.withdrawalId, id),
          eq(treasurySteps.kind, 'payout'),
          sql`${treasurySteps.status} <> 'dropped'`,
        ),
      )
      .limit(1);
    return row !== undefined;
  },
  async update(
    tx: Tx,
    id: string,
    from: WithdrawalRow['status'],
    change: Partial<typeof withdrawals.$inferInsert>,
  ): Promise<WithdrawalRow | null> {
    const [row] = await tx
      .update(withdrawals)
      .set(change)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
      .returning();
    return row ?? null;
  },

  // ---- Payouts seen on chain (DESIGN D16) ----

  /** Records a transfer out of the treasury once; false when it was recorded before. */
  async recordTransfer(tx: Tx, row: TreasuryTransferRow): Promise<boolean> {
    const inserted = await tx
      .insert(treasuryTransfers)
      .values(row)
      .onConflictDoNothing()
      .returning({ txHash: treasuryTransfers.txHash });
    return inserted.length > 0;
  },
  async findTransfer(tx: Executor, chainId: number, txHash: string, logIndex: number) {
    const [row] = await tx
      .select()
      .from(treasuryTransfers)
      .where(
        and(
          eq(treasuryTransfers.chainId, chainId),
          eq(treasuryTransfers.txHash, txHash),
          eq(treasuryTransfers.logIndex, logIndex),
        ),
      );
    return row;
  },
  async linkTransfer(tx: Tx, key: { chainId: number; txHash: string; logIndex: number }, withdrawalId: string) {
    await tx
      .update(treasuryTransfers)
      .set({ withdrawalId })
      .where(
        and(
          eq(treasuryTransfers.chainId, key.chainId),
          eq(treasuryTransfers.txHash, key.txHash),
          eq(treasuryTransfers.logIndex, key.logIndex),
        ),
      );
  },
  /** The withdrawal the treasury command sent this transaction for, if it did. */
  async stepWithdrawal(tx: Tx, chainId: number, txHash: string): Promise<string | null> {
    const [row] = await tx
      .select({ withdrawalId: treasurySteps.withdrawalId })
      .from(treasurySteps)
      .where(
        and(eq(treasurySteps.chainId, chainId), eq(treasurySteps.txHash, txHash), eq(treasurySteps.kind, 'payout')),
      );
    return row?.withdrawalId ?? null;
  },
  async confirmStep(tx: Tx, chainId: number, txHash: string, at: Date) {
    await tx
      .update(treasurySteps)
      .set({ status: 'confirmed', updatedAt: at })
      .where(and(eq(treasurySteps.chainId, chainId), eq(treasurySteps.txHash, txHash)));
  },
  /** Approved withdrawals to `wallet` for exactly `payout`, the longest approved first. */
  approvedMatching: (tx: Tx, wallet: string, payout: bigint) =>
    tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'approved'),
          sql`lower(${withdrawals.wallet}) = ${wallet}`,
          eq(withdrawals.payout, payout),
        ),
      )
      .orderBy(asc(withdrawals.approvedAt), asc(withdrawals.requestedAt)),
};
