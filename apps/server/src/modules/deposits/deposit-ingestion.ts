import {
  ceilingText,
  formatAmountExact,
  MAX_AMOUNT,
  MSG,
  topupCredit,
  toDecimalString,
  tokenToMicro,
} from '@svp/shared';
import type { IngestResult, ObservedTransfer } from '../../chain/types.js';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { pgErrorCode } from '../../db/pg-errors.js';
import { inTransaction, withRetries } from '../../db/transaction.js';
import { requestUserAccount, statementLegs, systemAccount, type Ledger } from '../ledger/ledger.service.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { depositsRepository as repo, type DepositCredit } from './deposits.repository.js';

/*
 * Deposit ingestion (DESIGN D8, ADRs 0028 and 0034): what the watcher hands over, credited once per
 * (chain, tx, log) or recorded as rejected. The top-up requests it matches are deposits.service.ts's.
 */

export type RejectionCode = 'above_ceiling' | 'failed';

/** A short account of an error for the admin's screen (the log has the whole of it). */
export function describeFailure(error: unknown): string {
  let cause: unknown = error;
  // drizzle wraps the database's error in one that quotes the whole query; the database's own words are enough.
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  return failureText(pgErrorCode(error), cause instanceof Error ? cause.message : String(cause));
}

/** "database error 22003: value … is out of range": a refusal as the admin reads it, from its code and words. */
const failureText = (code: string | undefined, message: string) =>
  `${code ? `database error ${code}: ` : ''}${message}`.slice(0, 200);

const INT32_MAX = 2 ** 31 - 1;
const INT64_MAX = 2n ** 63n - 1n;

const key = (t: ObservedTransfer) => ({ chainId: t.chainId, txHash: t.txHash.toLowerCase(), logIndex: t.logIndex });
/** Transfers credited per database call: one transaction, so it holds its users' balances until it commits. */
const CREDIT_BATCH = 200;
/**
 * Database calls crediting one chunk at once (ADR 0034): a call is one backend's work, so one lane at a time used
 * one of PostgreSQL's cores. A deposit address is one user's, so a lane per address keeps each user's payments in
 * chain order (a top-up request is matched by the first payment to it) and no two lanes lock the same balance.
 */
const CREDIT_LANES = 4;
/** The lane of a deposit address: a hash of it, the same for every chunk. */
function laneOf(address: string): number {
  let hash = 0;
  for (let i = 0; i < address.length; i++) hash = (hash * 31 + address.charCodeAt(i)) | 0;
  return Math.abs(hash) % CREDIT_LANES;
}
type Credit = { index: number; transfer: ObservedTransfer; credit: DepositCredit };

