import type { Asset } from './money.js';

/**
 * Ledger account codes (DESIGN §3). A user owns one account per code; system accounts are owned by
 * `system`. Only system accounts may go negative: they stand for money outside the platform.
 */
export const USER_ACCOUNTS = {
  'usd.balance': 'USD',
  'usd.invested': 'USD',
  'usd.earnings': 'USD',
  'usd.fund': 'USD',
  'usd.staking_earned': 'USD',
  'usd.withdrawal_pending': 'USD',
  'svp.wallet': 'SVP',
  'svp.staked': 'SVP',
  'coin.coins': 'COIN',
  'coin.daily': 'COIN',
} as const satisfies Record<string, Asset>;
export type UserAccountCode = keyof typeof USER_ACCOUNTS;

export const SYSTEM_ACCOUNTS = {
  /** USDT received on chain: the counter-side of every deposit. */
  'usd.deposits': 'USD',
  /** USDT sent on chain: the counter-side of every paid withdrawal. */
  'usd.payouts': 'USD',
  'usd.fees.topup': 'USD',
  'usd.fees.handling': 'USD',
  'usd.fees.crypto': 'USD',
  'usd.fees.charity': 'USD',
  /** Plan returns, referral bonuses, staking yield and admin credits are paid from here. */
  'usd.platform': 'USD',
  'svp.treasury': 'SVP',
  'coin.issuance': 'COIN',
} as const satisfies Record<string, Asset>;
export type SystemAccountCode = keyof typeof SYSTEM_ACCOUNTS;

export const SYSTEM_OWNER = 'system';
