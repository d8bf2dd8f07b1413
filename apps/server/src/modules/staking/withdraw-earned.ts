import { randomUUID } from 'node:crypto';
import { formatAmount, MSG } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { priceThenAct, statementAnswer, type OneStatementWork, type RequestFrame } from '../../http/one-statement.js';
import type { Ledger } from '../ledger/ledger.service.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { stakingRepository as repo, type EarnedState, type SummaryRow } from './staking.repository.js';
import { yieldDue } from './yield.js';

/** What Withdraw Earned pays, priced from the state it read at `now`: the yield due since the last settlement, and all of earned. */
export function priceEarned(state: EarnedState, apyBp: bigint, now: Date) {
  const stake = state.stake;
  const due = stake
    ? yieldDue(
        { tokens: BigInt(stake.tokens), startedAt: new Date(stake.startedAt), endsAt: new Date(stake.endsAt) },
        apyBp,
        now,
      )
    : 0n;
  const credited = stake ? BigInt(stake.creditedTotal) : 0n;
  const accrued = due > credited ? due - credited : 0n;
  return {
    stakeId: stake?.id ?? null,
    accrued,
    creditedTo: due > credited ? due : credited,
    amount: BigInt(state.earned) + accrued,
  };
}

/**
 * Withdraw Earned (SPEC §4, DESIGN D10) in two calls (docs/decisions/0026): yield accrues every millisecond by
 * yield.ts's formula, so the state is read and priced here, then one statement checks that it has not changed
 * (SV004: read and price again) and posts the yield and the withdrawal with the key and its answer. A stake that
 * has ended is handed back to `settle` first (its release).
 */
export function createWithdrawEarned<Answer>(deps: {
  db: Db;
  ledger: Ledger;
  apyBp: bigint;
  settle: (userId: string) => Promise<void>;
  answer: (message: string, summary: SummaryRow, at: Date) => Answer;
}) {
  const { db, ledger } = deps;

  async function attempt(frame: RequestFrame) {
    const read = await repo.earnedRead(db, frame);
    // Handed back: no session it can vouch for, or a stake that ended and is released first.
    if (read.outcome) return statementAnswer(read);
    const state = read.result as EarnedState;
    const priced = priceEarned(state, deps.apyBp, frame.now);
    const row = await repo.withdrawEarned(db, frame, {
      read: state,
      refusal: priced.amount > 0n ? null : MSG.staking.noEarnings,
      yield: priced.accrued,
      creditedTo: priced.creditedTo,
      yieldKey: priced.stakeId ? ledgerKey.stakingYield(priced.stakeId, priced.creditedTo) : null,
      amount: priced.amount,
      nonce: randomUUID(),
      memo: 'Staking earnings withdrawn to your balance',
    });
    if (row.outcome === 'ok') {
      if (priced.accrued > 0n) ledger.notePosted('staking.yield');
      ledger.notePosted('staking.withdraw-earned');
    }
    return statementAnswer(row);
  }

  return function withdrawEarned(): OneStatementWork<Answer> {
    return {
      // Other moves kept changing the earnings under it: asked to try again, nothing done.
      run: (frame) =>
        priceThenAct(
          () => attempt(frame),
          () => new AppError('CONFLICT', MSG.common.requestInProgress),
        ),
      settle: deps.settle,
      render(stored) {
        const result = stored as { outcome: 'ok' | 'refused'; at: string; amount: string; summary: unknown };
        if (result.outcome === 'refused') throw new AppError('VALIDATION_ERROR', MSG.staking.noEarnings);
        const message = MSG.staking.withdrawn(formatAmount(BigInt(result.amount), 'USD'));
        return deps.answer(message, result.summary as SummaryRow, new Date(result.at));
      },
    };
  };
}
