/** How a withdrawal's money is shown (its API view), for both sides of withdrawals; it is posted in SQL (ADR 0038). */
import { type Payout, usdText } from '@svp/shared';
import type { WithdrawalRow } from './withdrawals.repository.js';

export const feeTotal = (p: Payout) => p.fees.handling + p.fees.crypto + p.fees.charity;

export type WithdrawalView = ReturnType<typeof withdrawalView>;

/** A withdrawal as a statement answers it (sql/functions/withdrawals/api_withdrawal_json.sql): text fields. */
export type WithdrawalJson = Record<string, string | null | undefined>;

/** The row a statement's JSON stands for, as far as the view reads it. */
export function withdrawalFromJson(w: WithdrawalJson): WithdrawalRow {
  const date = (value: string | null | undefined) => (value ? new Date(value) : null);
  return {
    id: w.id!,
    userId: w.userId ?? '',
    investmentId: null,
    kind: w.kind as WithdrawalRow['kind'],
    gross: BigInt(w.gross!),
    feeHandling: BigInt(w.feeHandling!),
    feeCrypto: BigInt(w.feeCrypto!),
    feeCharity: BigInt(w.feeCharity!),
    payout: BigInt(w.payout!),
    wallet: w.wallet!,
    status: w.status as WithdrawalRow['status'],
    txHash: w.txHash ?? null,
    approvedAt: null,
    approvedBy: null,
    reason: w.reason ?? null,
    requestedAt: new Date(w.requestedAt!),
    dueAt: new Date(w.dueAt!),
    decidedAt: date(w.decidedAt),
    decidedBy: null,
  };
}

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
    review: null,
  };
}
