import { expectedWithdrawal, MSG, PLAN_DURATIONS, toDecimalString, USD_UNIT, DAY_MS } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { InsufficientFundsError } from '../ledger/ledger.errors.js';
import { pgErrorCode } from '../../db/pg-errors.js';
import { userAccount, type Ledger } from '../ledger/ledger.service.js';
import type { ReferralsService } from '../referrals/referrals.service.js';
import { plansRepository as repo, type InvestmentRow, type PlanRow } from './plans.repository.js';
import { ledgerKey } from '../ledger/ledger-keys.js';

export function investmentView(row: InvestmentRow, planName: string) {
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

/** Plans and investing (SPEC §2, §5, §9; DESIGN D1, D4): the server computes every amount. */
export function createInvestmentsService(deps: { db: Db; clock: Clock; ledger: Ledger; referrals: ReferralsService }) {
  const { db, clock, ledger } = deps;
  const planName = async (code: string) => (await repo.find(db, code))?.name ?? code;
  const activePlanError = (name: string) => new AppError('PLAN_ACTIVE', MSG.invest.activePlan(name));

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

    /** Checks in the spec's order (§5), then moves balance → invested in one ledger transaction. */
    async invest(userId: string, input: { plan: string; duration: number | null; amount: bigint | null }) {
      const active = await repo.activeInvestment(db, userId);
      if (active && active.endsAt <= clock.now()) {
        // Matured but not yet withdrawn or moved to the balance: say what to do, not "wait".
        throw new AppError('PLAN_ACTIVE', MSG.invest.maturedPlan(await planName(active.planCode)));
      }
      if (active) throw activePlanError(await planName(active.planCode));
      const plan = input.plan ? await repo.find(db, input.plan) : undefined;
      if (!plan || !input.duration) throw new AppError('VALIDATION_ERROR', MSG.invest.missingPlan);
      const duration = PLAN_DURATIONS.find((d) => d.days === input.duration);
      if (!duration) throw new AppError('VALIDATION_ERROR', MSG.invest.missingPlan);
      if (!duration.enabled) throw new AppError('VALIDATION_ERROR', MSG.invest.durationDisabled);
      // Parsed at the edge (the ceiling and precision refused there); null: not a positive amount.
      const amount = input.amount;
      const minimum = toDecimalString(plan.minAmount, 'USD');
      if (amount === null || amount < plan.minAmount) {
        throw new AppError('VALIDATION_ERROR', MSG.invest.belowMinimum(minimum), {
          amount: MSG.invest.belowMinimum(minimum),
        });
      }
      const expected = expectedWithdrawal(amount, plan, duration.days);
      try {
        const row = await inTransaction(db, async (tx) => {
          const now = clock.now();
          const investment = await repo.insertInvestment(tx, {
            userId,
            planCode: plan.code,
            amount,
            expectedWithdrawal: expected,
            days: duration.days,
            startedAt: now,
            endsAt: new Date(now.getTime() + duration.days * DAY_MS),
            status: 'active',
          });
          await ledger.postIn(tx, {
            kind: 'investment.start',
            idempotencyKey: ledgerKey.investment(investment.id),
            actorId: userId,
            memo: `Invested in the ${plan.name} plan for ${duration.days} days`,
            legs: [
              { account: userAccount(userId, 'usd.balance'), amount: -amount },
              { account: userAccount(userId, 'usd.invested'), amount },
            ],
          });
          await deps.referrals.onInvestmentStarted(tx, userId, (await repo.investmentCount(tx, userId)) === 1);
          return investment;
        });
        return { success: true as const, message: MSG.invest.success, investment: investmentView(row, plan.name) };
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw new AppError('INSUFFICIENT_FUNDS', MSG.invest.insufficient);
        // Two requests raced past the first check: the partial unique index let only one in.
        if (pgErrorCode(error) === '23505') throw activePlanError(plan.name);
        throw error;
      }
    },
  };
}

export type InvestmentsService = ReturnType<typeof createInvestmentsService>;
