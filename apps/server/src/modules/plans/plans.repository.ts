import { and, asc, count, eq } from 'drizzle-orm';
import { PLANS } from '@svp/shared';
import { preparedStatement, type Db } from '../../db/client.js';
import { frameParams, type RequestFrame, type StatementRow } from '../../http/one-statement.js';
import { investments, plans } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;
export type PlanRow = typeof plans.$inferSelect;
export type InvestmentRow = typeof investments.$inferSelect;

/** An investment for a request in one call (migration 0011): session, key, checks, row, postings, answer. */
const investStatement = preparedStatement<StatementRow>(
  'api_invest',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_invest($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15::uuid, $16, $17, $18,
     $19::timestamptz, $20, $21, $22::text[], $23::text[], $24::text[], $25::bigint[], $26::boolean[], $27, $28,
     $29::text[], $30::text[], $31::text[], $32::bigint[], $33::boolean[])`,
);

type StatementLeg = { owner: string; code: string; asset: string; amount: bigint; allowNegative: boolean };

export interface InvestStatement {
  frame: RequestFrame;
  /** What is wrong with the request without looking at the database, said after an open plan. */
  refusal: string | null;
  plan: Pick<PlanRow, 'code' | 'name' | 'minAmount' | 'multiplier'> | null;
  investmentId: string;
  days: number | null;
  amount: bigint | null;
  expected: bigint | null;
  endsAt: Date | null;
  ledgerKey: string;
  memo: string;
  /** The investor's own legs (balance → invested), owned by REQUEST_USER. */
  legs: StatementLeg[];
  referral: { keyPrefix: string; memo: string; legs: StatementLeg[] } | null;
}

export const plansRepository = {
  /** Runs api_invest; throws the database's SV004 (plan changed) for the service to read the plans again. */
  async invest(db: Db, p: InvestStatement) {
    const [row] = await investStatement(db, [
      ...frameParams(p.frame),
      p.refusal,
      p.plan?.code ?? null,
      p.plan?.name ?? null,
      p.plan?.minAmount.toString() ?? null,
      p.plan?.multiplier.toString() ?? null,
      p.investmentId,
      p.days,
      p.amount?.toString() ?? null,
      p.expected?.toString() ?? null,
      p.endsAt?.toISOString() ?? null,
      p.ledgerKey,
      p.memo,
      p.legs.map((l) => l.owner),
      p.legs.map((l) => l.code),
      p.legs.map((l) => l.asset),
      p.legs.map((l) => l.amount.toString()),
      p.legs.map((l) => l.allowNegative),
      p.referral?.keyPrefix ?? null,
      p.referral?.memo ?? null,
      (p.referral?.legs ?? []).map((l) => l.owner),
      (p.referral?.legs ?? []).map((l) => l.code),
      (p.referral?.legs ?? []).map((l) => l.asset),
      (p.referral?.legs ?? []).map((l) => l.amount.toString()),
      (p.referral?.legs ?? []).map((l) => l.allowNegative),
    ]);
    return row!;
  },

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
