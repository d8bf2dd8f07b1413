import { and, asc, count, eq } from 'drizzle-orm';
import { PLANS } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { investments, plans } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;
export type PlanRow = typeof plans.$inferSelect;
export type InvestmentRow = typeof investments.$inferSelect;

export const plansRepository = {
  /** Seeds the default plans of packages/shared once; later edits by the operator are kept. */
  async seedDefaults(db: Db): Promise<void> {
    await db
      .insert(plans)
      .values(PLANS.map((p, i) => ({ ...p, sortOrder: i })))
      .onConflictDoNothing();
  },
  list: (db: Executor) => db.select().from(plans).orderBy(asc(plans.sortOrder)),
  async find(db: Executor, code: string): Promise<PlanRow | undefined> {
    const [row] = await db.select().from(plans).where(eq(plans.code, code));
    return row;
  },
  async activeInvestment(db: Executor, userId: string): Promise<InvestmentRow | undefined> {
    const [row] = await db
      .select()
      .from(investments)
      .where(and(eq(investments.userId, userId), eq(investments.status, 'active')));
    return row;
  },
  async findInvestment(db: Executor, id: string): Promise<InvestmentRow | undefined> {
    const [row] = await db.select().from(investments).where(eq(investments.id, id));
    return row;
  },
  /** The active investment, row-locked so one withdrawal at a time can close it. */
  async lockActiveInvestment(tx: Tx, userId: string): Promise<InvestmentRow | undefined> {
    const [row] = await tx
      .select()
      .from(investments)
      .where(and(eq(investments.userId, userId), eq(investments.status, 'active')))
      .for('update');
    return row;
  },
  async insertInvestment(tx: Tx, values: typeof investments.$inferInsert): Promise<InvestmentRow> {
    const [row] = await tx.insert(investments).values(values).returning();
    return row!;
  },
  async investmentCount(tx: Executor, userId: string): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(investments).where(eq(investments.userId, userId));
    return Number(row?.n ?? 0);
  },
  async close(tx: Tx, id: string, now: Date): Promise<boolean> {
    const rows = await tx
      .update(investments)
      .set({ status: 'closed', closedAt: now })
      .where(and(eq(investments.id, id), eq(investments.status, 'active')))
      .returning({ id: investments.id });
    return rows.length === 1;
  },
};
