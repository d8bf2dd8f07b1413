/** API paths shared by the server's route files and the web client, so they can never drift. */
export const API_PREFIX = '/api/v1';

export const API = {
  csrf: '/auth/csrf',
  register: '/auth/register',
  login: '/auth/login',
  adminLogin: '/auth/admin/login',
  logout: '/auth/logout',
  otpRequest: '/auth/password/otp',
  passwordReset: '/auth/password/reset',
  me: '/me',
  config: '/config',
  testClock: '/test/clock',
  topup: '/topup',
  topupStatus: '/topup/:requestId/status',
  topupTestPayment: '/topup/test-payment',
  devChainPay: '/dev/chain/pay',
  plans: '/plans',
  investments: '/investments',
  withdrawals: '/withdrawals',
  withdrawalQuote: '/withdrawals/quote',
  earnings: '/earnings',
  referral: '/referral',
  history: '/history',
  historyCsv: '/history.csv',
  rewards: '/rewards',
  rewardsDaily: '/rewards/daily/claim',
  rewardsWelcome: '/rewards/welcome/claim',
  bot: '/bot',
  botActivate: '/bot/activate',
  taps: '/taps',
  staking: '/staking',
  stakingConvert: '/staking/convert',
  stakingBuy: '/staking/buy',
  stakingSell: '/staking/sell',
  stakingStake: '/staking/stake',
  stakingWithdrawEarned: '/staking/withdraw-earned',
  stakingTransfer: '/staking/transfer',
  stakingLeaderboard: '/staking/leaderboard',
  adminWithdrawals: '/admin/withdrawals',
  adminWithdrawalPay: '/admin/withdrawals/:id/pay',
  adminWithdrawalReject: '/admin/withdrawals/:id/reject',
} as const;

export const CSRF_COOKIE = 'svp_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'svp_session';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
