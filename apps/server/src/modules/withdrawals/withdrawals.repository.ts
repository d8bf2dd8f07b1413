import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, USD_UNIT } from '@svp/shared';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { z } from 'zod';
import { type Db } from '../../db/client.js';
import { treasurySteps, treasuryTransfers, users, withdrawals } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { treasuryTransferIs, type TreasuryTransferKey } from '../../db/treasury-transfer-key.js';
import { capFigures, CONTROL_REFUSALS, holdFigures, type ControlsConfig } from './withdrawal-controls.js';
import { statementCall, type RequestFrame, type StatementRow } from '../../http/one-statement.js';

type Executor = Db | Tx;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type TreasuryTransferRow = typeof treasuryTransfers.$inferInsert;

/** A payout step the treasury has signed or sent and the chain has not settled (confirmed or dropped). */
const sendingHash = sql<string | null>`(
  select ${treasurySteps.txHash} from ${treasurySteps}
  where ${treasurySteps.withdrawalId} = ${withdrawals.id} and ${treasurySteps.kind} = 'payout'
    and ${treasurySteps.status} in ('signed', 'sent')
  limit 1)`;

/** The e-mail of the admin who gave the first of two approvals (ADR 0044). */
const firstApprover = sql<string | null>`(
  select u.email from users u where u.id = ${withdrawals.firstApprovedBy})`;

/** The request in one call (sql/functions/withdrawals/api_withdrawal_request.sql): locks, prices, posts, answers. */
const requestCall = statementCall('api_withdrawal_request', {
  p_kind: 'text',
  p_withdrawal_id: 'uuid',
  p_due_at: 'timestamptz',
  p_ledger_kind: 'text',
  p_memo_prefix: 'text',
  p_min_earnings: 'bigint',
  p_require_verified: 'boolean',
  p_fees: 'bigint[]',
  p_break_percent: 'bigint',
  p_day_ms: 'bigint',
  p_usd_unit: 'bigint',
  p_notification_type: 'text',
  p_notification_category: 'text',
  p_daily_cap: 'bigint',
  p_monthly_cap: 'bigint',
  p_four_eyes_above: 'bigint',
  p_review_due_at: 'timestamptz',
  p_new_wallet_ms: 'bigint',
});

/** A withdrawal as a statement's answer holds it (api_withdrawal_json): text fields. */
const withdrawalJson = z.record(z.string(), z.unknown());

/** What api_withdrawal_request stores as the request's answer, and a replay renders. */
export const withdrawalRequestResult = z.discriminatedUnion('outcome', [
  z.looseObject({
    outcome: z.literal('refused'),
    refusal: z
      .enum([
        'no-plan',
        'unverified',
        'not-matured',
        'earnings',
        'nothing-expected',
        'already-matured',
        ...CONTROL_REFUSALS,
      ])
      .nullish(),
    days: z.number().nullish(),
    minEarnings: z.string().optional(),
    /** A cap refusal's figures, a hold's end and cause (ADR 0044). */
    cap: capFigures.nullish(),
    hold: holdFigures.nullish(),
    /** An answer stored before the statement priced requests itself (keys are kept): the refusal's words. */
    message: z.string().nullish(),
  }),
  z.looseObject({ outcome: z.literal('failed') }),
  z.looseObject({ outcome: z.literal('ok'), withdrawal: withdrawalJson }),
]);

/** What api_withdrawal_decide stores as the request's answer, and a replay renders. */
export const withdrawalDecisionResult = z.discriminatedUnion('outcome', [
  z.looseObject({ outcome: z.literal('notPending') }),
  z.looseObject({ outcome: z.literal('payoutInFlight') }),
  z.looseObject({ outcome: z.literal('sameAdmin') }),
  z.looseObject({ outcome: z.literal('firstApproval'), withdrawal: withdrawalJson }),
  z.looseObject({ outcome: z.literal('ok'), withdrawal: withdrawalJson }),
]);

/** What the request's statement prices with (withdrawal_price): the constants of packages/shared and the configuration. */
export interface PricingRule {
  minEarnings: bigint;
  requireVerified: boolean;
  /** Handling, crypto, charity: taken from the gross in this order. */
  fees: bigint[];
  breakPercent: bigint;
  dayMs: number;
  usdUnit: bigint;
}

export interface WithdrawalRequestRow {
  frame: RequestFrame;
  kind: 'maturity' | 'break';
  withdrawalId: string;
  dueAt: Date;
  /** The due date when it needs a second approval (the spec's 3 days). */
  reviewDueAt: Date;
  ledgerKind: string;
  /** The posting's memo before the amount ("Withdrawal: 22.5 requested to 0x…"). */
  memoPrefix: string;
  rule: PricingRule;
  /** The caps and the other controls' configuration (ADR 0044). */
  controls: ControlsConfig;
  notification: { type: string; category: string };
}

/** An admin's decision (sql/functions/withdrawals/api_withdrawal_decide.sql): the frame of an admin's session, the withdrawal, and what is decided. */
export interface WithdrawalDecision {
  frame: RequestFrame;
  decision: 'approve' | 'reject';
  id: string;
  /** The rejection's reason; null for an approval. */
  reason: string | null;
  ip: string;
}

