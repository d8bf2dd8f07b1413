/**
 * What sweeps and payouts share: settling the steps a previous run left open, and signing, recording and
 * broadcasting a new one in that order, so a crash at any point leaves a record a re-run can check on chain.
 */
import { unitsText, type TreasuryRun } from '@svp/shared';
import type { Clock } from '../clock.js';
import type { Db } from '../db/client.js';
import { stepsRepository as repo, type RecordRefusal, type StepKind, type StepRow } from './steps.repository.js';
import type { SignedTransaction, TreasuryChain, TreasurySigner } from './types.js';

export type TreasuryAction = TreasuryRun['actions'][number];

/** Test seams: each is called at the point a crash could happen, and may throw to stand for one. */
export interface TreasuryHooks {
  /** A step is recorded as signed; its transaction is not broadcast yet. */
  beforeBroadcast?(step: StepRow): void | Promise<void>;
  /** The chain has accepted the step's transaction; the run has not recorded it as sent yet. */
  afterBroadcast?(step: StepRow): void | Promise<void>;
}

/** Called with every action a run has taken so far, each time it takes one (the run's progress). */
export type ProgressListener = (actions: readonly TreasuryAction[]) => void;

/** A run's list of actions, telling `onProgress` of each one added. */
export function actionLog(initial: TreasuryAction[], onProgress?: ProgressListener) {
  const list = [...initial];
  if (list.length > 0) onProgress?.(list);
  return {
    list,
    add(action: TreasuryAction) {
      list.push(action);
      onProgress?.(list);
    },
  };
}

/** How long a sweep waits for a top-up or a sweep to be mined before it moves on (a re-run picks it up). */
export interface WaitOptions {
  intervalMs: number;
  timeoutMs: number;
}
export const DEFAULT_WAIT: WaitOptions = { intervalMs: 1_500, timeoutMs: 120_000 };

export interface StepContext {
  db: Db;
  clock: Clock;
  chain: TreasuryChain;
  dryRun: boolean;
  hooks?: TreasuryHooks;
  /** The treasury lock this run holds (lease.ts): every step is recorded only while it is still held. */
  leaseOwner?: string;
}

/** A step's amount as the run reports it: BNB for gas, the token for the rest. */
export const stepAmount = (chain: TreasuryChain, kind: StepKind, raw: bigint) =>
  unitsText(raw, kind === 'gas' ? 18 : chain.decimals);

export function stepAction(chain: TreasuryChain, step: StepRow, outcome: string): TreasuryAction {
  return {
    kind: step.kind,
    subject:
      step.kind === 'payout' ? (step.withdrawalId ?? '') : step.kind === 'gas' ? step.toAddress : step.fromAddress,
    to: step.toAddress,
    amount: stepAmount(chain, step.kind, BigInt(step.amountRaw)),
    txHash: step.txHash,
    outcome,
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error));

export interface Settled {
  actions: TreasuryAction[];
  /** Steps still open and not mined (sent again): their amounts are spoken for. */
  pending: StepRow[];
  /** Withdrawals whose payout was (or, dry, would be) dropped: payable again. */
  freed: string[];
}

/**
 * Checks every open step of these kinds on chain. Mined: confirmed (a payout stays 'sent': the watcher confirms
 * it once it is deep enough, and a reorg must leave it open so it is sent again). Reverted: dropped. Not mined
 * and its nonce used by another transaction: it can never be mined, dropped. Otherwise the very same bytes are
 * broadcast again: they carry the same nonce, so they cannot pay twice.
 */
