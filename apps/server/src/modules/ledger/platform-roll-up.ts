import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { periodicJob } from '../../jobs/periodic.js';
import { ledgerRepository } from './ledger.repository.js';

/** Postings taken per transaction of the roll-up: one short transaction each, whatever the backlog. */
const BATCH = 5_000;

/**
 * Keeps the platform accounts' cached balances current (sql/functions/ledger/ledger_roll_up_platform.sql,
 * docs/decisions/0030): postings no longer move those shared rows, they queue their transaction, and this job adds the
 * queued entries every `intervalMs`, a batch at a time until the queue is empty. It runs in every app process; two at
 * once take disjoint batches. Readers never depend on it (platform_accounts adds what waits), so a late pass only means
 * a longer queue. The same pass folds the overview's kept counts' changes into their totals (ADR 0037), so those stay a
 * few rows whether or not anyone reads the overview.
 */
export function createPlatformRollUp(deps: { db: Db; log: FastifyBaseLogger; intervalMs?: number }) {
  async function runOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await ledgerRepository.rollUpPlatform(deps.db, BATCH);
      total += n;
      if (n < BATCH) break;
    }
    await ledgerRepository.compactPlatformCounts(deps.db);
    return total;
  }
  return { runOnce, ...periodicJob('platform roll-up', deps.intervalMs ?? 1_000, runOnce, deps.log) };
}

export type PlatformRollUp = ReturnType<typeof createPlatformRollUp>;
