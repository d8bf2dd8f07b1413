import { randomUUID } from 'node:crypto';
import { MSG, NOTIFICATION_TYPES, PROCESSING_HOURS, WITHDRAWAL_CONTROLS_MSG, withdrawalDueDate } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { type OneStatementWork } from '../../http/one-statement.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { withdrawalFromJson, withdrawalView } from './withdrawal-money.js';
import { pricingRule, refusalMessage } from './withdrawal-price.js';
import {
  CONTROL_REFUSALS,
  controlRefusalMessage,
  type ControlRefusal,
  type ControlsConfig,
} from './withdrawal-controls.js';

const isControlRefusal = (r: string): r is ControlRefusal => (CONTROL_REFUSALS as readonly string[]).includes(r);
import { withdrawalRequestResult, withdrawalsRepository as repo } from './withdrawals.repository.js';

type Kind = 'maturity' | 'break';
type RequestAnswer = { success: true; message: string; withdrawal: ReturnType<typeof withdrawalView> };

/**
 * A withdrawal request (SPEC §4, DESIGN D6, D7) in one statement (docs/decisions/0038): it locks the active plan,
 * prices the payout from what it locked with withdrawal_price (SPEC §9's fees, passed in; the quote uses it too), closes the
 * plan and holds the payout in `usd.withdrawal_pending`, or stores the refusal as the key's answer.
 */
export function createWithdrawalRequest(deps: {
  db: Db;
  ledger: Ledger;
  rule: { minEarnings: bigint; requireVerified: boolean };
  controls: ControlsConfig;
}) {
  const { db, ledger } = deps;
  const rule = pricingRule(deps.rule);

  return function request(kind: Kind): OneStatementWork<RequestAnswer> {
    const ledgerKind = kind === 'maturity' ? 'withdrawal.request' : 'withdrawal.break';
    return {
      run: async (frame) => {
        return ledger.postByStatement(ledgerKind, () =>
          repo.request(db, {
            frame,
            kind,
            withdrawalId: randomUUID(),
            dueAt: withdrawalDueDate(frame.now, PROCESSING_HOURS.normal),
            reviewDueAt: withdrawalDueDate(frame.now, PROCESSING_HOURS.review),
            ledgerKind,
            memoPrefix: kind === 'maturity' ? 'Withdrawal' : 'Investment broken early',
            rule,
            controls: deps.controls,
            notification: {
              type: 'withdrawal.requested',
              category: NOTIFICATION_TYPES['withdrawal.requested'],
            },
          }),
        );
      },
      render(stored) {
        const result = withdrawalRequestResult.parse(stored);
        if (result.outcome === 'refused') {
          const refusal = result.refusal;
          const message = !refusal
            ? result.message
            : isControlRefusal(refusal)
              ? controlRefusalMessage(refusal, result.cap, result.hold)
              : refusalMessage(refusal, result.days ?? 0, BigInt(result.minEarnings ?? '0'));
          throw new AppError('NOT_ELIGIBLE', message ?? MSG.withdraw.failed);
        }
        if (result.outcome === 'failed') throw new AppError('NOT_ELIGIBLE', MSG.withdraw.failed);
        const withdrawal = withdrawalView(withdrawalFromJson(result.withdrawal));
        // A request that needs a second approval says so, with the spec's longer promise (ADR 0044).
        const message = withdrawal.review
          ? WITHDRAWAL_CONTROLS_MSG.requestedForReview(withdrawal.dueAt)
          : MSG.withdraw.success;
        return { success: true, message, withdrawal };
      },
    };
  };
}
