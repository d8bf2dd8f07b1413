import { MSG, WITHDRAWAL_CONTROLS_MSG } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { type OneStatementWork } from '../../http/one-statement.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { withdrawalFromJson, withdrawalView, type WithdrawalView } from './withdrawal-money.js';
import {
  withdrawalDecisionResult,
  withdrawalsRepository as repo,
  type WithdrawalDecision,
} from './withdrawals.repository.js';

type QueueRow = Awaited<ReturnType<typeof repo.queue>>[number];

/** A withdrawal as the admin's queue shows it: the user, any payout in flight, the first approver, lateness. */
const queued = (r: QueueRow, now: number) => ({
  ...withdrawalView(r.withdrawal),
  userId: r.withdrawal.userId,
  email: r.email,
  username: r.username,
  sendingTxHash: r.sendingTxHash,
  firstApprovedBy: r.firstApprovedBy,
  late: r.withdrawal.dueAt.getTime() < now,
});

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
        // Only a rejection posts (the money goes back); an approval moves none.
        const kind = d.decision === 'reject' ? 'withdrawal.rejected' : null;
        return ledger.postByStatement(kind, () => repo.decide(db, { ...d, frame }));
      },
      render(stored) {
        const result = withdrawalDecisionResult.parse(stored);
        if (result.outcome === 'notPending') throw new AppError('CONFLICT', MSG.withdraw.notPending);
        if (result.outcome === 'payoutInFlight') throw new AppError('CONFLICT', MSG.withdraw.payoutInFlight);
        if (result.outcome === 'sameAdmin') throw new AppError('CONFLICT', WITHDRAWAL_CONTROLS_MSG.sameAdmin);
        return withdrawalView(withdrawalFromJson(result.withdrawal));
      },
    };
  }

  return {
    /** The admin's queue: pending requests to approve or reject, approved ones waiting for the treasury's payout. */
    async pending() {
      const now = clock.now().getTime();
      return { withdrawals: (await repo.queue(db)).map((r) => queued(r, now)) };
    },

    /**
     * The spec's promise measured (48 hours to 3 days, ADR 0044): every withdrawal past its due time and not paid,
     * the longest overdue first, with how late it is.
     */
    async late() {
      const now = clock.now();
      const rows = await repo.queue(db, now);
      return {
        withdrawals: rows.map((r) => ({
          ...queued(r, now.getTime()),
          hoursLate: Math.floor((now.getTime() - r.withdrawal.dueAt.getTime()) / 3_600_000),
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
