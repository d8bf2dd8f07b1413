/** Query keys of the engagement module's screens: coins and rewards, the trading bot, the daily taps. */
export const engagementKeys = {
  all: ['engagement'] as const,
  /** Welcome-reward status plus the coin totals; the bot and the taps move the coins too. */
  rewards: () => [...engagementKeys.all, 'rewards'] as const,
  bot: () => [...engagementKeys.all, 'bot'] as const,
  taps: () => [...engagementKeys.all, 'taps'] as const,
};
