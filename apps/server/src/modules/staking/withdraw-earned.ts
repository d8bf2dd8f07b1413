import { randomUUID } from 'node:crypto';
import { formatAmount, MSG, SVP_PER_USD, USD_UNIT, YEAR_MS } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { withRetries } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { statementAnswer, type OneStatementWork } from '../../http/one-statement.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { STAKING_YIELD_PREFIX } from '../ledger/ledger-keys.js';
import {
  stakingRepository as repo,
  withdrawEarnedAccrued,
  withdrawEarnedResult,
  type SummaryRow,
  type YieldRule,
} from './staking.repository.js';

/**
 * Withdraw Earned (SPEC §4, DESIGN D10) in one statement (docs/decisions/0038): it locks the stake and the
 * accounts, prices the yield due at the request's own millisecond with yield.ts's formula (stake_yield_due,
 * sql/functions/staking/api_withdraw_earned.sql, its constants passed from here), posts it and moves all of earned
 * to the balance, with the key
 * and its answer. A stake that has ended is handed back to `settle` first (its release).
 */
export function createWithdrawEarned<Answer>(deps: {
  db: Db;
  ledger: Ledger;
  apyBp: bigint;
  settle: (userId: string) => Promise<void>;
  answer: (message: string, summary: SummaryRow, at: Date) => Answer;
}) {
  const { db, ledger } = deps;
  const rule: YieldRule = {
    apyBp: deps.apyBp,
    svpPerUsd: SVP_PER_USD,
    usdUnit: USD_UNIT,
    yearMs: YEAR_MS,
    yieldKeyPrefix: STAKING_YIELD_PREFIX,
  };

  return function withdrawEarned(): OneStatementWork<Answer> {
    return {
      run: async (frame) => {
        const row = await withRetries(() =>
          repo.withdrawEarned(db, frame, {
            rule,
            nonce: randomUUID(),
            memo: 'Staking earnings withdrawn to your balance',
          }),
        );
        if (row.outcome === 'ok') {
          if (BigInt(withdrawEarnedAccrued.parse(row.result).accrued) > 0n) ledger.notePosted('staking.yield');
          ledger.notePosted('staking.withdraw-earned');
        }
        return statementAnswer(row);
      },
      settle: deps.settle,
      render(stored) {
        const result = withdrawEarnedResult.parse(stored);
        if (result.outcome === 'refused') throw new AppError('VALIDATION_ERROR', MSG.staking.noEarnings);
        const message = MSG.staking.withdrawn(formatAmount(BigInt(result.amount), 'USD'));
        return deps.answer(message, result.summary, new Date(result.at));
      },
    };
  };
}