const decideCall = statementCall('api_withdrawal_decide', {
  p_id: 'uuid',
  p_decision: 'text',
  p_reason: 'text',
  p_ip: 'text',
  p_ledger_key: 'text',
  p_usd_unit: 'bigint',
  p_approved_category: 'text',
  p_rejected_category: 'text',
});

export const withdrawalsRepository = {
  async decide(db: Db, d: WithdrawalDecision): Promise<StatementRow> {
    return decideCall(db, d.frame, {
      p_id: d.id,
      p_decision: d.decision,
      p_reason: d.reason,
      p_ip: d.ip,
      p_ledger_key: ledgerKey.withdrawalDecided(d.id),
      p_usd_unit: USD_UNIT.toString(),
      p_approved_category: NOTIFICATION_TYPES['withdrawal.approved'],
      p_rejected_category: NOTIFICATION_TYPES['withdrawal.rejected'],
    });
  },
  async request(db: Db, r: WithdrawalRequestRow): Promise<StatementRow> {
    return requestCall(db, r.frame, {
      p_kind: r.kind,
      p_withdrawal_id: r.withdrawalId,
      p_due_at: r.dueAt.toISOString(),
      p_ledger_kind: r.ledgerKind,
      p_memo_prefix: r.memoPrefix,
      p_min_earnings: r.rule.minEarnings.toString(),
      p_require_verified: r.rule.requireVerified,
      p_fees: r.rule.fees.map(String),
      p_break_percent: r.rule.breakPercent.toString(),
      p_day_ms: r.rule.dayMs,
      p_usd_unit: r.rule.usdUnit.toString(),
      p_notification_type: r.notification.type,
      p_notification_category: r.notification.category,
      p_daily_cap: r.controls.dailyCap.toString(),
      p_monthly_cap: r.controls.monthlyCap.toString(),
      p_four_eyes_above: r.controls.fourEyesAbove.toString(),
      p_review_due_at: r.reviewDueAt.toISOString(),
      p_new_wallet_ms: r.controls.newWalletMs,
    });
  },
  async insert(tx: Tx, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
    const [row] = await tx.insert(withdrawals).values(values).returning();
    return row!;
  },
  listForUser: (db: Executor, userId: string) =>
    db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(desc(withdrawals.requestedAt)),
  /** The admin's queue: pending and approved withdrawals, the soonest due first, with any payout in flight. */
  queue: (db: Executor, dueBefore?: Date) =>
    db
      .select({
        withdrawal: withdrawals,
        email: users.email,
        username: users.username,
        sendingTxHash: sendingHash,
        firstApprovedBy: firstApprover,
      })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(
        and(
          inArray(withdrawals.status, ['pending', 'approved']),
          dueBefore ? lt(withdrawals.dueAt, dueBefore) : undefined,
        ),
      )
      .orderBy(asc(withdrawals.dueAt)),
  /** Locks one withdrawal for a decision; later statements of the transaction see what others committed. */
  async lock(tx: Tx, id: string): Promise<WithdrawalRow | undefined> {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    return row;
  },
  async update(
    tx: Tx,
    id: string,
    from: WithdrawalRow['status'],
    change: Partial<typeof withdrawals.$inferInsert>,
  ): Promise<WithdrawalRow | null> {
    const [row] = await tx
      .update(withdrawals)
      .set(change)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, from)))
      .returning();
    return row ?? null;
  },

  // ---- Payouts seen on chain (DESIGN D16) ----

  /** Records a transfer out of the treasury once; false when it was recorded before. */
  async recordTransfer(tx: Tx, row: TreasuryTransferRow): Promise<boolean> {
    const inserted = await tx
      .insert(treasuryTransfers)
      .values(row)
      .onConflictDoNothing()
      .returning({ txHash: treasuryTransfers.txHash });
    return inserted.length > 0;
  },
  async findTransfer(tx: Executor, key: TreasuryTransferKey) {
    const [row] = await tx.select().from(treasuryTransfers).where(treasuryTransferIs(key));
    return row;
  },
  async linkTransfer(tx: Tx, key: TreasuryTransferKey, withdrawalId: string) {
    await tx.update(treasuryTransfers).set({ withdrawalId }).where(treasuryTransferIs(key));
  },
  /** The withdrawal the treasury command sent this transaction for, if it did. */
  async stepWithdrawal(tx: Tx, chainId: number, txHash: string): Promise<string | null> {
    const [row] = await tx
      .select({ withdrawalId: treasurySteps.withdrawalId })
      .from(treasurySteps)
      .where(
        and(eq(treasurySteps.chainId, chainId), eq(treasurySteps.txHash, txHash), eq(treasurySteps.kind, 'payout')),
      );
    return row?.withdrawalId ?? null;
  },
  async confirmStep(tx: Tx, chainId: number, txHash: string, at: Date) {
    await tx
      .update(treasurySteps)
      .set({ status: 'confirmed', updatedAt: at })
      .where(and(eq(treasurySteps.chainId, chainId), eq(treasurySteps.txHash, txHash)));
  },
  /** Approved withdrawals to `wallet` for exactly `payout`, the longest approved first. */
  approvedMatching: (tx: Tx, wallet: string, payout: bigint) =>
    tx
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'approved'),
          sql`lower(${withdrawals.wallet}) = ${wallet}`,
          eq(withdrawals.payout, payout),
        ),
      )
      .orderBy(asc(withdrawals.approvedAt), asc(withdrawals.requestedAt)),
};
