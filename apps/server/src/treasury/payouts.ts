import { microToToken, type TreasuryRun } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { formatUnits, isEvmAddress } from './format.js';
import { stepsRepository as repo } from './steps.repository.js';
import {
  refusalText,
  settleOpenSteps,
  signAndSend,
  type StepContext,
  type TreasuryAction,
  type TreasuryHooks,
} from './steps.js';
import type { TreasuryChain, TreasuryKeys } from './types.js';

export interface PayoutsOptions {
  db: Db;
  clock: Clock;
  chain: TreasuryChain;
  keys: Pick<TreasuryKeys, 'treasury'>;
  /** Plan only: reads the database and the chain, writes, signs and sends nothing. */
  dryRun: boolean;
  hooks?: TreasuryHooks;
}

/**
 * Pays approved withdrawals from the treasury (DESIGN D16), oldest approval first. Each payout is recorded
 * before it is broadcast and at most one per withdrawal is live, so a re-run never pays twice. It never marks a
 * withdrawal paid: the watcher does, once the chain confirms the transfer.
 */
export async function runPayouts(options: PayoutsOptions): Promise<TreasuryRun> {
  const { db, chain, dryRun } = options;
  const ctx: StepContext = options;
  const treasury = options.keys.treasury;
  const from = treasury.address.toLowerCase();
  const settled = await settleOpenSteps(ctx, ['payout']);
  const actions: TreasuryAction[] = [...settled.actions];
  let gas = 0n;
  const done = (): TreasuryRun => ({ command: 'payouts', dryRun, actions, gas: formatUnits(gas, 18) });

  const queue = await repo.payable(db, dryRun ? settled.freed : []);
  if (queue.length === 0) return done();

  // What the treasury can still spend: payouts sent and not yet mined will take their share.
  const inFlight = settled.pending.filter((s) => s.fromAddress === from).map((s) => BigInt(s.amountRaw));
  let tokens = (await chain.tokenBalance(from)) - inFlight.reduce((a, b) => a + b, 0n);
  const fee = (await chain.gasCosts()).tokenTransfer;
  let bnb = (await chain.nativeBalance(from)) - fee * BigInt(inFlight.length);

  for (const w of queue) {
    const amountRaw = microToToken(w.payout, chain.decimals);
    const action = (outcome: string, txHash: string | null = null): TreasuryAction => ({
      kind: 'payout',
      subject: w.id,
      to: w.wallet,
      amount: formatUnits(amountRaw, chain.decimals),
      txHash,
      outcome,
    });
    if (!isEvmAddress(w.wallet)) {
      actions.push(action('skipped: the wallet on file is not a 0x address; correct it, then re-run'));
      continue;
    }
    if (amountRaw <= 0n) {
      actions.push(action('skipped: the payout is 0, there is nothing to send'));
      continue;
    }
    if (amountRaw > tokens) {
      const held = formatUnits(tokens < 0n ? 0n : tokens, chain.decimals);
      actions.push(action(`stopped: the treasury has ${held} USDT free, this payout needs more; sweep or fund it`));
      break;
    }
    if (fee > bnb) {
      const held = formatUnits(bnb < 0n ? 0n : bnb, 18);
      actions.push(action(`stopped: the treasury has ${held} BNB for gas, a payout needs ${formatUnits(fee, 18)}`));
      break;
    }
    if (dryRun) {
      actions.push(action('planned'));
    } else {
      const sent = await signAndSend(ctx, { kind: 'payout', withdrawalId: w.id, from: treasury }, (nonce) =>
        chain.signTokenTransfer(treasury, w.wallet.toLowerCase(), amountRaw, nonce),
      );
      if (!sent.ok && 'refused' in sent) {
        actions.push(action(refusalText[sent.refused]));
        continue;
      }
      if (!sent.ok) {
        // Later nonces would wait behind this one: stop, and let the next run send the same bytes again.
        actions.push(action(`signed, broadcast failed: ${sent.error}; re-run to send it again`, sent.step.txHash));
        break;
      }
      actions.push(action('sent', sent.step.txHash));
    }
    tokens -= amountRaw;
    bnb -= fee;
    gas += fee;
  }
  return done();
}
