import { MSG, toDecimalString, type BotStatus, type RewardStatus } from '@svp/shared';

/**
 * The answers of GET /rewards and GET /bot, built from the engagement state however it was read: by the
 * engagement service, or by GET /me in its own statement (the dashboard home's first screen, DESIGN §7). One
 * builder each, so the two routes and /me cannot disagree.
 */

export function rewardStatusView(state: { welcomeClaimed: boolean; coins: bigint; dailyCoins: bigint }): RewardStatus {
  return {
    rewardClaimed: state.welcomeClaimed ? 1 : 0,
    coins: toDecimalString(state.coins, 'COIN'),
    dailyCoins: toDecimalString(state.dailyCoins, 'COIN'),
    message: state.welcomeClaimed ? MSG.rewards.statusClaimed : MSG.rewards.statusUnclaimed,
  };
}

export function botStatusView(state: {
  botStatus: BotStatus['state'];
  botReason: string | null;
  botPaidThrough: Date | null;
}): BotStatus {
  return {
    botStatus: state.botStatus === 'active' ? 1 : 0,
    state: state.botStatus,
    reason: state.botReason,
    paidThrough: state.botPaidThrough?.toISOString() ?? null,
    // Bot earnings are 0 unless an operator configures a rate (DESIGN D9), and none is configurable yet.
    botEarn: '0',
  };
}
