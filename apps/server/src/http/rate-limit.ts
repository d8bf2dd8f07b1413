import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { queryRows, type Db } from '../db/client.js';
import { errors } from './errors.js';

export interface RateRule {
  /** Names the counter, e.g. `login:ip:1.2.3.4`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in PostgreSQL so every app instance shares them (DESIGN §8).
 * `consume` runs before any password hashing so a flood costs us one upsert per request.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  async function hit(rule: RateRule): Promise<number> {
    const now = clock.now().getTime();
    const windowStart = new Date(now - (now % rule.windowMs));
    const rows = await queryRows<{ hits: number }>(
      db,
      sql`
      insert into rate_limits (bucket, window_start, hits) values (${rule.bucket}, ${windowStart}, 1)
      on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
      returning hits`,
    );
    return Number(rows[0]?.hits ?? 0);
  }

  return {
    /** Counts one attempt against every rule; throws 429 if any is over its limit. */
    async consume(...rules: RateRule[]): Promise<void> {
      let limited = false;
      for (const rule of rules) {
        if ((await hit(rule)) > rule.limit) limited = true;
      }
      if (limited) throw errors.rateLimited();
    },
    /** Drops windows that ended long ago; called from a periodic job. */
    async prune(olderThanMs: number): Promise<void> {
      await db.execute(
        sql`delete from rate_limits where window_start < ${new Date(clock.now().getTime() - olderThanMs)}`,
      );
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const MINUTE = 60_000;

/** The limits of DESIGN D14; per IP and per account, so neither a botnet nor one IP gets far. */
export const RATE_RULES = {
  loginIp: (ip: string): RateRule => ({ bucket: `login:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE }),
  loginAccount: (id: string): RateRule => ({ bucket: `login:acct:${id}`, limit: 10, windowMs: 15 * MINUTE }),
  otpSendIp: (ip: string): RateRule => ({ bucket: `otp-send:ip:${ip}`, limit: 10, windowMs: 60 * MINUTE }),
  otpSendAccount: (id: string): RateRule => ({ bucket: `otp-send:acct:${id}`, limit: 3, windowMs: 15 * MINUTE }),
  otpCheckIp: (ip: string): RateRule => ({ bucket: `otp-check:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE }),
  otpCheckAccount: (id: string): RateRule => ({ bucket: `otp-check:acct:${id}`, limit: 10, windowMs: 15 * MINUTE }),
  registerIp: (ip: string): RateRule => ({ bucket: `register:ip:${ip}`, limit: 20, windowMs: 60 * MINUTE }),
};
