import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import type { SimulatedChain } from '../chain/simulated.js';

/**
 * Development only, on the simulated chain: the treasury command run inside the server (no keys: the simulated
 * chain signs by address and charges no gas), then a watcher pass so the payouts it sent show as paid at once.
 */
export function devTreasuryRunner(deps: {
  db: Db;
  clock: Clock;
  chain: SimulatedChain;
  treasuryAddress: string;
  /** The deposit address at an index (derived from the deposit xpub by app.ts). */
  depositAddress: (index: number) => string;
  watcher: { runOnce(): Promise<unknown> };
  treasury: { refreshIfDue(force?: boolean): Promise<unknown> };
}) {
  return async (command: 'sweep' | 'payouts', options: { dryRun: boolean; min?: string }) => {
    const { runTreasury } = await import('./run.js');
    const run = await runTreasury(command, {
      db: deps.db,
      clock: deps.clock,
      chain: deps.chain.treasuryChain,
      keys: {
        treasury: { address: deps.treasuryAddress },
        gas: null,
        deposit: (index: number) => ({ address: deps.depositAddress(index) }),
      },
      dryRun: options.dryRun,
      min: options.min,
    });
    if (!options.dryRun) {
      await deps.watcher.runOnce();
      await deps.treasury.refreshIfDue(true);
    }
    return run;
  };
}
