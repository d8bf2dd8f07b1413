import type { TreasuryCommand, TreasuryRunStatus } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { leaseOwner } from './lease.js';
import { runsRepository as runs, runStatus } from './runs.repository.js';
import type { TreasuryAction } from './steps.js';
import type { TreasuryChain } from './types.js';

/** How often this process tells the database its runs are alive. */
const HEARTBEAT_MS = 5_000;
/** Progress is written at most this often while a run goes on (and always at its end). */
const PROGRESS_MS = 250;
/** How long closing waits for a run that is sending before it lets go (a simulated run takes milliseconds). */
const CLOSE_WAIT_MS = 15_000;

export interface DevTreasuryRuns {
  /**
   * Queues a run (or joins the one of its kind already waiting) and answers at once; this process carries out
   * the runs it queued, in the background, under the treasury lock.
   */
  start(
    command: TreasuryCommand,
    options: { dryRun: boolean; min?: string },
    requestedBy: string | null,
  ): Promise<TreasuryRunStatus>;
  /** A run's state as any instance stored it; null when there is no such run. */
  get(runId: string): Promise<TreasuryRunStatus | null>;
  /** Stops waiting runs and waits a little for the one sending (the app is closing). */
  close(): Promise<void>;
}

/**
 * Development only, on the simulated chain: the treasury command run inside the server (no keys: the simulated
 * chain signs by address and charges no gas), then a watcher pass so the payouts it sent show as paid at once.
 * A request answers with the run's id at once (202); the run's progress and result are read by id.
 */
export function devTreasuryRunner(deps: {
  db: Db;
  clock: Clock;
  /** The simulated chain's treasury view (chain/simulated.ts implements this folder's interface). */
  chain: TreasuryChain;
  treasuryAddress: string;
  /** The deposit address at an index (derived from the deposit xpub by app.ts). */
  depositAddress: (index: number) => string;
  watcher: { runOnce(): Promise<unknown> };
  treasury: { refreshIfDue(force?: boolean): Promise<unknown> };
  log?: { warn(obj: object, msg: string): void };
}): DevTreasuryRuns {
  const { db } = deps;
  const mine = new Map<string, Promise<void>>();
  const closing = new AbortController();
  let heartbeat: NodeJS.Timeout | null = null;

  const warn = (error: unknown, msg: string) =>
    deps.log?.warn({ err: error instanceof Error ? error.message : String(error) }, msg);

  function beatWhileRunning() {
    if (heartbeat || mine.size === 0) return;
    heartbeat = setInterval(() => {
      if (mine.size === 0) {
        clearInterval(heartbeat!);
        heartbeat = null;
        return;
      }
      runs.beat(db, [...mine.keys()]).catch((error: unknown) => warn(error, 'treasury run heartbeat failed'));
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  /** Writes progress at most every PROGRESS_MS; `flush` writes the last of it. */
  function progressWriter(runId: string) {
    let latest: readonly TreasuryAction[] | null = null;
    let timer: NodeJS.Timeout | null = null;
    let writing: Promise<void> = Promise.resolve();
    const write = () => {
      timer = null;
      const actions = latest;
      latest = null;
      if (actions) {
        writing = writing
          .then(() => runs.progress(db, runId, actions))
          .catch((error: unknown) => warn(error, 'treasury run progress not saved'));
      }
    };
    return {
      update(actions: readonly TreasuryAction[]) {
        latest = [...actions];
        timer ??= setTimeout(write, PROGRESS_MS);
      },
      async flush() {
        if (timer) clearTimeout(timer);
        write();
        await writing;
      },
    };
  }

  async function carryOut(runId: string, command: TreasuryCommand, options: { dryRun: boolean; min?: string }) {
    const progress = progressWriter(runId);
    try {
      const { runTreasury } = await import('./run.js');
      const result = await runTreasury(command, {
        db,
        clock: deps.clock,
        chain: deps.chain,
        keys: {
          treasury: { address: deps.treasuryAddress },
          gas: null,
          deposit: (index: number) => ({ address: deps.depositAddress(index) }),
        },
        dryRun: options.dryRun,
        min: options.min,
        lockOwner: leaseOwner(`run ${runId}`),
        signal: closing.signal,
        onStart: () => runs.started(db, runId),
        onProgress: (actions) => progress.update(actions),
      });
      await progress.flush();
      if (!options.dryRun) {
        // The payouts it sent show as paid at once; a failure here leaves them to the background watcher.
        await deps.watcher.runOnce().catch((error: unknown) => warn(error, 'watcher pass after a treasury run failed'));
        await deps.treasury.refreshIfDue(true).catch((error: unknown) => warn(error, 'treasury refresh failed'));
      }
      await runs.finished(db, runId, result);
    } catch (error) {
      await progress.flush();
      const message =
        closing.signal.aborted && error === closing.signal.reason
          ? 'The server stopped before this run could start.'
          : error instanceof Error
            ? error.message.split('\n')[0]!
            : String(error);
      await runs.failed(db, runId, message).catch((e: unknown) => warn(e, 'treasury run failure not saved'));
    }
  }

  return {
    async start(command, options, requestedBy) {
      await runs.failStale(db);
      await runs.dropOld(db);
      const { row, created } = await runs.enqueue(db, {
        chainId: deps.chain.chainId,
        command,
        dryRun: options.dryRun,
        min: options.min ?? null,
        requestedBy,
      });
      if (created) {
        const done = carryOut(row.id, command, options).finally(() => mine.delete(row.id));
        mine.set(row.id, done);
        beatWhileRunning();
      }
      return runStatus(row);
    },

    async get(runId) {
      await runs.failStale(db);
      const row = await runs.get(db, runId);
      return row ? runStatus(row) : null;
    },

    async close() {
      closing.abort();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      const all = Promise.allSettled([...mine.values()]);
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, CLOSE_WAIT_MS).unref())]);
    },
  };
}
