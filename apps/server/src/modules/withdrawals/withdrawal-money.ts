/** How a withdrawal's money is shown (its API view) and posted (its fee legs), for both sides of withdrawals. */
import { type Payout, usdText } from '@svp/shared';
import { systemAccount, type Leg } from '../ledger/ledger.service.js';
import type { WithdrawalRow } from './withdrawals.repository.js';

export const feeTotal = (p: Payout) => p.fees.handling + p.fees.crypto + p.fees.charity;

export function withdrawalView(w: WithdrawalRow) {
  return {
    id: w.id,
    kind: w.kind,
    gross: usdText(w.gross),
    fees: usdText(w.feeHandling + w.feeCrypto + w.feeCharity),
    payout: usdText(w.payout),
    wallet: w.wallet,
    status: w.status,
    txHash: w.txHash,
    reason: w.reason,
    requestedAt: w.requestedAt.toISOString(),
    dueAt: w.dueAt.toISOString(),
    decidedAt: w.decidedAt?.toISOString() ?? null,
  };
}

/** The three fee accounts' legs of a payout: + when a request charges them, − when a rejection returns them. */
export function feeLegs(p: Payout, sign: 1n | -1n): Leg[] {
  return [
    { account: systemAccount('usd.fees.handling'), amount: sign * p.fees.handling },
    { account: systemAccount('usd.fees.crypto'), amount: sign * p.fees.crypto },
    { account: systemAccount('usd.fees.charity'), amount: sign * p.fees.charity },
  ];
}
