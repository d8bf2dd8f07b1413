import { BOT_UPKEEP_COINS, BOT_UPKEEP_PERIOD_MS, COIN_UNIT, DAY_MS, MSG } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { inTransaction, type IdempotencyClaim, type Tx } from '../../db/transaction.js';
import { systemAccount, userAccount, type Ledger } from '../ledger/ledger.service.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { notifications } from '../notifications/record.js';
import { engagementRepository as repo, utcDay, type EngagementRow } from './engagement.repository.js';

/** Longest stretch settled at once: a user away for years gets the last 400 days, not an unbounded loop. */
const MAX_SETTLE_DAYS = 400;

/**
 * The engagement row's accruals (DESIGN D11): each UTC day's daily coins and the bot's upkeep, brought up to now
 * under the row's lock before any change, or when a read finds them due.
 */
export function createEngagementSettlement(deps: { db: Db; clock: Clock; ledger: Ledger; config: Config }) {
  const { db, clock, ledger, config } = deps;
  const balance = async (tx: Tx, userId: string, code: string) => (await ledger.balances(userId, tx)).get(code) ?? 0n;

  /** Posts each UTC day's daily coins since the last settlement, once per day by its key; true if it did anything. */
  async function settleDaily(tx: Tx, state: EngagementRow, now: Date): Promise<boolean> {
    const today = utcDay(now);
    if (state.dailySettledThrough >= today) return false;
    const powers = await repo.investmentPowers(tx, state.userId);
    let day = Math.max(Date.parse(state.dailySettledThrough) + DAY_MS, Date.parse(today) - MAX_SETTLE_DAYS * DAY_MS);
    for (; day <= Date.parse(today); day += DAY_MS) {
      const active = powers.find((p) => p.startedAt.getTime() <= day && (!p.closedAt || p.closedAt.getTime() > day));
      const amount = config.DAILY_COINS_BASE * BigInt(active?.power ?? 0) * COIN_UNIT;
      if (amount === 0n) continue;
      const date = utcDay(new Date(day));
      await ledger.postIn(tx, {
        kind: 'coins.daily',
        idempotencyKey: ledgerKey.dailyCoins(state.userId, date),
        memo: `Daily coins for ${date}`,
        legs: [
          { account: systemAccount('coin.issuance'), amount: -amount },
          { account: userAccount(state.userId, 'coin.daily'), amount },
        ],
      });
    }
    await repo.update(tx, state.userId, { dailySettledThrough: today });
    return true;
  }

  /**
   * Charges 100,000 coins per 24 h while the bot is live; pauses it, with the reason, when it cannot. True if it
   * did anything.
   */
  async function settleBot(tx: Tx, state: EngagementRow, now: Date): Promise<boolean> {
    if (state.botStatus !== 'active' || !state.botPaidThrough || state.botPaidThrough.getTime() > now.getTime()) {
      return false;
    }
    let paidThrough = state.botPaidThrough;
    for (let i = 0; i < MAX_SETTLE_DAYS && paidThrough.getTime() <= now.getTime(); i++) {
      if ((await balance(tx, state.userId, 'coin.coins')) < BOT_UPKEEP_COINS) {
        await repo.update(tx, state.userId, {
          botStatus: 'paused',
          botReason: MSG.bot.paused,
          botPaidThrough: paidThrough,
        });
        await notifications.record(tx, {
          userId: state.userId,
          type: 'bot.paused',
          eventKey: `bot.paused:${paidThrough.toISOString()}`,
          at: now,
          params: { reason: MSG.bot.paused },
        });
        return true;
      }
      await ledger.postIn(tx, {
        kind: 'bot.upkeep',
        idempotencyKey: ledgerKey.botUpkeep(state.userId, paidThrough),
        memo: 'Trading bot daily upkeep',
        legs: [
          { account: userAccount(state.userId, 'coin.coins'), amount: -BOT_UPKEEP_COINS },
          { account: systemAccount('coin.issuance'), amount: BOT_UPKEEP_COINS },
        ],
      });
      paidThrough = new Date(paidThrough.getTime() + BOT_UPKEEP_PERIOD_MS);
    }
    await repo.update(tx, state.userId, { botPaidThrough: paidThrough });
    return true;
  }

  /** The user's engagement row, locked; made first for a user who has none yet. One query when it exists. */
  async function lockRow(tx: Tx, userId: string, now: Date): Promise<EngagementRow> {
    const row = await repo.lock(tx, userId);
    if (row) return row;
    await repo.ensure(tx, userId, now);
    return (await repo.lock(tx, userId))!;
  }

  /**
   * Locks the user's engagement row and brings every accrual up to now; the unit of every change. A request's
   * `claim` (its Idempotency-Key) is marked as acted on in the same transaction.
   */
  async function locked<T>(
    userId: string,
    work: (tx: Tx, state: EngagementRow, now: Date) => Promise<T>,
    claim: IdempotencyClaim | null = null,
  ): Promise<T> {
    return inTransaction(
      db,
      async (tx) => {
        const now = clock.now();
        // The row is read again only after a step changed it: the common case is one read.
        let state = await lockRow(tx, userId, now);
        if (await settleDaily(tx, state, now)) state = await lockRow(tx, userId, now);
        if (await settleBot(tx, state, now)) state = await lockRow(tx, userId, now);
        return work(tx, state, now);
      },
      claim,
    );
  }

  /** Brings the user's accruals up to now, for a caller that already knows they are due; returns the state. */
  const settle = (userId: string) => locked(userId, async (_tx, fresh) => fresh);

  /** Settles accruals when they are due (one read when nothing is) and returns the current state. */
  async function settleIfDue(userId: string): Promise<EngagementRow> {
    const state = await repo.find(db, userId);
    const now = clock.now();
    const due =
      !state ||
      state.dailySettledThrough < utcDay(now) ||
      (state.botStatus === 'active' && (state.botPaidThrough?.getTime() ?? 0) <= now.getTime());
    return due ? settle(userId) : state;
  }

  return { balance, locked, settle, settleIfDue };
}
