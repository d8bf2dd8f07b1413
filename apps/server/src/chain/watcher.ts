import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { chainCursor } from './cursor.js';
import { isUnavailable } from '../db/pg-errors.js';
import type { LeaderLock } from './leader-lock.js';
import type { ChainScanner, DepositSink, IngestResult, ObservedTransfer, PayoutSink } from './types.js';

/** Block, then log index: the order the chain applied them in. */
const inChainOrder = (a: ObservedTransfer, b: ObservedTransfer) =>
  a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;

const transferId = (t: ObservedTransfer) => `${t.chainId}:${t.txHash.toLowerCase()}:${t.logIndex}`;

/** Scans that one transfer may fail for a reason the ingestion cannot classify before it is rejected. */
export const MAX_INGEST_ATTEMPTS = 5;

/**
 * Scans from the stored cursor up to the scanner's safe head in chunks of at most `maxRange` blocks,
 * ingests every transfer to a deposit address (the chunk's transfers, whose recipients are looked up at once), confirms every payout leaving the treasury, then moves the cursor. Ingestion is idempotent, so a
 * crash between the two only means the chunk is read again.
 *
 * One transfer never stops the ones after it: one that cannot be credited is recorded as rejected
 * by the ingestion (above the ceiling, refused by the database for what it holds). One that fails otherwise
 * (a lost connection, say) fails the scan with the cursor just before its block, so it is tried again; after
 * MAX_INGEST_ATTEMPTS scans it is rejected too, and the watcher moves on.
 */
