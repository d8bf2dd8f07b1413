import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { NOTIFICATION_TYPES, USD_UNIT, type Asset } from '@svp/shared';
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

/** What a withdrawal request is priced from (migration 0016's api_withdrawal_state), as JSON. */
export interface WithdrawalState {
  investment: { id: string; amount: string; expected: string; endsAt: string } | null;
  earnings: string;
  wallet: string;
  verified: boolean;
}

/** The request's two calls (migration 0016): the read it is priced from, then the request itself. */
const readStatement = preparedStatement<StatementRow>(
  'api_withdrawal_read',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_withdrawal_read($1, $2::timestamptz, $3, $4)`,
);
const requestStatement = preparedStatement<StatementRow>(
  'api_withdrawal_request',
  `select o_outcome as outcome, o_user_id as "userId", o_result as result
   from api_withdrawal_request($1, $2::timestamptz, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13::uuid,
     $14, $15, $16, $17, $18, $19::timestamptz, $20, $21, $22::text[], $23::text[], $24::text[], $25::bigint[],
     $26::boolean[], $27, $28, $29::jsonb)`,
);

export interface WithdrawalRequestRow {
  frame: RequestFrame;
  /** The state it was priced from, exactly as read: the statement refuses to act if it changed (SV004). */
  read: WithdrawalState;
  refusal: string | null;
  kind: 'maturity' | 'break';
  withdrawalId: string;
  payout: { gross: bigint; handling: bigint; crypto: bigint; charity: bigint; payout: bigint } | null;
  dueAt: Date;
  ledgerKind: string;
  memo: string;
  legs: { owner: string; code: string; asset: Asset; amount: bigint; allowNegative: boolean }[];
  notification: { type: string; category: string; params: Record<string, string> };
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
  async requestRead(db: Db, frame: RequestFrame): Promise<StatementRow> {
    const [row] = await readStatement(db, frameParams(frame).slice(0, 4));
    return row!;
  },
  async request(db: Db, r: WithdrawalRequestRow): Promise<StatementRow> {
    const money = r.payout ?? { gross: 0n, handling: 0n, crypto: 0n, charity: 0n, payout: 0n };
    const [row] = await requestStatement(db, [
      ...frameParams(r.frame),
      JSON.stringify(r.read),
      r.refusal,
      r.kind,
      r.withdrawalId,
      ...[money.gross, money.handling, money.crypto, money.charity, money.payout].map(String),
      r.dueAt.toISOString(),
      r.ledgerKind,
      r.memo,
      r.legs.map((l) => l.owner),
      r.legs.map((l) => l.code),
      r.legs.map((l) => l.asset),
      r.legs.map((l) => l.amount.toString()),
      r.legs.map((l) => l.allowNegative),
      r.notification.type,
      r.notification.category,
      JSON.stringify(r.notification.params),
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
