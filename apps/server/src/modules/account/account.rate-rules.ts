import type { RateRule } from '../../http/rate-limit.js';

const MINUTE = 60_000;

/** Limits of the account's own security routes, per user (the per-IP ones are the sign-in's, http/rate-limit.ts). */
export const ACCOUNT_RATE_RULES = {
  /** Current-password checks (password change, e-mail change): as many as sign-ins allow, per account. */
  passwordCheck: (userId: string): RateRule => ({
    bucket: `account-password:${userId}`,
    limit: 10,
    windowMs: 15 * MINUTE,
  }),
  /** Verification links sent on request ("Resend", e-mail changes). */
  verificationSend: (userId: string): RateRule => ({
    bucket: `verify-send:${userId}`,
    limit: 3,
    windowMs: 60 * MINUTE,
  }),
  /** Link checks per address: tokens are 256-bit, this only keeps a flood cheap. */
  verificationCheckIp: (ip: string): RateRule => ({
    bucket: `verify-check:ip:${ip}`,
    limit: 30,
    windowMs: 15 * MINUTE,
  }),
};
