import { randomUUID } from 'node:crypto';
import { ACCOUNT_MSG, MSG, NOTIFICATION_TYPES, usdText, withdrawalDueDate, type Payout } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import {
  priceThenAct,
  statementAnswer,
  type OneStatementWork,
  type StatementAnswer,
} from '../../http/one-statement.js';
import { requestUserAccount, statementLegs, systemAccount, type Leg, type Ledger } from '../ledger/ledger.service.js';
import { feeLegs, withdrawalFromJson, withdrawalView, type WithdrawalJson } from './withdrawal-money.js';
import { quoteOf } from './withdrawal-quote.js';
import { withdrawalsRepository as repo, type WithdrawalState } from './withdrawals.repository.js';

type Kind = 'maturity' | 'break';
type RequestAnswer = { success: true; message: string; withdrawal: ReturnType<typeof withdrawalView> };

/** What the request does, priced from the state it read: a refusal, or the payout, its legs and its memo. */
function price(state: WithdrawalState, kind: Kind, now: Date, rule: { minEarnings: bigint; requireVerified: boolean }) {
  const investment = state.investment && {
    amount: BigInt(state.investment.amount),
    expectedWithdrawal: BigInt(state.investment.expected),
    endsAt: new Date(state.investment.endsAt),
  };
  const refused = (refusal: string) => ({ refusal, payout: null, legs: [] as Leg[] });
  if (!investment) return refused(MSG.withdraw.noPlan);
  if (rule.requireVerified && !state.verified) return refused(ACCOUNT_MSG.withdrawalsNeedVerifiedEmail);
  const q = quoteOf(investment, BigInt(state.earnings), now, rule.minEarnings);
  let payout: Payout;
  const legs: Leg[] = [{ account: requestUserAccount('usd.invested'), amount: -investment.amount }];
  if (kind === 'maturity') {
    if (q.reasons.length > 0) return refused(q.reasons[0]!);
    payout = q.maturity;
    legs.push(
      { account: systemAccount('usd.platform'), amount: -(investment.expectedWithdrawal - investment.amount) },
      { account: requestUserAccount('usd.earnings'), amount: -q.earnings },
    );
  } else {
    if (q.days === null || q.days <= 0) return refused(MSG.withdraw.alreadyMatured);
    payout = q.broken;
    // The 60% not paid back stays with the platform.
    legs.push({ account: systemAccount('usd.platform'), amount: investment.amount - payout.gross });
  }
  legs.push(...feeLegs(payout, 1n), { account: requestUserAccount('usd.withdrawal_pending'), amount: payout.payout });
  return { refusal: null, payout, legs: legs.filter((l) => l.amount !== 0n) };
}

/**
 * A withdrawal request (SPEC §4, DESIGN D6, D7): closes the active plan and holds the payout in
 * `usd.withdrawal_pending`. Two calls (docs/decisions/0026): the state it is priced from, read with the session's
 * check; then the request in one statement, which refuses to act (SV004) if that state changed meanwhile, and
 * the request is priced again.
 */
export function createWithdrawalRequest(deps: {
  db: Db;
  ledger: Ledger;
  rule: { minEarnings: bigint; requireVerified: boolean };
}) {
  const { db, ledger } = deps;

  async function attempt(kind: Kind, frame: Parameters<OneStatementWork<unknown>['run']>[0]): Promise<StatementAnswer> {
    const read = await repo.requestRead(db, frame);
    if (read.outcome === 'session') return { outcome: 'session' };
    const state = read.result as WithdrawalState;
    const priced = price(state, kind, frame.now, deps.rule);
    const payout = priced.payout;
    const ledgerKind = kind === 'maturity' ? 'withdrawal.request' : 'withdrawal.break';
    const withdrawalId = randomUUID();
    const row = await repo.request(db, {
      frame,
      read: state,
      refusal: priced.refusal,
      kind,
      withdrawalId,
      payout: payout && { ...payout.fees, gross: payout.gross, payout: payout.payout },
      dueAt: withdrawalDueDate(frame.now),
      ledgerKind,
      memo: payout
        ? `${kind === 'maturity' ? 'Withdrawal' : 'Investment broken early'}: ${usdText(payout.payout)} requested to ${state.wallet}`
        : '',
      // A refused request posts nothing.
      legs: priced.legs.length > 0 ? statementLegs(ledgerKind, priced.legs) : [],
      notification: {
        type: 'withdrawal.requested',
        category: NOTIFICATION_TYPES['withdrawal.requested'],
        params: { payout: String(payout?.payout ?? 0n), wallet: state.wallet, kind },
      },
    });
    if (row.outcome === 'ok') ledger.notePosted(ledgerKind);
    return statementAnswer(row);
  }

  return function request(kind: Kind): OneStatementWork<RequestAnswer> {
    return {
      run: (frame) =>
        priceThenAct(
          () => attempt(kind, frame),
          () => new AppError('CONFLICT', MSG.withdraw.failed),
        ),
      render(stored) {
        const result = stored as { outcome: 'ok' | 'refused' | 'failed'; message: string | null; withdrawal: unknown };
        if (result.outcome === 'refused') throw new AppError('NOT_ELIGIBLE', result.message ?? MSG.withdraw.failed);
        if (result.outcome === 'failed') throw new AppError('NOT_ELIGIBLE', MSG.withdraw.failed);
        return {
          success: true,
          message: MSG.withdraw.success,
          withdrawal: withdrawalView(withdrawalFromJson(result.withdrawal as WithdrawalJson)),
        };
      },
    };
  };
}
