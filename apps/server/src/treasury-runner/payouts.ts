import { microToToken, unitsText, type TreasuryRun } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { isEvmAddress } from './format.js';
import { stepsRepository as repo } from './steps.repository.js';
import {
  actionLog,
  refusalText,
  settleOpenSteps,
  signAndSend,
  type ProgressListener,
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
  /** The treasury lock the run holds (run.ts takes it). */
  leaseOwner?: string;
  onProgress?: ProgressListener;
}

type Unpaid = NonNullable<TreasuryRun['unpaid']>['withdrawals'][number];

/**
 * Pays approved withdrawals from the treasury (DESIGN D16), oldest approval first. One the treasury cannot cover
 * waits, and the younger ones that fit are still paid; the run ends naming every approved withdrawal it left
 * unpaid and what they add up to. Each payout is recorded before it is broadcast and at most one per withdrawal
 * is live, so a re-run never pays twice. It never marks a withdrawal paid: the watcher does, once the chain
 * confirms the transfer.
 */
export async function runPayouts(options: PayoutsOptions): Promise<TreasuryRun> {
  const { db, chain, dryRun } = options;
  const ctx: StepContext = options;
  const treasury = options.keys.treasury;
  const from = treasury.address.toLowerCase();
  const settled = await settleOpenSteps(ctx, ['payout']);
  const log = actionLog(settled.actions, options.onProgress);
  const unpaid: Unpaid[] = [];
  let unpaidRaw = 0n;
  let gas = 0n;
  let tokens = 0n;
  const usdt = (raw: bigint) => unitsText(raw, chain.decimals);
  const done = (): TreasuryRun => {
    const total = unpaidRaw;
    const free = tokens < 0n ? 0n : tokens;
    return {
      command: 'payouts',
      dryRun,
      actions: log.list,
      gas: unitsText(gas, 18),
      unpaid: {
        withdrawals: unpaid,
        total: usdt(total),
        free: usdt(free),
        toFund: usdt(total > free ? total - free : 0n),
      },
    };
  };

  const queue = await repo.payable(db, dryRun ? settled.freed : []);
  if (queue.length === 0) return done();

  // What the treasury can still spend: payouts sent and not yet mined will take their share.
  const inFlight = settled.pending.filter((s) => s.fromAddress === from).map((s) => BigInt(s.amountRaw));
  tokens = (await chain.tokenBalance(from)) - inFlight.reduce((a, b) => a + b, 0n);
  const fee = (await chain.gasCosts()).tokenTransfer;
  let bnb = (await chain.nativeBalance(from)) - fee * BigInt(inFlight.length);
  /** Set when nothing more can be sent this run: every later withdrawal is left unpaid for this reason. */
  let stopped: string | null = null;

  for (const w of queue) {
    const amountRaw = microToToken(w.payout, chain.decimals);
    const action = (outcome: string, txHash: string | null = null): TreasuryAction => ({
      kind: 'payout',
      subject: w.id,
      to: w.wallet,
      amount: usdt(amountRaw),
      txHash,
      outcome,
    });
    const leave = (outcome: string, reason = outcome, txHash: string | null = null) => {
      log.add(action(outcome, txHash));
      unpaidRaw += amountRaw > 0n ? amountRaw : 0n;
      unpaid.push({
        withdrawalId: w.id,
        wallet: w.wallet,
        amount: usdt(amountRaw),
        approvedAt: w.approvedAt?.toISOString() ?? null,
        reason,
      });
    };
    if (stopped !== null) {
      leave(`not sent: ${stopped}`);
      continue;
    }
    if (!isEvmAddress(w.wallet)) {
      leave('skipped: the wallet on file is not a 0x address; correct it, then re-run');
      continue;
    }
    if (amountRaw <= 0n) {
      leave('skipped: the payout is 0, there is nothing to send');
      continue;
    }
    if (amountRaw > tokens) {
      // It waits; a younger, smaller one may still fit.
      const held = usdt(tokens < 0n ? 0n : tokens);
      leave(`waiting: the treasury has ${held} USDT free, this payout needs more; sweep or fund it`);
      continue;
    }
    if (fee > bnb) {
      const held = unitsText(bnb < 0n ? 0n : bnb, 18);
      stopped = `the treasury has ${held} BNB for gas, a payout needs ${unitsText(fee, 18)}`;
      leave(`stopped: ${stopped}`);
      continue;
    }
    if (dryRun) {
      log.add(action('planned'));
    } else {
      const sent = await signAndSend(ctx, { kind: 'payout', withdrawalId: w.id, from: treasury }, (nonce) =>
        chain.signTokenTransfer(treasury, w.wallet.toLowerCase(), amountRaw, nonce),
      );
      if (!sent.ok && 'refused' in sent) {
        if (sent.refused === 'lock-lost') {
          stopped = 'this run no longer holds the treasury lock; re-run';
          leave(refusalText[sent.refused], stopped);
        } else if (sent.refused === 'nonce-taken' || sent.refused === 'zero') {
          leave(refusalText[sent.refused]);
        } else {
          log.add(action(refusalText[sent.refused])); // paid or rejected elsewhere: not left unpaid by this run
        }
        continue;
      }
      if (!sent.ok) {
        // Later nonces would wait behind this one: stop, and let the next run send the same bytes again.
        stopped = `an earlier payout's broadcast failed (${sent.error}); re-run`;
        leave(`signed, broadcast failed: ${sent.error}; re-run to send it again`, undefined, sent.step.txHash);
        continue;
      }
      log.add(action('sent', sent.step.txHash));
    }
    tokens -= amountRaw;
    bnb -= fee;
    gas += fee;
  }
  return done();
}
