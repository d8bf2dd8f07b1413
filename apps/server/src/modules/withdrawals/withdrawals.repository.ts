import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, withdrawals } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export const withdrawalsRepository = {
  async insert(tx: Tx, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
    const [row] = await tx.insert(withdrawals).values(values).returning();
    return row!;
  },
  listForUser: (db: Executor, userId: string) =>
    db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(desc(withdrawals.requestedAt)),
  listByStatus: (db: Executor, status: WithdrawalRow['status']) =>
    db
      .select({ withdrawal: withdrawals, email: users.email, username: users.username })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.status, status))
      .orderBy(asc(withdrawals.dueAt)),
  /** Moves a pending withdrawal to its final state; null if it was not pending any more. */
  async decide(
    tx: Tx,
    id: string,
    change: { status: 'paid' | 'rejected'; txHash?: string; reason?: string; decidedAt: Date; decidedBy: string },
  ): Promise<WithdrawalRow | null> {
    const [row] = await tx
      .update(withdrawals)
      .set(change)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    return row ?? null;
  },
};
