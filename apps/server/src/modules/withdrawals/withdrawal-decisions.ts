import { MSG } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { withRetries } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { statementAnswer, type OneStatementWork } from '../../http/one-statement.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { withdrawalFromJson, withdrawalView, type WithdrawalView } from './withdrawal-money.js';
import {
  withdrawalDecisionResult,
  withdrawalsRepository as repo,
  type WithdrawalDecision,
} from './withdrawals.repository.js';

/**
 * The admin's side of withdrawals (DESIGN D7, D16): the queue, approved for the treasury to pay, or rejected with
 * a reason. Paid is the chain's word: payout-confirmation.ts.
 */
export function createWithdrawalDecisions(deps: { db: Db; ledger: Ledger; clock: Clock }) {
  const { db, ledger, clock } = deps;

  /**
   * The decision in one statement (sql/functions/withdrawals/api_withdrawal_decide.sql, ADR 0028): the admin's
   * session and the Idempotency-Key are
   * checked in it, and the row's lock, the status, the money returned on a rejection, the user's notification
   * and the audit entry commit together.
   */
  function decide(d: Omit<WithdrawalDecision, 'frame'>): OneStatementWork<WithdrawalView> {
    return {
      async run(frame) {
        const row = await withRetries(() => repo.decide(db, { ...d, frame }));
        if (row.outcome === 'ok' && d.decision === 'reject') ledger.notePosted('withdrawal.rejected');
        return statementAnswer(row);
      },
      render(stored) {
        const result = withdrawalDecisionResult.parse(stored);
        if (result.outcome === 'notPending') throw new AppError('CONFLICT', MSG.withdraw.notPending);
        if (result.outcome === 'payoutInFlight') throw new AppError('CONFLICT', MSG.withdraw.payoutInFlight);
        return withdrawalView(withdrawalFromJson(result.withdrawal));
      },
    };
  }

  return {
    /** The admin's queue: pending requests to approve or reject, approved ones waiting for the treasury's payout. */
    async pending() {
      const rows = await repo.queue(db);
      const now = clock.now().getTime();
      return {
        withdrawals: rows.map((r) => ({
          ...withdrawalView(r.withdrawal),
          userId: r.withdrawal.userId,
          email: r.email,
          username: r.username,
          sendingTxHash: r.sendingTxHash,
          firstApprovedBy: null,
          late: r.withdrawal.dueAt.getTime() < now,
        })),
      };
    },

    /** Admin: agrees to pay; the treasury pays it and the chain's confirmation marks it paid (DESIGN D16). */
    approve: (id: string, ip: string) => decide({ decision: 'approve', id, reason: null, ip }),

    /**
     * Admin: refuses the request, and everything the request took goes back to the balance (ADR 0005): the
     * payout and the fees, and for a break also the 60% the platform kept, so a refused break costs nothing.
     */
    reject: (id: string, reason: string, ip: string) => decide({ decision: 'reject', id, reason, ip }),
  };
}
