/**
 * The treasury command's entry point, for the operator's CLI (BSC, keys on the operator's machine) and for the
 * development server's route (simulated chain, addresses only). No key handling here: the caller passes signers.
 */
import type { TreasuryCommand, TreasuryRun } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { parseUnits } from './format.js';
import { acquireLease, type LeaseHolder } from './lease.js';
import { runPayouts } from './payouts.js';
import type { ProgressListener, TreasuryHooks, WaitOptions } from './steps.js';
import { runSweep } from './sweep.js';
import type { TreasuryChain, TreasuryKeys } from './types.js';

export type { TreasuryHooks, WaitOptions } from './steps.js';

export interface TreasuryRunOptions {
  db: Db;
  clock: Clock;
  chain: TreasuryChain;
  keys: TreasuryKeys;
  dryRun: boolean;
  /** Sweep only: the smallest USDT balance worth sweeping, as a decimal ("10", "0.5"); default: any. */
  min?: string;
  hooks?: TreasuryHooks;
  /** Sweep only: how long to wait for top-ups and sweeps to be mined. */
  wait?: WaitOptions;
  /** Who takes the treasury lock (lease.ts leaseOwner); default: this host and process. */
  lockOwner?: string;
  /** How long to wait for another run holding the treasury lock (default 10 minutes). */
  lockWaitMs?: number;
  /** Called when another run holds the lock and this one starts waiting for it. */
  onLockWait?: (holder: LeaseHolder | null) => void;
  /** Called once the lock is held, before anything is read or sent. */
  onStart?: () => void | Promise<void>;
  /** Every action taken so far, each time one is added. */
  onProgress?: ProgressListener;
  /** Stops waiting for the lock (a server closing). */
  signal?: AbortSignal;
}

// One run at a time per database in this process (double clicks on the development buttons); across
// processes and machines, the treasury lock (lease.ts) does the same.
const running = new WeakMap<Db, Promise<unknown>>();

/**
 * Runs the command under the chain's treasury lock (DESIGN D16): every balance it reads and every transfer it
 * sends is decided while no other run, on any instance or operator machine sharing the database, can send.
 */
export function runTreasury(command: TreasuryCommand, options: TreasuryRunOptions): Promise<TreasuryRun> {
  const previous = running.get(options.db) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => locked(command, options));
  running.set(options.db, next);
  return next;
}

async function locked(command: TreasuryCommand, options: TreasuryRunOptions): Promise<TreasuryRun> {
  const min = command === 'payouts' || options.min === undefined ? 0n : parseUnits(options.min, options.chain.decimals);
  if (min === null) throw new Error(`--min must be a USDT amount like 10 or 0.5, not "${options.min}"`);
  const lease = await acquireLease(options.db, options.chain.chainId, {
    owner: options.lockOwner,
    waitMs: options.lockWaitMs,
    onWait: options.onLockWait,
    signal: options.signal,
  });
  try {
    await options.onStart?.();
    const step = { ...options, leaseOwner: lease.owner };
    return command === 'payouts' ? await runPayouts(step) : await runSweep({ ...step, min });
  } finally {
    await lease.release();
  }
}
