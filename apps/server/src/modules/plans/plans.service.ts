import { expectedWithdrawal, MSG, PLAN_DURATIONS, toDecimalString, USD_UNIT, DAY_MS } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { randomUUID } from 'node:crypto';
import { type OneStatementWork, type RequestFrame, type StatementAnswer } from '../../http/one-statement.js';
import { AppError } from '../../http/errors.js';
import { sqlError } from '../../db/pg-errors.js';
import { requestUserAccount, statementLegs, type Ledger } from '../ledger/ledger.service.js';
import type { ReferralsService } from '../referrals/referrals.service.js';
import {
  investResult,
  plansRepository as repo,
  type InvestmentRow,
  type InvestResult,
  type PlanRow,
} from './plans.repository.js';
import { ledgerKey } from '../ledger/ledger-keys.js';

type InvestAnswer = { success: true; message: string; investment: ReturnType<typeof investmentView> };

export function investmentView(
  row: Pick<InvestmentRow, 'id' | 'amount' | 'expectedWithdrawal' | 'days' | 'startedAt' | 'endsAt' | 'status'>,
  planName: string,
) {
  return {
    id: row.id,
    plan: planName,
    amount: toDecimalString(row.amount, 'USD'),
    expectedWithdrawal: toDecimalString(row.expectedWithdrawal, 'USD'),
    expectedProfit: toDecimalString(row.expectedWithdrawal - row.amount, 'USD'),
    days: row.days,
    startedAt: row.startedAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: row.status,
  };
}

/**
 * Plans and investing (SPEC §2, §5, §9; DESIGN D1, D4): the server computes every amount. Business time comes
 * with each request (RequestFrame.now).
 */