export function createDepositWatcher(deps: {
  db: Db;
  clock: Clock;
  scanner: ChainScanner;
  deposits: DepositSink;
  /** USDT leaving the treasury, confirmed: pays the approved withdrawal it matches (DESIGN D16). */
  payouts?: PayoutSink;
  /** After each completed scan (the treasury screen's holdings are refreshed from here); its failure is logged. */
  afterScan?: () => Promise<void>;
  lock: LeaderLock;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Where a never-scanned chain starts; default: the current safe head (only new payments). */
  startBlock?: bigint;
  onScanned?: (event: {
    lag: bigint;
    seen: number;
    credited: number;
    rejected: number;
    paid: number;
    unmatched: number;
  }) => void;
}) {
  const { db, scanner } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  /** Failed attempts per transfer (chain:tx:log), while it keeps failing; cleared by a scan that completes. */
  const failures = new Map<string, number>();

  async function scan(): Promise<number> {
    if (!(await deps.lock.acquire())) return 0;
    const safe = await scanner.safeHead();
    const stored = await chainCursor.get(db, scanner.chainId);
    let cursor: bigint;
    if (stored !== null) cursor = stored;
    else {
      cursor = deps.startBlock !== undefined ? deps.startBlock - 1n : scanner.name === 'simulated' ? 0n : safe;
      await chainCursor.set(db, scanner.chainId, cursor, deps.clock.now());
    }
    let credited = 0;
    let seen = 0;
    let rejected = 0;
    let paid = 0;
    let unmatched = 0;
    try {
      while (cursor < safe) {
        const from = cursor + 1n;
        const to: bigint = safe < cursor + scanner.maxRange ? safe : cursor + scanner.maxRange;
        const transfers = (await transfersToUs(from, to)).sort(inChainOrder);
        await ingestAll(transfers, cursor, (transfer, result) => {
          if (result !== 'ignored') seen += 1;
          if (result === 'credited') credited += 1;
          if (result === 'rejected') {
            rejected += 1;
            deps.log.warn(
              { chainId: transfer.chainId, txHash: transfer.txHash, logIndex: transfer.logIndex, to: transfer.to },
              'deposit rejected: recorded for the admin, not credited',
            );
          }
        });
        // Payouts are keyed by (chain, transaction, log) too, so a chunk read again pays nothing twice.
        const treasury = deps.payouts?.treasury;
        if (treasury) {
          for (const transfer of (await scanner.outgoing(from, to, treasury)).sort(inChainOrder)) {
            const result = await deps.payouts!.confirm(transfer);
            if (result === 'paid') paid += 1;
            if (result === 'unmatched') {
              unmatched += 1;
              deps.log.warn(
                { chainId: transfer.chainId, txHash: transfer.txHash, to: transfer.to },
                'USDT left the treasury matching no approved withdrawal: flagged for the admin',
              );
            }
          }
        }
        await chainCursor.set(db, scanner.chainId, to, deps.clock.now());
        cursor = to;
      }
      failures.clear();
    } finally {
      // Also after a failed scan: what it did credit or reject before failing is counted.
      deps.onScanned?.({ lag: safe - cursor, seen, credited, rejected, paid, unmatched });
    }
    await deps.afterScan?.().catch((error: unknown) => {
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'treasury holdings not refreshed');
    });
    return credited;
  }

  /**
   * The transfers in [from, to] to a deposit address: the chain gives every transfer of the token in the range,
   * and the sink looks up only the recipients among them (ADR 0022: a pass costs its transfers, not its users).
   */
  async function transfersToUs(from: bigint, to: bigint): Promise<ObservedTransfer[]> {
    const all = await scanner.transfers(from, to);
    if (all.length === 0) return [];
    const ours = await deps.deposits.depositAddressesAmong([...new Set(all.map((t) => t.to.toLowerCase()))]);
    return all.filter((t) => ours.has(t.to.toLowerCase()));
  }

  /**
   * Ingests a chunk's transfers in as few database calls as the sink can (ADRs 0028, 0034); when that fails, one at a
   * time, which keeps those before the transfer at fault and counts its attempts.
   */
  async function ingestAll(
    transfers: ObservedTransfer[],
    cursor: bigint,
    tally: (transfer: ObservedTransfer, result: IngestResult) => void,
  ): Promise<void> {
    if (transfers.length === 0) return;
    let results: IngestResult[];
    try {
      results = await deps.deposits.ingestMany(transfers);
    } catch (error) {
      deps.log.warn(
        { err: error instanceof Error ? error.message : String(error), transfers: transfers.length },
        'deposit chunk not ingested at once: one transfer at a time',
      );
      // Each result is counted as it comes: a scan that fails part-way still reports what it did.
      for (const transfer of transfers) tally(transfer, await ingestOrGiveUp(transfer, cursor));
      return;
    }
    for (const [i, transfer] of transfers.entries()) {
      failures.delete(transferId(transfer));
      tally(transfer, results[i]!);
    }
  }

  /** Ingests one transfer; on failure keeps what is done and fails the scan, or rejects it once out of attempts. */
  async function ingestOrGiveUp(transfer: ObservedTransfer, cursor: bigint): Promise<IngestResult> {
    const id = transferId(transfer);
    try {
      const result = await deps.deposits.ingest(transfer);
      failures.delete(id);
      return result;
    } catch (error) {
      const attempts = (failures.get(id) ?? 0) + (isUnavailable(error) ? 0 : 1);
      failures.set(id, attempts);
      deps.log.error(
        { err: error, chainId: transfer.chainId, txHash: transfer.txHash, logIndex: transfer.logIndex, attempts },
        'deposit ingestion failed',
      );
      if (attempts < MAX_INGEST_ATTEMPTS) {
        // Connection trouble keeps the attempt count where it was: only the transfer's own failures add up.
        // Every transfer before this one is ingested: the next scan starts at this transfer's block.
        if (transfer.blockNumber - 1n > cursor) {
          await chainCursor.set(db, scanner.chainId, transfer.blockNumber - 1n, deps.clock.now());
        }
        throw error;
      }
      failures.delete(id);
      return deps.deposits.reject(transfer, error);
    }
  }

  return {
    /** One scan now; concurrent callers share the scan in flight. */
    runOnce(): Promise<number> {
      running ??= scan().finally(() => {
        running = null;
      });
      return running;
    },
    /**
     * A scan that starts after this call: what was paid just before it is seen. A scan already in flight may have
     * read the chain before that payment, so it is waited for, not shared (the development payment routes).
     */
    async runFresh(): Promise<number> {
      await running?.catch(() => undefined);
      return this.runOnce();
    },
    start() {
      const tick = async () => {
        try {
          await this.runOnce();
        } catch (error) {
          deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'deposit watcher scan failed');
        }
        timer = setTimeout(tick, deps.intervalMs);
        timer.unref();
      };
      timer = setTimeout(tick, 0);
      timer.unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
      await deps.lock.release();
    },
  };
}

export type DepositWatcher = ReturnType<typeof createDepositWatcher>;
