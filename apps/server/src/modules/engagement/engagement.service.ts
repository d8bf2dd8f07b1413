import {
  BOT_COST_COINS,
  BOT_COST_USD,
  BOT_UPKEEP_PERIOD_MS,
  COIN_UNIT,
  MSG,
  TAP_SAVE_WINDOW_MS,
  TAP_VALUE,
  toDecimalString,
  WELCOME_COINS,
} from '@svp/shared';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { IdempotencyClaim, Tx } from '../../db/transaction.js';
import { AppError } from '../../http/errors.js';
import { type OneStatementWork } from '../../http/one-statement.js';
import { systemAccount, userAccount, type Ledger } from '../ledger/ledger.service.js';
import { claimDailyResult, engagementRepository as repo, saveTapsResult } from './engagement.repository.js';
import { ledgerKey } from '../ledger/ledger-keys.js';
import { botStatusView, rewardStatusView } from './engagement.views.js';
import { createEngagementSettlement } from './engagement-settlement.js';

type ClaimAnswer = { success: true; message: string; coins: string; dailyCoins: string };
type TapsAnswer = { totalClicks: number; coins: string; message: string };

const coins = (v: bigint) => toDecimalString(v, 'COIN');
const fail = (message: string, code: 'VALIDATION_ERROR' | 'CONFLICT' | 'RATE_LIMITED' = 'VALIDATION_ERROR') =>
  new AppError(code, message);

