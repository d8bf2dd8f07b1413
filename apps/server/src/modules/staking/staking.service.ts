import { formatAmount, MIN_SVP_PURCHASE, MSG, STAKE_DAYS, tokensForUsd, usdForTokens, DAY_MS } from '@svp/shared';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { LagTolerantReads } from '../../db/read-replica.js';
import { inTransaction, type Tx } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import {
  requestRecipientAccount,
  requestUserAccount,
  systemAccount,
  userAccount,
  type Leg,
  type Ledger,
} from '../ledger/ledger.service.js';
import { type OneStatementWork } from '../../http/one-statement.js';
import { createLeaderboard } from './leaderboard.js';
import { createWithdrawEarned } from './withdraw-earned.js';
import { stakeOf, stakingView } from './staking.view.js';
import {
  movedResult,
  stakeResult,
  stakingRepository as repo,
  type MovedResult,
  type SummaryRow,
} from './staking.repository.js';
import { lastStakeDay, readSettlementDue, yieldDue as yieldAt, type StakeTerms } from './yield.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { notifications } from '../notifications/record.js';

const bad = (message: string) => new AppError('VALIDATION_ERROR', message);
const short = (message: string) => new AppError('INSUFFICIENT_FUNDS', message);

/** Staking room (SPEC §2, §4, §5, §9; DESIGN D10): fund balance, SVP tokens, stakes, transfers. */
export function createStakingService(deps: {
  db: Db;
  reads: LagTolerantReads;
  clock: Clock;
  ledger: Ledger;
  config: Config;
}) {
  const { db, clock, ledger } = deps;
  /** APY in basis points (12% → 1200), so yield is integer arithmetic. */
  const apyBp = BigInt(Math.round(deps.config.STAKING_APY_PERCENT * 100));

  const yieldDue = (stake: StakeTerms, at: Date) => yieldAt(stake, apyBp, at);

  /**
   * Credits yield owed since the last settlement and releases a finished stake (DESIGN D11). Money moving
   * settles up to `now`; a read only up to the last whole stake day, so polling never grows the ledger.
   */
  async function settle(tx: Tx, userId: string, now: Date, upTo: 'now' | 'stake-day' = 'now'): Promise<void> {
    const stake = await repo.lockActive(tx, userId);
    if (!stake) return;
    const due = yieldDue(stake, upTo === 'now' ? now : lastStakeDay(stake, now));
    // What changes on the stake's row, written once at the end.
    const change: Parameters<typeof repo.update>[2] = {};
    if (due > stake.creditedTotal) {
      await ledger.postIn(tx, {
        kind: 'staking.yield',
        idempotencyKey: ledgerKey.stakingYield(stake.id, due),
        memo: 'Staking earnings',
        legs: [
          { account: systemAccount('usd.platform'), amount: -(due - stake.creditedTotal) },
          { account: userAccount(userId, 'usd.staking_earned'), amount: due - stake.creditedTotal },
        ],
      });
      change.creditedTotal = due;
    }
    if (now.getTime() >= stake.endsAt.getTime()) {
      await ledger.postIn(tx, {
        kind: 'staking.release',
        idempotencyKey: ledgerKey.stakeRelease(stake.id),
        memo: `Stake ended: ${stake.tokens} SVP tokens back in your wallet`,
        legs: [
          { account: userAccount(userId, 'svp.staked'), amount: -stake.tokens },
          { account: userAccount(userId, 'svp.wallet'), amount: stake.tokens },
        ],
      });
      change.status = 'released';
      change.releasedAt = now;
      await notifications.record(tx, {
        userId,
        type: 'stake.ended',
        eventKey: `stake.ended:${stake.id}`,
        at: now,
        params: { tokens: `${stake.tokens}` },
      });
    }
    if (Object.keys(change).length > 0) await repo.update(tx, stake.id, change);
  }

  /** What a one-statement request hands back to settle: the user's stake, up to now, in its own transaction. */
  const settleNow = (userId: string) => inTransaction(db, (tx) => settle(tx, userId, clock.now()));

  /**
   * The summary the staking room shows, in one read. `earned` includes yield accrued since the last
   * settlement (a pure function of time), so a read shows the current figure without posting it, and
   * Withdraw Earned, which settles first, pays exactly that.
   */
  async function summary(userId: string, read?: SummaryRow) {
    return view(read ?? (await repo.summaryRow(db, userId)), clock.now());
  }

  /** What the staking room shows of a summary row at `now` (staking.view.ts). */
  const view = (row: SummaryRow | undefined, now: Date) =>
    stakingView(row, now, apyBp, deps.config.STAKING_APY_PERCENT);

  /** A staking form's answer: its message and the room as it now is. */
  type StakingAnswer = { success: true; message: string; summary: ReturnType<typeof view> };

  /**
   * A plain move between fund, balance and tokens (convert, buy, transfer, sell): the whole request — session,
   * key, posting, summary, stored answer — is one statement (docs/decisions/0021). Yield goes to `earned`, which
   * none of these touch; a sale needs an ended stake's tokens released to the wallet first, so the statement
   * hands it back to settle when a stake has ended (`settle: 'stake'`, DESIGN D11, docs/decisions/0026).
   */
  function moved(
    move: { kind: string; memo: string; recipient?: string; legs: Leg[]; settle?: 'stake' },
    insufficient: string,
    message: (result: MovedResult) => string,
  ): OneStatementWork<StakingAnswer> {
    return {
      run: (frame) => ledger.postForRequest(frame, { ...move, summary: 'staking' }),
      settle: settleNow,
      render(stored) {
        const result = movedResult.parse(stored);
        if (result.outcome === 'insufficient') throw short(insufficient);
        if (result.outcome === 'self') throw bad(MSG.staking.transferSelf);
        if (result.outcome === 'unknown') throw bad(MSG.staking.transferUnknown);
        return { success: true, message: message(result), summary: view(result.summary, new Date(result.at)) };
      },
    };
  }

  return {
    /**
     * GET: one read; it posts only when a stake has ended or a whole stake day is unsettled (DESIGN D11,
     * a page polling every 10 s used to post yield on every poll).
     */
    async summary(userId: string) {
      const row = await repo.summaryRow(db, userId);
      const { active } = stakeOf(row);
      const now = clock.now();
      if (!active || !readSettlementDue(active, apyBp, now)) return summary(userId, row);
      await inTransaction(db, (tx) => settle(tx, userId, now, 'stake-day'));
      return summary(userId);
    },

    /** Amounts come parsed and positive (the request schema's amountField); the rules from here on are the service's. */
    convert(direction: 'toFund' | 'toBalance', amount: bigint) {
      const toFund = direction === 'toFund';
      const [from, to] = toFund ? (['usd.balance', 'usd.fund'] as const) : (['usd.fund', 'usd.balance'] as const);
      const message = MSG.staking.converted(formatAmount(amount, 'USD'), toFund);
      const legs = [
        { account: requestUserAccount(from), amount: -amount },
        { account: requestUserAccount(to), amount },
      ];
      const insufficient = toFund ? MSG.staking.insufficientBalance : MSG.staking.insufficientFund;
      return moved({ kind: 'staking.convert', memo: message, legs }, insufficient, () => message);
    },

    buy(amount: bigint) {
      if (amount < MIN_SVP_PURCHASE) throw bad(MSG.staking.buyMinimum);
      const tokens = tokensForUsd(amount);
      const message = MSG.staking.bought(formatAmount(tokens, 'SVP', 0), formatAmount(amount, 'USD'));
      const legs = [
        { account: requestUserAccount('usd.fund'), amount: -amount },
        { account: systemAccount('usd.platform'), amount },
        { account: systemAccount('svp.treasury'), amount: -tokens },
        { account: requestUserAccount('svp.wallet'), amount: tokens },
      ];
      return moved(
        { kind: 'staking.buy', memo: 'Bought SVP tokens', legs },
        MSG.staking.insufficientFund,
        () => message,
      );
    },

    sell(tokens: bigint) {
      const amount = usdForTokens(tokens);
      const message = MSG.staking.sold(formatAmount(tokens, 'SVP', 0), formatAmount(amount, 'USD'));
      const legs = [
        { account: requestUserAccount('svp.wallet'), amount: -tokens },
        { account: systemAccount('svp.treasury'), amount: tokens },
        { account: systemAccount('usd.platform'), amount: -amount },
        { account: requestUserAccount('usd.fund'), amount },
      ];
      // A stake that has ended returns its tokens to the wallet first, ready to sell.
      return moved(
        { kind: 'staking.sell', memo: 'Sold SVP tokens', legs, settle: 'stake' },
        MSG.staking.insufficientTokens,
        () => message,
      );
    },

    /**
     * Moves tokens from the wallet to a 60-day stake, in one statement (api_stake, docs/decisions/0026). A new
     * stake starts `earned` at 0: any earnings left from the previous stake are moved to the balance first, never
     * dropped. A stake that has ended is released first (handed back to `settle`).
     */
    stake(tokens: bigint): OneStatementWork<StakingAnswer> {
      return {
        run: async (frame) => {
          return ledger.postByStatement('staking.stake', () =>
            repo.stake(db, frame, {
              nonce: randomUUID(),
              stakeId: randomUUID(),
              tokens,
              endsAt: new Date(frame.now.getTime() + STAKE_DAYS * DAY_MS),
              memo: `Staked ${tokens} SVP tokens for ${STAKE_DAYS} days`,
              earnedMemo: 'Staking earnings moved to your balance as a new stake starts',
            }),
          );
        },
        settle: settleNow,
        render(stored) {
          const result = stakeResult.parse(stored);
          if (result.outcome === 'active') throw new AppError('CONFLICT', MSG.staking.stakeActive);
          if (result.outcome === 'insufficient') throw short(MSG.staking.stakeInsufficient);
          return {
            success: true,
            message: MSG.staking.staked,
            summary: view(result.summary, new Date(result.at)),
          };
        },
      };
    },

    /**
     * Pays everything earned to the balance, the yield accrued up to the request's time included: priced and made in
     * one statement (withdraw-earned.ts, docs/decisions/0038).
     */
    withdrawEarned: createWithdrawEarned<StakingAnswer>({
      db,
      ledger,
      apyBp,
      settle: settleNow,
      answer: (message, row, at) => ({ success: true, message, summary: view(row, at) }),
    }),

    /** Fund balance to another user, by username (SPEC §4, §5); the statement finds the recipient. */
    transfer(recipientName: string, amount: bigint) {
      return moved(
        {
          kind: 'staking.transfer',
          memo: 'Fund transfer from {sender} to {recipient}',
          recipient: recipientName,
          legs: [
            { account: requestUserAccount('usd.fund'), amount: -amount },
            { account: requestRecipientAccount('usd.fund'), amount },
          ],
        },
        MSG.staking.transferInsufficient,
        (result) => MSG.staking.transferred(formatAmount(amount, 'USD'), result.recipient ?? ''),
      );
    },

    leaderboard: createLeaderboard(db, deps.reads, deps.config.LEADERBOARD_CACHE_SECONDS * 1000, (stake) => {
      const accrued = yieldDue(stake, clock.now());
      return accrued > stake.creditedTotal ? accrued - stake.creditedTotal : 0n;
    }),
  };
}

export type StakingService = ReturnType<typeof createStakingService>;
