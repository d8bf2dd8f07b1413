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
import { systemAccount, userAccount, type Leg, type Ledger } from '../ledger/ledger.service.js';
import { createLeaderboard } from './leaderboard.js';
import { stakingRepository as repo, type SummaryRow } from './staking.repository.js';
import { lastStakeDay, readSettlementDue, yieldDue as yieldAt, type StakeTerms } from './yield.js';
import { ledgerKey } from '../ledger/ledger-keys.js';

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
    const row = read ?? (await repo.summaryRow(db, userId));
    const get = (code: string) => BigInt(row?.balances?.[code] ?? '0');
    const now = clock.now();
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
   * A plain move between fund, balance and tokens (convert, buy, transfer): one posting, one statement.
   * Yield goes to `earned` and a release to the wallet, neither of which these touch, so nothing needs
   * settling first (DESIGN D11), and the debited rows stay locked only while PostgreSQL posts.
   */
  const moved = (userId: string, insufficient: string, message: string, kind: string, memo: string, legs: Leg[]) =>
    respond(insufficient, userId, async () => {
      await ledger.post({ kind, idempotencyKey: ledgerKey.unique(kind, userId), actorId: userId, memo, legs });
      return message;
    });

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
    convert(userId: string, direction: 'toFund' | 'toBalance', amount: bigint) {
      const toFund = direction === 'toFund';
      const [from, to] = toFund ? (['usd.balance', 'usd.fund'] as const) : (['usd.fund', 'usd.balance'] as const);
      const message = MSG.staking.converted(formatAmount(amount, 'USD'), toFund);
      return moved(
        userId,
        toFund ? MSG.staking.insufficientBalance : MSG.staking.insufficientFund,
        message,
        'staking.convert',
        message,
        [
          { account: userAccount(userId, from), amount: -amount },
          { account: userAccount(userId, to), amount },
        ],
      );
    },

    buy(userId: string, amount: bigint) {
      if (amount < MIN_SVP_PURCHASE) throw bad(MSG.staking.buyMinimum);
      const tokens = tokensForUsd(amount);
      const message = MSG.staking.bought(formatAmount(tokens, 'SVP', 0), formatAmount(amount, 'USD'));
      return moved(userId, MSG.staking.insufficientFund, message, 'staking.buy', 'Bought SVP tokens', [
        { account: userAccount(userId, 'usd.fund'), amount: -amount },
        { account: systemAccount('usd.platform'), amount },
        { account: systemAccount('svp.treasury'), amount: -tokens },
        { account: userAccount(userId, 'svp.wallet'), amount: tokens },
      ]);
    },

    sell(userId: string, tokens: bigint) {
      const amount = usdForTokens(tokens);
      const message = MSG.staking.sold(formatAmount(tokens, 'SVP', 0), formatAmount(amount, 'USD'));
      // Settles first: a stake that has ended returns its tokens to the wallet, ready to sell.
      return settled(userId, MSG.staking.insufficientTokens, async (tx) => {
        await post(tx, userId, 'staking.sell', 'Sold SVP tokens', [
          { account: userAccount(userId, 'svp.wallet'), amount: -tokens },
          { account: systemAccount('svp.treasury'), amount: tokens },
          { account: systemAccount('usd.platform'), amount: -amount },
          { account: userAccount(userId, 'usd.fund'), amount },
        ]);
        return message;
      });
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

    /** Fund balance to another user, by username (SPEC §4, §5). */
    async transfer(userId: string, recipientName: string, amount: bigint) {
      const { sender, recipient } = recipientName
        ? await repo.transferParties(db, userId, recipientName)
        : { sender: undefined, recipient: undefined };
      if (recipient && recipient.id === userId) throw bad(MSG.staking.transferSelf);
      if (!recipient || recipient.role !== 'user' || recipient.disabled) throw bad(MSG.staking.transferUnknown);
      const message = MSG.staking.transferred(formatAmount(amount, 'USD'), recipient.username);
      const memo = `Fund transfer from ${sender?.username} to ${recipient.username}`;
      return moved(userId, MSG.staking.transferInsufficient, message, 'staking.transfer', memo, [
        { account: userAccount(userId, 'usd.fund'), amount: -amount },
        { account: userAccount(recipient.id, 'usd.fund'), amount },
      ]);
    },

    leaderboard: createLeaderboard(db, deps.config.LEADERBOARD_CACHE_SECONDS * 1000, (stake) => {
      const accrued = yieldDue(stake, clock.now());
      return accrued > stake.creditedTotal ? accrued - stake.creditedTotal : 0n;
    }),
  };
}

export type StakingService = ReturnType<typeof createStakingService>;