/** Coins, daily bonus, welcome reward, the bot's activation and upkeep, taps (DESIGN D9, D11). */
export function createEngagementService(deps: {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  config: Config;
  /** The plans module's answer to "does this user have an active plan?" (the bot needs one), in `tx`. */
  plans: { hasActivePlan(tx: Tx, userId: string): Promise<boolean> };
}) {
  const { db, ledger, config } = deps;
  const { balance, locked, settle, settleIfDue } = createEngagementSettlement(deps);

  return {
    settle,

    /** Reads take no lock: they settle only when something is due, then read committed balances. */
    async rewardStatus(userId: string) {
      const state = await settleIfDue(userId);
      const balances = await ledger.balances(userId);
      return rewardStatusView({
        welcomeClaimed: state.welcomeClaimedAt !== null,
        coins: balances.get('coin.coins') ?? 0n,
        dailyCoins: balances.get('coin.daily') ?? 0n,
      });
    },

    /**
     * "Claim Daily Bonus": coins += dailyCoins, dailyCoins = 0, in one statement (docs/decisions/0026); it hands
     * the request back to settle first when the daily coins or the bot's upkeep are due.
     */
    claimDaily(): OneStatementWork<ClaimAnswer> {
      return {
        run: async (frame) => {
          return ledger.postByStatement('coins.daily-claim', () => repo.claimDaily(db, frame, randomUUID(), COIN_UNIT));
        },
        settle: async (userId) => void (await settle(userId)),
        render(stored) {
          const result = claimDailyResult.parse(stored);
          if (result.outcome === 'none') throw fail(MSG.rewards.noDailyCoins, 'CONFLICT');
          return {
            success: true,
            message: MSG.rewards.dailyClaimed,
            coins: coins(BigInt(result.coins ?? '0')),
            dailyCoins: '0',
          };
        },
      };
    },

    /** "I've Done It": 20,000 coins, once per user (the key is the user). */
    async claimWelcome(userId: string, claim: IdempotencyClaim | null = null) {
      return locked(
        userId,
        async (tx, state, now) => {
          if (state.welcomeClaimedAt) throw fail(MSG.rewards.welcomeAlready, 'CONFLICT');
          await ledger.postIn(tx, {
            kind: 'coins.welcome',
            idempotencyKey: ledgerKey.welcome(userId),
            actorId: userId,
            memo: 'Welcome reward: 20,000 coins',
            legs: [
              { account: systemAccount('coin.issuance'), amount: -WELCOME_COINS },
              { account: userAccount(userId, 'coin.coins'), amount: WELCOME_COINS },
            ],
          });
          await repo.update(tx, userId, { welcomeClaimedAt: now });
          return {
            success: true as const,
            message: MSG.rewards.welcomeUpdated,
            coins: coins(await balance(tx, userId, 'coin.coins')),
            dailyCoins: coins(await balance(tx, userId, 'coin.daily')),
          };
        },
        claim,
      );
    },

    botStatus: async (userId: string) => botStatusView(await settleIfDue(userId)),

    /** 500,000 coins or $5; needs an active plan (SPEC §5). Upkeep is due 24 h later. */
    async activateBot(userId: string, method: 'coins' | 'balance', claim: IdempotencyClaim | null = null) {
      return locked(
        userId,
        async (tx, state, now) => {
          if (!(await deps.plans.hasActivePlan(tx, userId))) throw fail(MSG.bot.needPlan);
          if (state.botStatus === 'active') throw fail(MSG.bot.alreadyActive, 'CONFLICT');
          const [code, cost, sink, message] =
            method === 'coins'
              ? (['coin.coins', BOT_COST_COINS, systemAccount('coin.issuance'), MSG.bot.needCoins] as const)
              : (['usd.balance', BOT_COST_USD, systemAccount('usd.platform'), MSG.bot.needBalance] as const);
          if ((await balance(tx, userId, code)) < cost) throw fail(message);
          await ledger.postIn(tx, {
            kind: 'bot.activation',
            idempotencyKey: ledgerKey.unique('bot-activation', userId, now),
            actorId: userId,
            memo: method === 'coins' ? 'Trading bot activated with 500,000 coins' : 'Trading bot activated for $5',
            legs: [
              { account: userAccount(userId, code), amount: -cost },
              { account: sink, amount: cost },
            ],
          });
          const paidThrough = new Date(now.getTime() + BOT_UPKEEP_PERIOD_MS);
          await repo.update(tx, userId, {
            botStatus: 'active',
            botReason: null,
            botActivatedAt: now,
            botPaidThrough: paidThrough,
          });
          return {
            success: true as const,
            message: MSG.bot.activated,
            ...botStatusView({ ...state, botStatus: 'active', botReason: null, botPaidThrough: paidThrough }),
          };
        },
        claim,
      );
    },

    async taps(userId: string) {
      const state = await settleIfDue(userId);
      return {
        totalClicks: Number(state.totalClicks),
        coins: coins((await ledger.balances(userId)).get('coin.coins') ?? 0n),
      };
    },

    /**
     * Banks `clicks` taps at 0.25 coin each, if a human could have tapped them since the last accepted save
     * (DESIGN D9), in one statement (sql/functions/engagement/api_save_taps.sql holds the rule): `lastTapSaveAt` is
     * the moment taps are paid up to, taken at most one save window back (idle time is not banked); each accepted
     * tap moves it 1/rate s on, never past now. Saves take the row lock one at a time, so concurrent saves share
     * that one allowance and no save brings a fresh burst of its own.
     */
    saveTaps(clicks: number): OneStatementWork<TapsAnswer> {
      if (clicks <= 0) throw fail(MSG.taps.none);
      // More than a whole window allows can never be saved, however long ago the last save was: said as such.
      const mostPerSave = Math.floor((config.TAP_RATE_PER_SECOND * TAP_SAVE_WINDOW_MS) / 1000);
      if (clicks > mostPerSave) {
        throw fail(MSG.taps.tooManyForOneSave(mostPerSave, TAP_SAVE_WINDOW_MS / 1000));
      }
      const taps = {
        clicks,
        rate: config.TAP_RATE_PER_SECOND,
        dailyCap: config.TAP_DAILY_CAP,
        tapValue: TAP_VALUE,
        coinUnit: COIN_UNIT,
        windowMs: TAP_SAVE_WINDOW_MS,
      };
      return {
        run: async (frame) => {
          return ledger.postByStatement('coins.taps', () => repo.saveTaps(db, frame, { ...taps, nonce: randomUUID() }));
        },
        settle: async (userId) => void (await settle(userId)),
        render(stored) {
          const result = saveTapsResult.parse(stored);
          if (result.outcome === 'too-fast') throw fail(MSG.taps.tooFast, 'RATE_LIMITED');
          if (result.outcome === 'cap') throw fail(MSG.taps.dailyCap(config.TAP_DAILY_CAP), 'RATE_LIMITED');
          return {
            totalClicks: Number(result.totalClicks),
            coins: coins(BigInt(result.coins ?? '0')),
            message: MSG.taps.saved,
          };
        },
      };
    },
  };
}

export type EngagementService = ReturnType<typeof createEngagementService>;
