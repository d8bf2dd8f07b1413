import { unitsText, type TreasuryRun } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { stepsRepository as repo, type StepRow } from './steps.repository.js';
import {
  actionLog,
  DEFAULT_WAIT,
  refusalText,
  settleOpenSteps,
  signAndSend,
  stepAction,
  waitForReceipt,
  type StepContext,
  type TreasuryAction,
  type ProgressListener,
  type TreasuryHooks,
  type WaitOptions,
} from './steps.js';
import type { TreasuryChain, TreasuryKeys } from './types.js';

export interface SweepOptions {
  db: Db;
  clock: Clock;
  chain: TreasuryChain;
  keys: TreasuryKeys;
  /** Token base units: addresses holding less are left alone (a sweep must be worth its gas). */
  min: bigint;
  /** Plan only: reads the database and the chain, writes, signs and sends nothing. */
  dryRun: boolean;
  hooks?: TreasuryHooks;
  wait?: WaitOptions;
  /** The treasury lock the run holds (run.ts takes it). */
  leaseOwner?: string;
  onProgress?: ProgressListener;
}

/**
 * Moves the USDT on deposit addresses to the treasury (DESIGN D16). An address without enough BNB for the
 * token transfer first gets the difference from the gas wallet, and the sweep waits until that is mined. Every
 * decision is taken from the chain as it is now, so a re-run after a crash neither tops up an address that
 * already has its gas nor sweeps one that is already empty. run.ts holds the treasury lock around the whole run,
 * so no other run sweeps between the balance read and the send; an address found empty is never sent 0.
 */
export async function runSweep(options: SweepOptions): Promise<TreasuryRun> {
  const { db, chain, keys, dryRun } = options;
  const wait = options.wait ?? DEFAULT_WAIT;
  const ctx: StepContext = options;
  const treasury = keys.treasury.address.toLowerCase();
  const settled = await settleOpenSteps(ctx, ['gas', 'sweep']);
  const log = actionLog(settled.actions, options.onProgress);
  let gas = 0n;
  const done = (): TreasuryRun => ({
    command: 'sweep',
    dryRun,
    actions: log.list,
    gas: unitsText(gas, 18),
    unpaid: null,
  });

  const openGas = new Map(settled.pending.filter((s) => s.kind === 'gas').map((s) => [s.toAddress, s]));
  const openSweep = new Map(settled.pending.filter((s) => s.kind === 'sweep').map((s) => [s.fromAddress, s]));
  const gasWallet = keys.gas;
  let gasFunds = gasWallet ? await chain.nativeBalance(gasWallet.address.toLowerCase()) : 0n;

  /** Waits for a step this run (or the last one) sent; true once it is mined and succeeded. */
  async function mined(step: StepRow): Promise<boolean> {
    const receipt = await waitForReceipt(chain, step.txHash, wait);
    if (receipt === 'success') {
      await repo.settle(db, step.id, 'confirmed', options.clock.now());
      log.add(stepAction(chain, step, 'confirmed'));
      return true;
    }
    if (receipt === 'reverted') {
      await repo.settle(db, step.id, 'dropped', options.clock.now());
      log.add(stepAction(chain, step, 'dropped: reverted on chain'));
    } else {
      log.add(stepAction(chain, step, 'sent, not mined yet: re-run to carry on'));
    }
    return false;
  }

  for (const { derivationIndex, address } of await repo.depositAddresses(db, chain.chainId)) {
    const action = (kind: 'gas' | 'sweep', outcome: string, amount = '0'): TreasuryAction => ({
      kind,
      subject: address,
      to: kind === 'gas' ? address : treasury,
      amount,
      txHash: null,
      outcome,
    });
    // A sweep already on its way: see it through rather than send another.
    const sweeping = openSweep.get(address);
    if (sweeping) {
      if (!dryRun) await mined(sweeping);
      continue;
    }
    const balance = await chain.tokenBalance(address);
    if (balance === 0n) continue;
    const usdt = unitsText(balance, chain.decimals);
    if (balance < options.min) {
      log.add(action('sweep', 'skipped: below the minimum', usdt));
      continue;
    }
    const signer = keys.deposit(derivationIndex);
    if (signer.address.toLowerCase() !== address) {
      log.add(action('sweep', `skipped: the deposit key for index ${derivationIndex} is not this address's`, usdt));
      continue;
    }

    const costs = await chain.gasCosts();
    if (costs.tokenTransfer > 0n) {
      // A top-up already on its way: wait for it (a dry run assumes it lands) rather than send another.
      const topping = openGas.get(address);
      if (topping && !dryRun && !(await mined(topping))) continue;
      const native = topping && dryRun ? costs.tokenTransfer : await chain.nativeBalance(address);
      if (native < costs.tokenTransfer) {
        const topUp = costs.tokenTransfer - native;
        const bnb = unitsText(topUp, 18);
        if (!gasWallet) {
          log.add(action('gas', `skipped: needs ${bnb} BNB for gas and the gas wallet's key is not loaded`, bnb));
          continue;
        }
        if (gasFunds < topUp + costs.nativeTransfer) {
          log.add(action('gas', `stopped: the gas wallet has ${unitsText(gasFunds, 18)} BNB, needs ${bnb} + fee`, bnb));
          break;
        }
        gasFunds -= topUp + costs.nativeTransfer;
        if (dryRun) {
          gas += costs.nativeTransfer;
          log.add(action('gas', 'planned', bnb));
        } else {
          const sent = await signAndSend(ctx, { kind: 'gas', withdrawalId: null, from: gasWallet }, (nonce) =>
            chain.signNativeTransfer(gasWallet, address, topUp, nonce),
          );
          if (!sent.ok) {
            log.add(action('gas', 'refused' in sent ? refusalText[sent.refused] : `failed: ${sent.error}`, bnb));
            // The gas wallet's later nonces would wait behind a failed one; a run without the lock sends nothing.
            if ('error' in sent || sent.refused === 'lock-lost') break;
            continue;
          }
          gas += costs.nativeTransfer;
          if (!(await mined(sent.step))) continue;
        }
      }
    }

    if (dryRun) {
      gas += costs.tokenTransfer;
      log.add(action('sweep', 'planned', usdt));
      continue;
    }
    // Read again: the whole balance as it is when signed goes to the treasury. Nothing of 0 is ever sent.
    const amount = await chain.tokenBalance(address);
    if (amount <= 0n) {
      log.add(action('sweep', refusalText.zero));
      continue;
    }
    const sent = await signAndSend(ctx, { kind: 'sweep', withdrawalId: null, from: signer }, (nonce) =>
      chain.signTokenTransfer(signer, treasury, amount, nonce),
    );
    if (!sent.ok) {
      const amountText = unitsText(amount, chain.decimals);
      log.add(action('sweep', 'refused' in sent ? refusalText[sent.refused] : `failed: ${sent.error}`, amountText));
      if ('refused' in sent && sent.refused === 'lock-lost') break;
      continue;
    }
    gas += costs.tokenTransfer;
    await mined(sent.step);
  }
  return done();
}
