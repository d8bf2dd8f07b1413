import { and, asc, eq } from 'drizzle-orm';
import { PLANS } from '@svp/shared';
import { z } from 'zod';
import { type Db } from '../../db/client.js';
import { statementCall, type RequestFrame, type StatementRow } from '../../http/one-statement.js';
import { legArgs } from '../ledger/ledger.repository.js';
import { investments, plans } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

type Executor = Db | Tx;
export type PlanRow = typeof plans.$inferSelect;
export type InvestmentRow = typeof investments.$inferSelect;

const REFERRAL_LEGS = {
  p_referral_owners: 'text[]',
  p_referral_codes: 'text[]',
  p_referral_assets: 'text[]',
  p_referral_amounts: 'bigint[]',
  p_referral_allow_negative: 'boolean[]',
} as const;

/** An investment for a request in one call (sql/functions/plans/api_invest.sql): session, key, checks, row, postings. */
const investCall = statementCall('api_invest', {
  p_refusal: 'text',
  p_plan: 'text',
  p_plan_name: 'text',
  p_plan_min: 'bigint',
  p_plan_multiplier: 'bigint',
  p_investment_id: 'uuid',
  p_days: 'integer',
  p_amount: 'bigint',
  p_expected: 'bigint',
  p_ends_at: 'timestamptz',
  p_ledger_key: 'text',
  p_memo: 'text',
  p_owners: 'text[]',
  p_codes: 'text[]',
  p_assets: 'text[]',
  p_amounts: 'bigint[]',
  p_allow_negative: 'boolean[]',
  p_referral_key_prefix: 'text',
  p_referral_memo: 'text',
  ...REFERRAL_LEGS,
});

/** What api_invest stores as the request's answer, and a replay renders. */
export const investResult = z.looseObject({
  outcome: z.enum([
    'ok',
    'matured',
    'active',
    'raced',
    'missing-plan',
    'duration-disabled',
    'below-minimum',
    'insufficient',
  ]),
  activePlan: z.string().nullable(),
  plan: z.string().nullable(),
  minimum: z.string().nullable(),
  investment: z
    .looseObject({
      id: z.string(),
      amount: z.string(),
      expectedWithdrawal: z.string(),
      days: z.number(),
      startedAt: z.string(),
      endsAt: z.string(),
      status: z.enum(['active', 'closed']),
    })
    .nullable(),
});
export type InvestResult = z.infer<typeof investResult>;

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
  /** Runs api_invest; throws the database's 'read-changed' (plan changed) for the service to read the plans again. */
  async invest(db: Db, p: InvestStatement): Promise<StatementRow> {
    const referralLegs = legArgs(p.referral?.legs ?? []);
    return investCall(db, p.frame, {
      p_refusal: p.refusal,
      p_plan: p.plan?.code ?? null,
      p_plan_name: p.plan?.name ?? null,
      p_plan_min: p.plan?.minAmount.toString() ?? null,
      p_plan_multiplier: p.plan?.multiplier.toString() ?? null,
      p_investment_id: p.investmentId,
      p_days: p.days,
      p_amount: p.amount?.toString() ?? null,
      p_expected: p.expected?.toString() ?? null,
      p_ends_at: p.endsAt?.toISOString() ?? null,
      p_ledger_key: p.ledgerKey,
      p_memo: p.memo,
      ...legArgs(p.legs),
      p_referral_key_prefix: p.referral?.keyPrefix ?? null,
      p_referral_memo: p.referral?.memo ?? null,
      p_referral_owners: referralLegs.p_owners,
      p_referral_codes: referralLegs.p_codes,
      p_referral_assets: referralLegs.p_assets,
      p_referral_amounts: referralLegs.p_amounts,
      p_referral_allow_negative: referralLegs.p_allow_negative,
    });
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
  /** The active investment, row-locked so one withdrawal at a time can close it. */
  async lockActiveInvestment(tx: Tx, userId: string): Promise<InvestmentRow | undefined> {
    const [row] = await tx
      .select()
      .from(investments)
      .where(and(eq(investments.userId, userId), eq(investments.status, 'active')))
      .for('update');
    return row;
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
