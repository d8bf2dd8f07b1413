/**
 * The treasury command's entry point, for the operator's CLI (BSC, keys on the operator's machine) and for the
 * development server's route (simulated chain, addresses only). No key handling here: the caller passes signers.
 */
import type { TreasuryCommand, TreasuryRun } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { parseUnits } from './format.js';
import { runPayouts } from './payouts.js';
import type { TreasuryHooks, WaitOptions } from './steps.js';
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
}

// One run at a time per database in this process (double clicks on the development buttons); across
// processes the sender's lock in steps.repository keeps nonces and withdrawals apart.
const running = new WeakMap<Db, Promise<unknown>>();

export function runTreasury(command: TreasuryCommand, options: TreasuryRunOptions): Promise<TreasuryRun> {
  const previous = running.get(options.db) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => dispatch(command, options));
  running.set(options.db, next);
  return next;
}

function dispatch(command: TreasuryCommand, options: TreasuryRunOptions): Promise<TreasuryRun> {
  if (command === 'payouts') return runPayouts(options);
  const min = options.min === undefined ? 0n : parseUnits(options.min, options.chain.decimals);
  if (min === null)
    return Promise.reject(new Error(`--min must be a USDT amount like 10 or 0.5, not "${options.min}"`));
  return runSweep({ ...options, min });
}
