import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, USD_UNIT } from '@svp/shared';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { preparedStatement, type Db } from '../../db/client.js';
import { treasurySteps, treasuryTransfers, users, withdrawals } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { frameParams, type RequestFrame, type StatementRow } from '../../http/one-statement.js';

type Executor = Db | Tx;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type TreasuryTransferRow = typeof treasuryTransfers.$inferInsert;

/** A payout step the treasury has signed or sent and the chain has not settled (confirmed or dropped). */
const sendingHash = sql<string | null>`(
  select ${treasurySteps.txHash} from ${treasurySteps}
  where ${treasurySteps.withdrawalId} = ${withdrawals.id} and ${treasurySteps.kind} = 'payout'
    and ${treasurySteps.status} in ('signed', 'sent')
  limit 1)`;

/** The request in one call (migration 0033): it locks, prices, posts and stores its answer. */
const requestStatement = preparedStatement<StatementRow>(
  'api_withdrawal_request',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_withdrawal_request($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10, $11::uuid, $12::timestamptz,
     $13, $14, $15, $16, $17::bigint[], $18, $19, $20, $21, $22)`,
);

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
  ledgerKind: string;
  /** The posting's memo before the amount ("Withdrawal: 22.5 requested to 0x…"). */
  memoPrefix: string;
  rule: PricingRule;
  notification: { type: string; category: string };
}

/** An admin's decision (migration 0018): the frame of an admin's session, the withdrawal, and what is decided. */
export interface WithdrawalDecision {
  frame: RequestFrame;
  decision: 'approve' | 'reject';
  id: string;
  /** The rejection's reason; null for an approval. */
  reason: string | null;
  ip: string;
}

const decideStatement = preparedStatement<StatementRow>(
  'api_withdrawal_decide',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_withdrawal_decide($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10::uuid, $11, $12, $13, $14, $15,
     $16, $17)`,
);

export const withdrawalsRepository = {
  async decide(db: Db, d: WithdrawalDecision): Promise<StatementRow> {
    const [row] = await decideStatement(db, [
      ...frameParams(d.frame),
      d.id,
      d.decision,
      d.reason,
      d.ip,
      ledgerKey.withdrawalDecided(d.id),
      USD_UNIT.toString(),
      NOTIFICATION_TYPES['withdrawal.approved'],
      NOTIFICATION_TYPES['withdrawal.rejected'],
    ]);
    return row!;
  },
  async request(db: Db, r: WithdrawalRequestRow): Promise<StatementRow> {
    const [row] = await requestStatement(db, [
      ...frameParams(r.frame),
      r.kind,
      r.withdrawalId,
      r.dueAt.toISOString(),
      r.ledgerKind,
      r.memoPrefix,
      r.rule.minEarnings.toString(),
      r.rule.requireVerified,
      r.rule.fees.map(String),
      r.rule.breakPercent.toString(),
      r.rule.dayMs,
      r.rule.usdUnit.toString(),
      r.notification.type,
      r.notification.category,
    ]);
    return row!;
  },
  async insert(tx: Tx, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
    const [row] = await tx.insert(withdrawals).values(values).returning();
    return row!;
  },
  listForUser: (db: Executor, userId: string) =>
    db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(desc(withdrawals.requestedAt)),
  /** The admin's queue: pending and approved withdrawals, the soonest due first, with any payout in flight. */
  queue: (db: Executor) =>
    db
      .select({ withdrawal: withdrawals, email: users.email, username: users.username, sendingTxHash: sendingHash })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(inArray(withdrawals.status, ['pending', 'approved']))
      .orderBy(asc(withdrawals.dueAt)),
  /** Locks one withdrawal for a decision; later statements of the transaction see what others committed. */
  async lock(tx: Tx, id: string): Promise<WithdrawalRow | undefined> {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
    return row;
  },
  /** Whether the treasury has a payout for it that the chain has not dropped (signed, sent or confirmed). */
  async hasLivePayout(tx: Tx, id: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: treasurySteps.id })
      .from(treasurySteps)
      .where(
        and(
          eq(treasurySteps.withdrawalId, id),
          eq(treasurySteps.kind, 'payout'),
          sql`${treasurySteps.status} <> 'dropped'`,
        ),
      )
      .limit(1);
    return row !== undefined;
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
  async findTransfer(tx: Executor, chainId: number, txHash: string, logIndex: number) {
    const [row] = await tx
      .select()
      .from(treasuryTransfers)
      .where(
        and(
          eq(treasuryTransfers.chainId, chainId),
          eq(treasuryTransfers.txHash, txHash),
          eq(treasuryTransfers.logIndex, logIndex),
        ),
      );
    return row;
  },
  async linkTransfer(tx: Tx, key: { chainId: number; txHash: string; logIndex: number }, withdrawalId: string) {
    await tx
      .update(treasuryTransfers)
      .set({ withdrawalId })
      .where(
        and(
          eq(treasuryTransfers.chainId, key.chainId),
          eq(treasuryTransfers.txHash, key.txHash),
          eq(treasuryTransfers.logIndex, key.logIndex),
        ),
      );
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
