import {
  achievements,
  formatAmount,
  MIN_SVP_PURCHASE,
  MSG,
  STAKE_DAYS,
  toDecimalString,
  tokensForUsd,
  usdForTokens,
  usdText,
  DAY_MS,
} from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { inTransaction, type Tx } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { InsufficientFundsError } from '../ledger/ledger.errors.js';
import { pgErrorCode } from '../../db/pg-errors.js';
import {
  requestRecipientAccount,
  requestUserAccount,
  systemAccount,
  userAccount,
  type Leg,
  type Ledger,
  type RequestPostingResult,
} from '../ledger/ledger.service.js';
import type { OneStatementWork } from '../../http/one-statement.js';
import { createLeaderboard } from './leaderboard.js';
import { stakingRepository as repo, type SummaryRow } from './staking.repository.js';
import { lastStakeDay, readSettlementDue, yieldDue as yieldAt, type StakeTerms } from './yield.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { notifications } from '../notifications/record.js';

const bad = (message: string) => new AppError('VALIDATION_ERROR', message);
const short = (message: string) => new AppError('INSUFFICIENT_FUNDS', message);

/** Staking room (SPEC §2, §4, §5, §9; DESIGN D10): fund balance, SVP tokens, stakes, transfers. */
export function createStakingService(deps: { db: Db; clock: Clock; ledger: Ledger; config: Config }) {
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
      await repo.update(tx, stake.id, { creditedTotal: due });
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
      await repo.update(tx, stake.id, { status: 'released', releasedAt: now });
      await notifications.record(tx, {
        userId,
        type: 'stake.ended',
        eventKey: `stake.ended:${stake.id}`,
        at: now,
        params: { tokens: `${stake.tokens}` },
      });
    }
  }

  /** The latest stake of a summary row, and whether it is the active one. */
  function stakeOf(row: SummaryRow | undefined) {
    const s = row?.stake;
    const stake = s && {
      tokens: BigInt(s.tokens),
      startedAt: new Date(Number(s.started_ms)),
      endsAt: new Date(Number(s.ends_ms)),
      creditedTotal: BigInt(s.credited_total),
    };
    return { stake, active: s?.status === 'active' ? stake : undefined };
  }

  /**
   * The summary the staking room shows, in one read. `earned` includes yield accrued since the last
   * settlement (a pure function of time), so a read shows the current figure without posting it, and
   * Withdraw Earned, which settles first, pays exactly that.
   */
  async function summary(userId: string, read?: SummaryRow) {
    return view(read ?? (await repo.summaryRow(db, userId)), clock.now());
  }

  /** What the staking room shows of a summary row at `now`: a pure function, so a replay renders the same. */
  function view(row: SummaryRow | undefined, now: Date) {
    const get = (code: string) => BigInt(row?.balances?.[code] ?? '0');
    const { stake, active } = stakeOf(row);
    const accrued = active ? yieldDue(active, now) : (stake?.creditedTotal ?? 0n);
    const unsettled = active && accrued > active.creditedTotal ? accrued - active.creditedTotal : 0n;
    const earned = get('usd.staking_earned') + unsettled;
    const empty = [get('usd.fund'), get('svp.wallet'), get('svp.staked'), earned].every((v) => v === 0n);
    return {
      username: row?.username ?? '',
      balance: usdText(get('usd.balance')),
      fundBalance: usdText(get('usd.fund')),
      tokenWallet: toDecimalString(get('svp.wallet'), 'SVP'),
      staked: toDecimalString(get('svp.staked'), 'SVP'),
      earned: usdText(earned),
      totalEarned: usdText(accrued),
      status: (empty ? 'In-Active' : 'Hold') as 'In-Active' | 'Hold',
      achievements: achievements(get('usd.balance'), get('svp.staked'), earned),
      apy: `${deps.config.STAKING_APY_PERCENT}%`,
      stakingStartDate: active?.startedAt.toISOString() ?? null,
      stakingEndDate: active?.endsAt.toISOString() ?? null,
      stakeDay: active ? Math.floor((now.getTime() - active.startedAt.getTime()) / DAY_MS) + 1 : null,
    };
  }

  /** Maps a guarded-debit failure to `insufficient` and returns the new summary, read after the commit. */
  async function respond(insufficient: string, userId: string, work: () => Promise<string>) {
    try {
      const message = await work();
      return { success: true as const, message, summary: await summary(userId) };
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw short(insufficient);
      // Two stakes raced past the check: the partial unique index lets one in.
      if (pgErrorCode(error) === '23505') throw new AppError('CONFLICT', MSG.staking.stakeActive);
      throw error;
    }
  }

  /** An action on the stake itself (sell, stake, withdraw earned): settles yield and release first. */
  const settled = (userId: string, insufficient: string, work: (tx: Tx, now: Date) => Promise<string>) =>
    respond(insufficient, userId, () =>
      inTransaction(db, async (tx) => {
        const now = clock.now();
        await settle(tx, userId, now);
        return work(tx, now);
      }),
    );

  /**
   * A plain move between fund, balance and tokens (convert, buy, transfer, sell): the whole request — session,
   * key, posting, summary, stored answer — is one statement (docs/decisions/0021). Yield goes to `earned`, which
   * none of these touch; a sale needs an ended stake's tokens released to the wallet first, so the statement
   * hands it back to settle when a stake has ended (`settle: 'stake'`, DESIGN D11, docs/decisions/0026).
   */
  function moved(
    move: { kind: string; memo: string; recipient?: string; legs: Leg[]; settle?: 'stake' },
    insufficient: string,
    message: (result: RequestPostingResult) => string,
  ): OneStatementWork<{ success: true; message: string; summary: ReturnType<typeof view> }> {
    return {
      run: (frame) => ledger.postForRequest(frame, { ...move, summary: 'staking' }),
      settle: (userId) => inTransaction(db, (tx) => settle(tx, userId, clock.now())),
      render(stored) {
        const result = stored as RequestPostingResult;
        if (result.outcome === 'insufficient') throw short(insufficient);
        if (result.outcome === 'self') throw bad(MSG.staking.transferSelf);
        if (result.outcome === 'unknown') throw bad(MSG.staking.transferUnknown);
        const row = result.summary as SummaryRow;
        return { success: true, message: message(result), summary: view(row, new Date(result.at)) };
      },
    };
  }

  const post = (tx: Tx, userId: string, kind: string, memo: string, legs: Leg[]) =>
    ledger.postIn(tx, { kind, idempotencyKey: ledgerKey.unique(kind, userId), actorId: userId, memo, legs });

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
     * Moves tokens from the wallet to a 60-day stake. A new stake starts `earned` at 0: any earnings left
     * from the previous stake are moved to the balance first, never dropped.
     */
    stake(userId: string, tokens: bigint) {
      return settled(userId, MSG.staking.stakeInsufficient, async (tx, now) => {
        if (await repo.active(tx, userId)) throw new AppError('CONFLICT', MSG.staking.stakeActive);
        const wallet = (await ledger.balances(userId, tx)).get('svp.wallet') ?? 0n;
        if (wallet < tokens) throw short(MSG.staking.stakeInsufficient);
        const earned = (await ledger.balances(userId, tx)).get('usd.staking_earned') ?? 0n;
        if (earned > 0n) {
          await post(
            tx,
            userId,
            'staking.earned-to-balance',
            'Staking earnings moved to your balance as a new stake starts',
            [
              { account: userAccount(userId, 'usd.staking_earned'), amount: -earned },
              { account: userAccount(userId, 'usd.balance'), amount: earned },
            ],
          );
        }
        await repo.insert(tx, {
          userId,
          tokens,
          startedAt: now,
          endsAt: new Date(now.getTime() + STAKE_DAYS * DAY_MS),
          status: 'active',
        });
        await post(tx, userId, 'staking.stake', `Staked ${tokens} SVP tokens for ${STAKE_DAYS} days`, [
          { account: userAccount(userId, 'svp.wallet'), amount: -tokens },
          { account: userAccount(userId, 'svp.staked'), amount: tokens },
        ]);
        return MSG.staking.staked;
      });
    },

    withdrawEarned(userId: string) {
      return settled(userId, MSG.staking.noEarnings, async (tx) => {
        const earned = (await ledger.balances(userId, tx)).get('usd.staking_earned') ?? 0n;
        if (earned <= 0n) throw bad(MSG.staking.noEarnings);
        await post(tx, userId, 'staking.withdraw-earned', 'Staking earnings withdrawn to your balance', [
          { account: userAccount(userId, 'usd.staking_earned'), amount: -earned },
          { account: userAccount(userId, 'usd.balance'), amount: earned },
        ]);
        return MSG.staking.withdrawn(formatAmount(earned, 'USD'));
      });
    },

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

    leaderboard: createLeaderboard(db, deps.config.LEADERBOARD_CACHE_SECONDS * 1000, (stake) => {
      const accrued = yieldDue(stake, clock.now());
      return accrued > stake.creditedTotal ? accrued - stake.creditedTotal : 0n;
    }),
  };
}

export type StakingService = ReturnType<typeof createStakingService>;