export async function settleOpenSteps(ctx: StepContext, kinds: StepKind[]): Promise<Settled> {
  const { db, clock, chain, dryRun } = ctx;
  const out: Settled = { actions: [], pending: [], freed: [] };
  const mark = async (step: StepRow, status: StepRow['status']) =>
    dryRun ? true : repo.settle(db, step.id, status, clock.now());
  const would = (text: string) => (dryRun ? `would be ${text}` : text);

  for (const step of await repo.open(db, chain.chainId, kinds)) {
    let receipt = await chain.receipt(step.txHash);
    if (receipt === null && (await chain.minedNonce(step.fromAddress)) > step.nonce) {
      receipt = await chain.receipt(step.txHash); // it may have been mined between the two reads
      if (receipt === null) {
        if (await mark(step, 'dropped')) {
          out.actions.push(stepAction(chain, step, would('dropped: its nonce was used by another transaction')));
          if (step.withdrawalId) out.freed.push(step.withdrawalId);
        }
        continue;
      }
    }
    if (receipt === 'reverted') {
      if (await mark(step, 'dropped')) {
        out.actions.push(stepAction(chain, step, would('dropped: reverted on chain')));
        if (step.withdrawalId) out.freed.push(step.withdrawalId);
      }
    } else if (receipt === 'success' && step.kind === 'payout') {
      if (step.status === 'signed') await mark(step, 'sent');
      out.actions.push(stepAction(chain, step, 'mined: the watcher marks it paid once confirmed'));
    } else if (receipt === 'success') {
      if (await mark(step, 'confirmed')) out.actions.push(stepAction(chain, step, would('confirmed')));
    } else if (dryRun) {
      out.pending.push(step);
      out.actions.push(stepAction(chain, step, 'not mined yet: would be broadcast again'));
    } else {
      out.pending.push(step);
      try {
        await chain.broadcast(step.rawTx);
        if (step.status === 'signed') await mark(step, 'sent');
        out.actions.push(stepAction(chain, step, 'not mined yet: broadcast again'));
      } catch (error) {
        out.actions.push(stepAction(chain, step, `not mined yet; broadcast again failed: ${errorText(error)}`));
      }
    }
  }
  return out;
}

/** Polls for a receipt until it comes or `wait.timeoutMs` passes (then null: still pending). */
export async function waitForReceipt(chain: TreasuryChain, txHash: string, wait: WaitOptions) {
  const deadline = Date.now() + wait.timeoutMs;
  for (;;) {
    const receipt = await chain.receipt(txHash);
    if (receipt !== null || Date.now() >= deadline) return receipt;
    await new Promise((resolve) => setTimeout(resolve, wait.intervalMs));
  }
}

export type SendResult =
  { ok: true; step: StepRow } | { ok: false; refused: RecordRefusal } | { ok: false; step: StepRow; error: string };

/**
 * Signs with the sender's next nonce, records the step as signed, broadcasts it and marks it sent. The nonce is
 * the chain's count or one past the sender's highest open step, whichever is higher; if another run took it
 * meanwhile, it signs again with the next one.
 */
export async function signAndSend(
  ctx: StepContext,
  step: { kind: StepKind; withdrawalId: string | null; from: TreasurySigner },
  sign: (nonce: number) => Promise<SignedTransaction>,
): Promise<SendResult> {
  const { db, clock, chain, hooks } = ctx;
  const from = step.from.address.toLowerCase();
  let recorded: StepRow | RecordRefusal = 'nonce-taken';
  for (let attempt = 0; attempt < 3 && recorded === 'nonce-taken'; attempt++) {
    const nonce = Math.max(await chain.minedNonce(from), (await repo.highestOpenNonce(db, chain.chainId, from)) + 1);
    const signed = await sign(nonce);
    recorded = await repo.record(
      db,
      {
        chainId: chain.chainId,
        kind: step.kind,
        withdrawalId: step.withdrawalId,
        fromAddress: signed.from.toLowerCase(),
        toAddress: signed.to.toLowerCase(),
        amountRaw: signed.amountRaw,
        nonce: signed.nonce,
        txHash: signed.txHash.toLowerCase(),
        rawTx: signed.rawTx,
      },
      clock.now(),
      ctx.leaseOwner,
    );
  }
  if (typeof recorded === 'string') return { ok: false, refused: recorded };
  await hooks?.beforeBroadcast?.(recorded);
  try {
    await chain.broadcast(recorded.rawTx);
  } catch (error) {
    // Left 'signed': the next run broadcasts the same bytes again, or drops them if the nonce went elsewhere.
    return { ok: false, step: recorded, error: errorText(error) };
  }
  await hooks?.afterBroadcast?.(recorded);
  await repo.settle(db, recorded.id, 'sent', clock.now());
  return { ok: true, step: { ...recorded, status: 'sent' } };
}

export const refusalText: Record<RecordRefusal, string> = {
  'nonce-taken': 'skipped: another run is using the same sender; re-run',
  'in-flight': 'already being paid or moved by another step',
  'not-approved': 'skipped: no longer approved',
  'lock-lost': 'stopped: this run no longer holds the treasury lock (it expired); nothing was sent, re-run',
  zero: 'skipped: nothing to send (an amount of 0 is never sent)',
};
