import { DAY_MS } from './time.js';
import { z } from 'zod';
import { figuresAsOfField } from './figures-age.js';
import { MSG } from './messages.js';
import { amountField, botStatusSchema, decimalString } from './schemas.js';

/** Constants of SPEC §9 for coins, the bot, taps and staking (DESIGN D9, D10), in minor units. */
export const COIN_UNIT = 100n; // COIN has 2 decimals
export const WELCOME_COINS = 20_000n * COIN_UNIT;
export const BOT_COST_COINS = 500_000n * COIN_UNIT;
export const BOT_COST_USD = 5_000_000n;
export const BOT_UPKEEP_COINS = 100_000n * COIN_UNIT;
export const BOT_UPKEEP_PERIOD_MS = DAY_MS;
export const TAP_VALUE = 25n; // 0.25 coin
/**
 * DESIGN D9: a save may bank the taps of the time since the last accepted save at the configured rate, never more
 * than one save window's worth: idle time is not banked. The tap screen saves on its own well within a window.
 */
export const TAP_SAVE_WINDOW_MS = 30_000;
/** How long the tap screen keeps taps unsaved before saving them itself: a third of the window, room for a slow save. */
export const TAP_AUTOSAVE_MS = 10_000;
export const SVP_PER_USD = 100_000n;
export const MIN_SVP_PURCHASE = 1_000_000n; // $1 in micro-dollars
export const STAKE_DAYS = 60;

/** SPEC §9 achievements: balance in USD, staked in tokens, earned in USD. */
export function achievements(balanceMicro: bigint, stakedTokens: bigint, earnedMicro: bigint): string[] {
  const list: string[] = [];
  if (balanceMicro >= 1_000n * 1_000_000n) list.push('Rich Wallet');
  if (stakedTokens >= 100n) list.push('Staking Champ');
  if (earnedMicro >= 200n * 1_000_000n) list.push('Yield Farmer');
  return list;
}

/** Tokens bought with `usdMicro` (whole tokens; USD typed has at most 2 decimals so this is exact). */
export const tokensForUsd = (usdMicro: bigint) => (usdMicro * SVP_PER_USD) / 1_000_000n;
/** USD micro-units paid for `tokens` when selling. */
export const usdForTokens = (tokens: bigint) => (tokens * 1_000_000n) / SVP_PER_USD;

export const claimResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  coins: decimalString,
  dailyCoins: decimalString,
});

export const botActivateSchema = z.object({ method: z.enum(['coins', 'balance']) });
export const botActivateResponseSchema = botStatusSchema.extend({ success: z.literal(true), message: z.string() });

export const tapsSaveSchema = z.object({ clicks: z.number().int().min(0).max(1_000_000) });
export const tapsResponseSchema = z.object({
  totalClicks: z.number(),
  coins: decimalString,
  message: z.string().optional(),
});

/** Dollars (fund, balance) and whole SVP tokens, parsed at the edge; each form has its own message (SPEC §4). */
export const convertSchema = z.object({
  direction: z.enum(['toFund', 'toBalance']),
  amount: amountField('USD', MSG.staking.convertInvalid),
});
export const buySvpSchema = z.object({ amount: amountField('USD', MSG.staking.buyInvalid) });
export const sellSvpSchema = z.object({ tokens: amountField('SVP', MSG.staking.sellInvalid) });
export const stakeSchema = z.object({ tokens: amountField('SVP', MSG.staking.stakeInvalid) });
export const transferSchema = z.object({
  recipient: z.string().trim().max(64).default(''),
  amount: amountField('USD', MSG.staking.transferInvalid),
});

export const stakingSummarySchema = z.object({
  username: z.string(),
  balance: decimalString,
  fundBalance: decimalString,
  tokenWallet: decimalString,
  staked: decimalString,
  earned: decimalString,
  totalEarned: decimalString,
  status: z.enum(['Hold', 'In-Active', 'Staking']),
  achievements: z.array(z.string()),
  apy: z.string(),
  stakingStartDate: z.string().nullable(),
  stakingEndDate: z.string().nullable(),
  stakeDay: z.number().nullable(),
});
export const stakingActionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  summary: stakingSummarySchema,
});
export const leaderboardEntrySchema = z.object({
  rank: z.number(),
  username: z.string(),
  balance: decimalString,
  fundBalance: decimalString,
  staked: decimalString,
  earned: decimalString,
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;
export const leaderboardSchema = z.object({
  top: z.array(leaderboardEntrySchema),
  me: leaderboardEntrySchema.nullable(),
  ...figuresAsOfField,
});
