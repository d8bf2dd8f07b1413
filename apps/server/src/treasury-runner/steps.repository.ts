import { and, asc, eq, exists, inArray, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { depositAddresses, deposits, treasurySteps, withdrawals } from '../db/schema.js';
import { withRetries } from '../db/transaction.js';
import { leaseHeldIn } from './lease.js';

export type StepRow = typeof treasurySteps.$inferSelect;
export type StepKind = StepRow['kind'];
export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** A step about to be recorded: what was signed, for which kind and withdrawal. */
export interface NewStep {
  chainId: number;
  kind: StepKind;
  withdrawalId: string | null;
  fromAddress: string;
  toAddress: string;
  amountRaw: bigint;
  nonce: number;
  txHash: string;
  rawTx: string;
}

/** Why a step was not recorded: its nonce was taken meanwhile, the same move is already under way, the
 * withdrawal is no longer approved (rejected or paid since it was listed), the run no longer holds the treasury
 * lock, or it would move nothing (an amount of 0 is never sent). */
export type RecordRefusal = 'nonce-taken' | 'in-flight' | 'not-approved' | 'lock-lost' | 'zero';

const OPEN = ['signed', 'sent'] as const;
const isOpen = inArray(treasurySteps.status, [...OPEN]);

/** A payout that still counts: signed, sent or confirmed (the partial unique index allows one per withdrawal). */
const livePayoutOf = (withdrawalId: typeof withdrawals.id) =>
  and(
    eq(treasurySteps.withdrawalId, withdrawalId),
    eq(treasurySteps.kind, 'payout'),
    ne(treasurySteps.status, 'dropped'),
  );

export const stepsRepository = {
  /** Steps of these kinds on this chain the chain has not settled yet, each sender's in nonce order. */
  open: (db: Db, chainId: number, kinds: StepKind[]) =>
    db
      .select()
      .from(treasurySteps)
      .where(and(eq(treasurySteps.chainId, chainId), isOpen, inArray(treasurySteps.kind, kinds)))
      .orderBy(asc(treasurySteps.fromAddress), asc(treasurySteps.nonce)),

  /** The highest nonce `from` has in an open step on this chain (-1 when none). */
  async highestOpenNonce(db: Pick<Db, 'select'>, chainId: number, from: string): Promise<number> {
    const [row] = await db
      .select({ nonce: sql<number | null>`max(${treasurySteps.nonce})` })
      .from(treasurySteps)
      .where(and(eq(treasurySteps.chainId, chainId), eq(treasurySteps.fromAddress, from), isOpen));
    return row?.nonce ?? -1;
  },

  /**
   * Moves an open step to `status`. Only from signed/sent: the watcher may have confirmed a payout meanwhile,
   * and that must not be overwritten. Returns whether it changed.
   */
  async settle(db: Db, id: string, status: StepRow['status'], at: Date): Promise<boolean> {
    const rows = await db
      .update(treasurySteps)
      .set({ status, updatedAt: at })
      .where(and(eq(treasurySteps.id, id), isOpen))
      .returning({ id: treasurySteps.id });
    return rows.length > 0;
  },

  /**
   * Approved withdrawals without a live payout, oldest approval first; `alsoIds` are listed even with one (a dry
   * run lists those whose payout it would mark dropped).
   */
  payable: (db: Db, alsoIds: string[] = []) =>
    db
      .select()
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.status, 'approved'),
          or(
            notExists(
              db
                .select({ one: sql`1` })
                .from(treasurySteps)
                .where(livePayoutOf(withdrawals.id)),
            ),
            alsoIds.length > 0 ? inArray(withdrawals.id, alsoIds) : sql`false`,
          ),
        ),
      )
      .orderBy(sql`${withdrawals.approvedAt} asc nulls last`, asc(withdrawals.requestedAt), asc(withdrawals.id)),

  /** Deposit addresses that received a credited deposit on this chain, by derivation index. */
  depositAddresses: (db: Db, chainId: number) =>
    db
      .select({ derivationIndex: depositAddresses.derivationIndex, address: depositAddresses.address })
      .from(depositAddresses)
      .where(
        exists(
          db
            .select({ one: sql`1` })
            .from(deposits)
            .where(and(eq(deposits.address, depositAddresses.address), eq(deposits.chainId, chainId))),
        ),
      )
      .orderBy(asc(depositAddresses.derivationIndex)),

  /**
   * Records a signed step before it is broadcast, in one transaction that takes the sender's lock: two runs at
   * once cannot record two transactions with one nonce, nor two top-ups or sweeps of one address. A payout locks
   * its withdrawal first, as a rejection does, so a payout and a rejection cannot both go ahead. With `leaseOwner`
   * (every run of the treasury command) the step is recorded only while that run still holds the treasury lock,
   * and the lock row stays shared-locked until the step commits, so no other run can take over in between.
   */
  record(db: Db, step: NewStep, at: Date, leaseOwner?: string): Promise<StepRow | RecordRefusal> {
    if (step.amountRaw <= 0n) return Promise.resolve('zero');
    return withRetries(() =>
      db.transaction(async (tx): Promise<StepRow | RecordRefusal> => {
        if (leaseOwner !== undefined && !(await leaseHeldIn(tx, step.chainId, leaseOwner))) return 'lock-lost';
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`treasury:${step.chainId}:${step.fromAddress}`}))`,
        );
        if (step.withdrawalId) {
          const [w] = await tx
            .select({ status: withdrawals.status })
            .from(withdrawals)
            .where(eq(withdrawals.id, step.withdrawalId))
            .for('update');
          if (w?.status !== 'approved') return 'not-approved';
        }
        if ((await stepsRepository.highestOpenNonce(tx, step.chainId, step.fromAddress)) >= step.nonce) {
          return 'nonce-taken';
        }
        if (step.kind !== 'payout') {
          // One top-up per deposit address, one sweep from it, at a time.
          const party = step.kind === 'gas' ? treasurySteps.toAddress : treasurySteps.fromAddress;
          const party0 = step.kind === 'gas' ? step.toAddress : step.fromAddress;
          const [busy] = await tx
            .select({ id: treasurySteps.id })
            .from(treasurySteps)
            .where(
              and(
                eq(treasurySteps.chainId, step.chainId),
                eq(treasurySteps.kind, step.kind),
                eq(party, party0),
                isOpen,
              ),
            )
            .limit(1);
          if (busy) return 'in-flight';
        }
        // The partial unique index refuses a second live payout of one withdrawal: "already being paid".
        const [row] = await tx
          .insert(treasurySteps)
          .values({ ...step, amountRaw: step.amountRaw.toString(), status: 'signed', createdAt: at, updatedAt: at })
          .onConflictDoNothing()
          .returning();
        return row ?? 'in-flight';
      }),
    );
  },
};