export function createInvestmentsService(deps: { db: Db; ledger: Ledger; referrals: ReferralsService }) {
  const { db, ledger } = deps;
  const planName = async (code: string) => (await repo.find(db, code))?.name ?? code;
  const activePlanError = (name: string) => new AppError('PLAN_ACTIVE', MSG.invest.activePlan(name));

  /** The plans as last read: the operator rarely changes one, and api_invest refuses a stale one (SV004). */
  let plansByCode: Map<string, PlanRow> | null = null;
  async function planFor(code: string, reread: boolean): Promise<PlanRow | undefined> {
    // A code not seen yet may be a plan the operator just added: read again before calling it missing.
    if (!plansByCode || reread || !plansByCode.has(code)) {
      plansByCode = new Map((await repo.list(db)).map((p) => [p.code, p]));
    }
    return plansByCode.get(code);
  }

  /** What the request gets wrong on its own, in the spec's order after an open plan (§5). */
  function refusalOf(input: { duration: number | null; amount: bigint | null }, plan: PlanRow | undefined) {
    const duration = PLAN_DURATIONS.find((d) => d.days === input.duration);
    if (!plan || !input.duration || !duration) return 'missing-plan';
    if (!duration.enabled) return 'duration-disabled';
    if (input.amount === null || input.amount < plan.minAmount) return 'below-minimum';
    return null;
  }

  async function startInStatement(
    frame: RequestFrame,
    input: { duration: number | null; amount: bigint | null },
    plan: PlanRow | undefined,
  ): Promise<StatementAnswer> {
    const refusal = refusalOf(input, plan);
    const priced = refusal === null && plan && input.amount !== null && input.duration !== null;
    const investmentId = randomUUID();
    const bonus = deps.referrals.firstInvestmentBonus();
    const amount = input.amount ?? 0n;
    return ledger.postByStatement('investment.start', () =>
      repo.invest(db, {
        frame,
        refusal,
        plan: plan ?? null,
        investmentId,
        days: input.duration,
        amount: input.amount,
        expected: priced ? expectedWithdrawal(amount, plan, input.duration!) : null,
        endsAt: priced ? new Date(frame.now.getTime() + input.duration! * DAY_MS) : null,
        ledgerKey: ledgerKey.investment(investmentId),
        memo: plan ? `Invested in the ${plan.name} plan for ${input.duration} days` : '',
        // A refused request posts nothing.
        legs: priced
          ? statementLegs('investment.start', [
              { account: requestUserAccount('usd.balance'), amount: -amount },
              { account: requestUserAccount('usd.invested'), amount },
            ])
          : [],
        referral: bonus && { ...bonus, legs: statementLegs('referral.bonus', bonus.legs) },
      }),
    );
  }

  /** The answer for what api_invest did, the first time and on a replay alike. */
  function renderInvestment(result: InvestResult): InvestAnswer {
    const minimum = result.minimum === null ? '' : toDecimalString(BigInt(result.minimum), 'USD');
    switch (result.outcome) {
      case 'matured':
        throw new AppError('PLAN_ACTIVE', MSG.invest.maturedPlan(result.activePlan ?? ''));
      case 'active':
        throw activePlanError(result.activePlan ?? '');
      case 'raced':
        throw activePlanError(result.plan ?? '');
      case 'missing-plan':
        throw new AppError('VALIDATION_ERROR', MSG.invest.missingPlan);
      case 'duration-disabled':
        throw new AppError('VALIDATION_ERROR', MSG.invest.durationDisabled);
      case 'below-minimum':
        throw new AppError('VALIDATION_ERROR', MSG.invest.belowMinimum(minimum), {
          amount: MSG.invest.belowMinimum(minimum),
        });
      case 'insufficient':
        throw new AppError('INSUFFICIENT_FUNDS', MSG.invest.insufficient);
      case 'ok': {
        const i = result.investment!;
        const row = {
          ...i,
          amount: BigInt(i.amount),
          expectedWithdrawal: BigInt(i.expectedWithdrawal),
          startedAt: new Date(i.startedAt),
          endsAt: new Date(i.endsAt),
        };
        return { success: true, message: MSG.invest.success, investment: investmentView(row, result.plan ?? '') };
      }
    }
  }

  return {
    async plans() {
      const rows = await repo.list(db);
      return {
        plans: rows.map((p: PlanRow) => ({
          code: p.code,
          name: p.name,
          type: p.type,
          dailyTask: p.dailyTask,
          minAmount: toDecimalString(p.minAmount, 'USD'),
          multiplier: Number(p.multiplier),
          ratios: Object.fromEntries(
            PLAN_DURATIONS.map((d) => [
              String(d.days),
              toDecimalString(expectedWithdrawal(USD_UNIT, p, d.days), 'USD'),
            ]),
          ),
        })),
        durations: PLAN_DURATIONS.map((d) => ({ days: d.days, enabled: d.enabled })),
      };
    },

    async current(userId: string) {
      const active = await repo.activeInvestment(db, userId);
      return { investment: active ? investmentView(active, await planName(active.planCode)) : null };
    },

    /**
     * Checks in the spec's order (§5), then starts the plan: the investment row, balance → invested and a first
     * investment's referral bonus, in one statement with the session check and the stored answer (ADR 0021).
     * The amounts are priced here from the plans as last read; the statement refuses a plan the operator has
     * changed since (SV004), and the plans are read again.
     */
    invest(input: { plan: string; duration: number | null; amount: bigint | null }): OneStatementWork<InvestAnswer> {
      return {
        async run(frame) {
          for (let attempt = 1; ; attempt++) {
            const plan = input.plan ? await planFor(input.plan, attempt > 1) : undefined;
            try {
              return await startInStatement(frame, input, plan);
            } catch (error) {
              if (sqlError(error)?.kind !== 'read-changed' || attempt >= 3) throw error;
            }
          }
        },
        render: (stored) => renderInvestment(investResult.parse(stored)),
      };
    },
  };
}

export type InvestmentsService = ReturnType<typeof createInvestmentsService>;
