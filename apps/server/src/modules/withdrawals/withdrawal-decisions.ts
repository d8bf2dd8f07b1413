import { MSG, type Payout, usdText } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { Tx } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import type { AuditLog } from '../audit/audit.js';
import { systemAccount, userAccount, type Ledger } from '../ledger/ledger.service.js';
import { plansRepository } from '../plans/plans.repository.js';
import { feeLegs, withdrawalView } from './withdrawal-money.js';
import { withdrawalsRepository as repo, type WithdrawalRow } from './withdrawals.repository.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { notifications } from '../notifications/record.js';

/**
 * The admin's side of withdrawals (DESIGN D7, D16): the queue, approved for the treasury to pay, or rejected with
 * a reason. Paid is the chain's word: payout-confirmation.ts.
 */
export function createWithdrawalDecisions(deps: { db: Db; clock: Clock; ledger: Ledger; audit: AuditLog }) {
  const { db, clock, ledger } = deps;

  /** What the platform kept when the investment was broken: the invested amount less the gross paid back. */
  async function keptOnBreak(tx: Tx, withdrawal: WithdrawalRow): Promise<bigint> {
    const investment = withdrawal.investmentId
      ? await plansRepository.findInvestment(tx, withdrawal.investmentId)
      : undefined;
    return investment ? investment.amount - withdrawal.gross : 0n;
  }

  return {
    /** The admin's queue: pending requests to approve or reject, approved ones waiting for the treasury's payout. */
    async pending() {
      const rows = await repo.queue(db);
      return {
        withdrawals: rows.map((r) => ({
          ...withdrawalView(r.withdrawal),
          userId: r.withdrawal.userId,
          email: r.email,
          username: r.username,
          sendingTxHash: r.sendingTxHash,
        })),
      };
    },

    /** Admin: agrees to pay; the treasury pays it and the chain's confirmation marks it paid (DESIGN D16). */
    async approve(adminId: string, id: string, ip: string) {
      const row = await deps.audit.change(async (tx, record) => {
        const approved = await repo.update(tx, id, 'pending', {
          status: 'approved',
          approvedAt: clock.now(),
          approvedBy: adminId,
        });
        if (!approved) throw new AppError('CONFLICT', MSG.withdraw.notPending);
        await notifications.record(tx, {
          userId: approved.userId,
          type: 'withdrawal.approved',
          eventKey: `withdrawal.approved:${id}`,
          at: approved.approvedAt ?? clock.now(),
          params: { payout: `${approved.payout}`, wallet: approved.wallet },
        });
        await record({
          actorId: adminId,
          action: 'withdrawal.approved',
          targetType: 'withdrawal',
          targetId: id,
          before: { status: 'pending' },
          after: { status: 'approved' },
          ip,
        });
        return approved;
      });
      return withdrawalView(row);
    },

    /**
     * Admin: refuses the request, and everything the request took goes back to the balance (ADR 0005): the
     * payout and the fees, and for a break also the 60% the platform kept, so a refused break costs nothing.
     */
    async reject(adminId: string, id: string, reason: string, ip: string) {
      const row = await deps.audit.change(async (tx, record) => {
        // Locked first: the treasury command locks the same row before it records a payout, so a payout and a
        // rejection cannot both go ahead.
        const current = await repo.lock(tx, id);
        if (!current || (current.status !== 'pending' && current.status !== 'approved')) {
          throw new AppError('CONFLICT', MSG.withdraw.notPending);
        }
        if (await repo.hasLivePayout(tx, id)) throw new AppError('CONFLICT', MSG.withdraw.payoutInFlight);
        const decided = (await repo.update(tx, id, current.status, {
          status: 'rejected',
          reason,
          decidedAt: clock.now(),
          decidedBy: adminId,
        }))!;
        const payout: Payout = {
          gross: decided.gross,
          fees: { handling: decided.feeHandling, crypto: decided.feeCrypto, charity: decided.feeCharity },
          payout: decided.payout,
        };
        const kept = decided.kind === 'break' ? await keptOnBreak(tx, decided) : 0n;
        const legs = [
          { account: userAccount(decided.userId, 'usd.withdrawal_pending'), amount: -decided.payout },
          ...feeLegs(payout, -1n),
          { account: systemAccount('usd.platform'), amount: -kept },
          { account: userAccount(decided.userId, 'usd.balance'), amount: decided.gross + kept },
        ].filter((l) => l.amount !== 0n);
        if (legs.length > 0) {
          await ledger.postIn(tx, {
            kind: 'withdrawal.rejected',
            idempotencyKey: ledgerKey.withdrawalDecided(id),
            actorId: adminId,
            memo: `Withdrawal rejected (${reason}): ${usdText(decided.gross + kept)} returned to your balance`,
            legs,
          });
        }
        await notifications.record(tx, {
          userId: decided.userId,
          type: 'withdrawal.rejected',
          eventKey: `withdrawal.rejected:${id}`,
          at: decided.decidedAt ?? clock.now(),
          params: { payout: `${decided.payout}`, returned: `${decided.gross + kept}`, reason },
        });
        await record({
          actorId: adminId,
          action: 'withdrawal.rejected',
          targetType: 'withdrawal',
          targetId: id,
          before: { status: current.status },
          after: { status: 'rejected', reason },
          ip,
        });
        return decided;
      });
      return withdrawalView(row);
    },
  };
}
