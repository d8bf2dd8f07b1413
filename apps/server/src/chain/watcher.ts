import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { depositsRepository } from '../modules/deposits/deposits.repository.js';
import type { DepositsService } from '../modules/deposits/deposits.service.js';
import type { LeaderLock } from './leader-lock.js';
import type { ChainScanner } from './types.js';

/**
 * Scans from the stored cursor up to the scanner's safe head in chunks of at most `maxRange` blocks,
 * ingests every transfer to a deposit address, then moves the cursor. Ingestion is idempotent, so a
 * crash between the two only means the chunk is read again.
 */
export function createDepositWatcher(deps: {
  db: Db;
  clock: Clock;
  scanner: ChainScanner;
  deposits: DepositsService;
  lock: LeaderLock;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Where a never-scanned chain starts; default: the current safe head (only new payments). */
  startBlock?: bigint;
  onScanned?: (event: { lag: bigint; seen: number; credited: number }) => void;
}) {
  const { db, scanner } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function scan(): Promise<number> {
    if (!(await deps.lock.acquire())) return 0;
    const safe = await scanner.safeHead();
    const stored = await depositsRepository.cursor(db, scanner.chainId);
    let cursor: bigint;
    if (stored !== null) cursor = stored;
    else {
      cursor = deps.startBlock !== undefined ? deps.startBlock - 1n : scanner.name === 'simulated' ? 0n : safe;
      await depositsRepository.setCursor(db, scanner.chainId, cursor, deps.clock.now());
    }
    let credited = 0;
    let seen = 0;
    while (cursor < safe) {
      const from = cursor + 1n;
      const to: bigint = safe < cursor + scanner.maxRange ? safe : cursor + scanner.maxRange;
      const addresses = await depositsRepository.allAddresses(db);
      for (const transfer of await scanner.transfers(from, to, addresses)) {
        const result = await deps.deposits.ingest(transfer);
        if (result !== 'ignored') seen += 1;
        if (result === 'credited') credited += 1;
      }
      await depositsRepository.setCursor(db, scanner.chainId, to, deps.clock.now());
      cursor = to;
    }
    deps.onScanned?.({ lag: safe - cursor, seen, credited });
    return credited;
  }

  return {
    /** One scan now; concurrent callers share the scan in flight. */
    runOnce(): Promise<number> {
      running ??= scan().finally(() => {
        running = null;
      });
      return running;
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
