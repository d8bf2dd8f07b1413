import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_MSG,
  BREAK_PAYOUT_PERCENT,
  DAY_MS,
  formatUsdShort,
  MSG,
  NOTIFICATION_TYPES,
  USD_UNIT,
  WITHDRAWAL_FEES,
  withdrawalDueDate,
} from '@svp/shared';
import type { Db } from '../../db/client.js';
import { withRetries } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { statementAnswer, type OneStatementWork } from '../../http/one-statement.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { withdrawalFromJson, withdrawalView } from './withdrawal-money.js';
import { withdrawalRequestResult, withdrawalsRepository as repo, type PricingRule } from './withdrawals.repository.js';

type Kind = 'maturity' | 'break';
type RequestAnswer = { success: true; message: string; withdrawal: ReturnType<typeof withdrawalView> };

/** Why the statement refused a request (sql/functions/withdrawals/withdrawal_price.sql), as the quote page words it. */
export type WithdrawalRefusal =
  'no-plan' | 'unverified' | 'not-matured' | 'earnings' | 'nothing-expected' | 'already-matured';

/** A refusal's message; `days` and `minEarnings` are the ones the statement stored with it. */
export function refusalMessage(refusal: WithdrawalRefusal, days: number, minEarnings: bigint): string {
  switch (refusal) {
    case 'no-plan':
      return MSG.withdraw.noPlan;
    case 'unverified':
      return ACCOUNT_MSG.withdrawalsNeedVerifiedEmail;
    case 'not-matured':
      return MSG.withdraw.notMatured(days);
    case 'earnings':
      return MSG.withdraw.earningsNeeded(formatUsdShort(minEarnings));
    case 'nothing-expected':
      return MSG.withdraw.nothingExpected;
    case 'already-matured':
      return MSG.withdraw.alreadyMatured;
  }
}

/** The pricing rule's constants as the statement takes them: all from packages/shared and the configuration. */
export function pricingRule(rule: { minEarnings: bigint; requireVerified: boolean }): PricingRule {
  return {
    minEarnings: rule.minEarnings,
    requireVerified: rule.requireVerified,
    fees: [WITHDRAWAL_FEES.handling, WITHDRAWAL_FEES.crypto, WITHDRAWAL_FEES.charity],
    breakPercent: BREAK_PAYOUT_PERCENT,
    dayMs: DAY_MS,
    usdUnit: USD_UNIT,
  };
}

/**
 * A withdrawal request (SPEC §4, DESIGN D6, D7) in one statement (docs/decisions/0038): it locks the active plan,
 * prices the payout from what it locked with the rules of packages/shared (SPEC §9's fees, passed in), closes the
 * plan and holds the payout in `usd.withdrawal_pending`, or stores the refusal as the key's answer.
 */
export function createWithdrawalRequest(deps: {
  db: Db;
  ledger: Ledger;
  rule: { minEarnings: bigint; requireVerified: boolean };
}) {
  const { db, ledger } = deps;
  const rule = pricingRule(deps.rule);

  return function request(kind: Kind): OneStatementWork<RequestAnswer> {
    const ledgerKind = kind === 'maturity' ? 'withdrawal.request' : 'withdrawal.break';
    return {
      run: async (frame) => {
        const row = await withRetries(() =>
          repo.request(db, {
            frame,
            kind,
            withdrawalId: randomUUID(),
            dueAt: withdrawalDueDate(frame.now),
            ledgerKind,
            memoPrefix: kind === 'maturity' ? 'Withdrawal' : 'Investment broken early',
            rule,
            notification: {
              type: 'withdrawal.requested',
              category: NOTIFICATION_TYPES['withdrawal.requested'],
            },
          }),
        );
        if (row.outcome === 'ok') ledger.notePosted(ledgerKind);
        return statementAnswer(row);
      },
      render(stored) {
        const result = withdrawalRequestResult.parse(stored);
        if (result.outcome === 'refused') {
          const message = result.refusal
            ? refusalMessage(result.refusal, result.days ?? 0, BigInt(result.minEarnings ?? '0'))
            : result.message;
          throw new AppError('NOT_ELIGIBLE', message ?? MSG.withdraw.failed);
        }
        if (result.outcome === 'failed') throw new AppError('NOT_ELIGIBLE', MSG.withdraw.failed);
        return {
          success: true,
          message: MSG.withdraw.success,
          withdrawal: withdrawalView(withdrawalFromJson(result.withdrawal)),
        };
      },
    };
  };
}
