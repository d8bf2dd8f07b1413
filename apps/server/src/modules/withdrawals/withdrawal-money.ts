/** How a withdrawal's money is shown (its API view), for both sides of withdrawals; it is posted in SQL (ADR 0038). */
import { REVIEW_REASONS, type Payout, type ReviewReason, usdText } from '@svp/shared';
import type { WithdrawalRow } from './withdrawals.repository.js';

export const feeTotal = (p: Payout) => p.fees.handling + p.fees.crypto + p.fees.charity;

export type WithdrawalView = ReturnType<typeof withdrawalView>;

/** A withdrawal as a statement answers it (sql/functions/withdrawals/api_withdrawal_json.sql): text fields. */
export type WithdrawalJson = Record<string, unknown>;

/** The row a statement's JSON stands for, as far as the view reads it. */
export function withdrawalFromJson(json: WithdrawalJson): WithdrawalRow {
  const w = json as Record<string, string | null | undefined>;
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
    // Answers stored before four eyes (keys are kept) have none of these: one approval.
    approvalsNeeded: typeof json.approvalsNeeded === 'number' ? json.approvalsNeeded : 1,
    reviewReasons: Array.isArray(json.reviewReasons) ? (json.reviewReasons as string[]) : [],
    firstApprovedBy: w.firstApprovedBy ?? null,
    firstApprovedAt: null,
  };
}

/** A withdrawal needing two approvals: why, and how many it has (ADR 0044); null for one. */
function reviewOf(w: WithdrawalRow) {
  if (w.approvalsNeeded <= 1) return null;
  const approved = w.status === 'approved' || w.status === 'paid';
  return {
    reasons: w.reviewReasons.filter((r): r is ReviewReason => (REVIEW_REASONS as readonly string[]).includes(r)),
    approvalsNeeded: w.approvalsNeeded,
    approvals: approved ? w.approvalsNeeded : w.firstApprovedBy ? 1 : 0,
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
    review: reviewOf(w),
  };
}