export function createDepositIngestion(deps: { db: Db; clock: Clock; ledger: Ledger }) {
  const { db, clock, ledger } = deps;

  /** What api_credit_deposits needs of one transfer: the fee and credit (topupCredit) and the posting's legs. */
  function creditOf(transfer: ObservedTransfer, received: bigint): DepositCredit {
    const { fee, credit } = topupCredit(received);
    const txHash = transfer.txHash.toLowerCase();
    const legs =
      received === 0n
        ? []
        : statementLegs('deposit', [
            { account: systemAccount('usd.deposits'), amount: -received },
            { account: systemAccount('usd.fees.topup'), amount: fee },
            { account: requestUserAccount('usd.balance'), amount: credit },
          ]);
    return {
      chainId: transfer.chainId,
      txHash,
      logIndex: transfer.logIndex,
      blockNumber: transfer.blockNumber.toString(),
      address: transfer.to.toLowerCase(),
      amountRaw: transfer.amountRaw.toString(),
      received: `${received}`,
      fee: `${fee}`,
      credited: `${credit}`,
      key: ledgerKey.deposit(transfer.chainId, transfer.blockNumber, txHash, transfer.logIndex),
      memo: `Top-up received: ${toDecimalString(received, 'USD')} USDT, fee ${toDecimalString(fee, 'USD')}`,
      legs: {
        owners: legs.map((l) => l.owner),
        codes: legs.map((l) => l.code),
        assets: legs.map((l) => l.asset),
        amounts: legs.map((l) => `${l.amount}`),
        allowNegative: legs.map((l) => l.allowNegative),
      },
    };
  }

  /**
   * Credits transfers (given in chain order) in CREDIT_LANES lanes at once, each user's in chain order, one database
   * call each CREDIT_BATCH of a lane (sql/functions/deposits/api_credit_deposits.sql): the owner's look-up, the
   * request's match, the deposit row, the posting and the notification, for each. A transfer above the ceiling, or
   * whose values the database refuses, is recorded as rejected instead. Results in the transfers' order.
   */
  async function ingestMany(transfers: ObservedTransfer[]): Promise<IngestResult[]> {
    const results: IngestResult[] = [];
    const lanes: Credit[][] = Array.from({ length: CREDIT_LANES }, () => []);
    for (const [index, transfer] of transfers.entries()) {
      const received = tokenToMicro(transfer.amountRaw, transfer.decimals);
      if (received > MAX_AMOUNT.USD) {
        // Rare, and a rejection of its own: it touches no balance, so its order against the credits is free.
        results[index] = await rejectAboveCeiling(transfer, received);
      } else {
        const credit = creditOf(transfer, received);
        lanes[laneOf(credit.address)]!.push({ index, transfer, credit });
      }
    }
    // Every lane runs to its end before a failure is passed on: the watcher then goes one transfer at a time,
    // and must not race a lane still crediting.
    const settled = await Promise.allSettled(lanes.map((lane) => creditLane(lane, results)));
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    return results;
  }

  /** One lane's credits in chain order, CREDIT_BATCH per database call; each result at its transfer's index. */
  async function creditLane(lane: Credit[], results: IngestResult[]): Promise<void> {
    for (let start = 0; start < lane.length; start += CREDIT_BATCH) {
      const batch = lane.slice(start, start + CREDIT_BATCH);
      const done = await withRetries(() =>
        repo.creditDeposits(
          db,
          batch.map((c) => c.credit),
          clock.now(),
        ),
      );
      for (const [k, { index, transfer, credit }] of batch.entries()) {
        const outcome = done[k]!;
        if (outcome.result === 'failed') {
          const reason = MSG.topup.rejectedFailed(failureText(outcome.code, outcome.message));
          results[index] = await recordRejection(transfer, outcome.userId, 'failed', reason);
        } else {
          results[index] = outcome.result;
          if (outcome.result === 'credited' && credit.legs.owners.length > 0) ledger.notePosted('deposit');
        }
      }
    }
  }

  async function rejectAboveCeiling(transfer: ObservedTransfer, received: bigint): Promise<IngestResult> {
    const owner = await repo.ownerOf(db, transfer.to);
    if (!owner) return 'ignored';
    const reason = MSG.topup.rejectedAboveCeiling(formatAmountExact(received, 'USD'), ceilingText('USD'));
    return recordRejection(transfer, owner.userId, 'above_ceiling', reason);
  }

  /** Stores the rejection once; 'duplicate' when it was rejected before or credited already. */
  async function recordRejection(
    transfer: ObservedTransfer,
    userId: string,
    code: RejectionCode,
    reason: string,
  ): Promise<IngestResult> {
    return inTransaction(db, async (tx) => {
      // A transfer whose numbers a deposit row cannot hold was never credited; only look when it could have been.
      const storable = Number.isInteger(transfer.logIndex) && transfer.logIndex >= 0 && transfer.logIndex <= INT32_MAX;
      if (storable && transfer.blockNumber <= INT64_MAX && (await repo.hasDeposit(tx, key(transfer)))) {
        return 'duplicate';
      }
      const inserted = await repo.insertRejection(tx, {
        chainId: transfer.chainId,
        txHash: transfer.txHash.toLowerCase(),
        logIndex: String(transfer.logIndex),
        blockNumber: transfer.blockNumber.toString(),
        address: transfer.to.toLowerCase(),
        userId,
        amountRaw: transfer.amountRaw.toString(),
        decimals: transfer.decimals,
        code,
        reason,
        seenAt: clock.now(),
      });
      return inserted ? 'rejected' : 'duplicate';
    });
  }

  return {
    /**
     * The one ingestion path for every chain (DESIGN D8): stores each transfer once per (chain, tx, log) and
     * credits received − $3 once, in the same database transaction. A transfer that cannot be credited (above
     * the ceiling, or refused by the database for what it holds) is recorded as rejected instead, so it never
     * stops the transfers after it. Results in the transfers' order.
     */
    ingestMany,
    async ingest(transfer: ObservedTransfer): Promise<IngestResult> {
      const [result] = await ingestMany([transfer]);
      return result!;
    },

    /**
     * Records `transfer` as rejected, once; the watcher calls it for a transfer that keeps failing for a reason
     * it cannot classify. A transfer already credited stays credited ('duplicate').
     */
    async reject(transfer: ObservedTransfer, error: unknown): Promise<IngestResult> {
      const owner = await repo.ownerOf(db, transfer.to);
      if (!owner) return 'ignored';
      return recordRejection(transfer, owner.userId, 'failed', MSG.topup.rejectedFailed(describeFailure(error)));
    },
  };
}
