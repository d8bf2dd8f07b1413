import { sql } from 'drizzle-orm';
import type { Clock } from '../clock.js';
import { preparedStatement, type Db } from '../db/client.js';
import { errors } from './errors.js';

export interface RateRule {
  /** Names the counter, e.g. `login:ip:1.2.3.4`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

const hitStatement = preparedStatement<{ bucket: string; hits: number }>(
  'rate_limit_hit',
  `insert into rate_limits (bucket, window_start, hits)
   select b.bucket, b.window_start, 1 from unnest($1::text[], $2::timestamptz[]) with ordinality as b(bucket, window_start, n)
   order by b.n
   on conflict (bucket, window_start) do update set hits = rate_limits.hits + 1
   returning bucket, hits`,
);

/** The start of the fixed window `now` falls in. */
const windowStart = (now: number, rule: RateRule) => new Date(now - (now % rule.windowMs));

/**
 * Fixed-window counters kept in PostgreSQL so every app instance shares them (DESIGN §8).
 * `consume` runs before any password hashing so a flood costs us one upsert per request.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  return {
    /** Counts one attempt against every rule (one statement); throws 429 if any is over its limit. */
    async consume(...rules: RateRule[]): Promise<void> {
      const now = clock.now().getTime();
      // Each bucket once, in one fixed order, so two requests counting the same pair cannot deadlock.
      const sorted = [...new Map(rules.map((r) => [r.bucket, r])).values()].sort((a, b) =>
        a.bucket < b.bucket ? -1 : 1,
      );
      const rows = await hitStatement(db, [
        sorted.map((r) => r.bucket),
        sorted.map((r) => windowStart(now, r).toISOString()),
      ]);
      const hits = new Map(rows.map((r) => [r.bucket, r.hits]));
      if (sorted.some((r) => (hits.get(r.bucket) ?? 0) > r.limit)) throw errors.rateLimited();
    },
    /**
     * Gives back one attempt that proved not to be a guess (a right second-factor code), in the current window:
     * counted before the check, so parallel guesses are all counted, and returned after it, so an account's own
     * sign-ins never lock it out.
     */
    async release(rule: RateRule): Promise<void> {
      const now = clock.now().getTime();
      await db.execute(
        sql`update rate_limits set hits = greatest(hits - 1, 0)
            where bucket = ${rule.bucket} and window_start = ${windowStart(now, rule)}`,
      );
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
  /** Sign-ins (and current-password checks) one address may try per 15 minutes: `LOGINS_PER_IP_15_MIN`. */
  loginIp: (ip: string, limit: number): RateRule => ({ bucket: `login:ip:${ip}`, limit, windowMs: 15 * MINUTE }),
  /** Sign-ins one account may be tried with per 15 minutes, from anywhere: `LOGINS_PER_ACCOUNT_15_MIN`. */
  loginAccount: (id: string, limit: number): RateRule => ({
    bucket: `login:acct:${id}`,
    limit,
    windowMs: 15 * MINUTE,
  }),
  otpSendIp: (ip: string): RateRule => ({ bucket: `otp-send:ip:${ip}`, limit: 10, windowMs: 60 * MINUTE }),
  otpSendAccount: (id: string): RateRule => ({ bucket: `otp-send:acct:${id}`, limit: 3, windowMs: 15 * MINUTE }),
  otpCheckIp: (ip: string): RateRule => ({ bucket: `otp-check:ip:${ip}`, limit: 30, windowMs: 15 * MINUTE }),
  otpCheckAccount: (id: string): RateRule => ({ bucket: `otp-check:acct:${id}`, limit: 10, windowMs: 15 * MINUTE }),
  registerIp: (ip: string, limit: number): RateRule => ({ bucket: `register:ip:${ip}`, limit, windowMs: 60 * MINUTE }),
};
