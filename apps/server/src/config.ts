import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ceilingText, fromDecimalString, MAX_AMOUNT } from '@svp/shared';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};
/** A /0 range holds every address: it would trust every hop (proxy-addr refuses it, but only once the app starts). */
const isEveryAddress = (entry: string) => /^[^/]*\/0+$/.test(entry);

/**
 * Which proxies' X-Forwarded-For is believed: the number of proxies in front of the app, or the
 * list of their addresses or CIDR ranges. "Trust every hop" is refused: the leftmost entry is the client's
 * own writing, and rate limits keyed on it would let anyone choose their address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = (value ?? '').trim();
    if (text === '' || text === '0' || text === 'false') return false;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const entries = text.split(',').map((e) => e.trim());
    const everyone = entries.find(isEveryAddress);
    if (everyone) {
      ctx.addIssue({
        code: 'custom',
        message: `${everyone} is a /0 range: it holds every address, so it would trust every hop and let any client pick its address; list only your proxies' addresses or ranges`,
      });
      return z.NEVER;
    }
    if (entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be the number of proxies in front of the app (1 for one reverse proxy) or a comma-separated ' +
        "list of their addresses or CIDR ranges; 'true' would trust every hop, letting any client pick its address",
    });
    return z.NEVER;
  });

/** Every environment variable the server reads, in one schema (DESIGN §2). README lists them all. */
/** A 0x address, kept lower-case (as every address is compared). */
const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits')
  .transform((v) => v.toLowerCase());

/** A dollar figure of the withdrawal controls (ADR 0044): "10000" or "2500.50", as micro-dollars. */
const usdSetting = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be a dollar amount like 10000 or 2500.50 (0: none)')
    .default(fallback)
    .transform((v) => fromDecimalString(v, 'USD'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A direct connection to the same database, when DATABASE_URL goes through a transaction pooler (PgBouncer):
   * migrations, LISTEN and the deposit watcher's leadership need a session of their own. Defaults to DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /**
   * A streaming replica of the same database, for reads that may lag (db/read-replica.ts): the leaderboard,
   * admin lists, the history page and export, the treasury's chain figures. Unset: everything reads the primary.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  /** A replica further behind than this is not read: the primary answers instead. */
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.string().email().default('admin@svp.local'),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  SMTP_URL: z.string().url().optional(),
  /** The sender of every mail; unset: the brand's name at no-reply@svp.local (loadConfig). */
  MAIL_FROM: z.string().optional(),
  TRUST_PROXY: trustProxy,
  ALLOW_TEST_CLOCK: flag,
  /** The operator's one brand: the top bar (SPEC's "My Dashboard"), every mail's subject and its sender's name. */
  BRAND: z.string().default('My Dashboard'),
  NOTICE_TEXT: z.string().default('New investment plans are coming soon. Stay tuned!'),
  CHANNEL_URL: z.string().url().default('https://t.me/svpinvest'),
  CHAT_BOT_URL: z.string().url().default('https://t.me/svpinvest_bot'),
  TELEGRAM_TASK_URL: z.string().url().default('https://t.me/svpinvest_bot?start=welcome'),
  CHAIN: z.enum(['simulated', 'bsc']).default('simulated'),
  DEPOSIT_XPUB: z
    .string()
    .regex(/^xpub[1-9A-HJ-NP-Za-km-z]{100,112}$/, 'must be an account-level xpub')
    .optional(),
  BSC_RPC_URL: z.string().url().optional(),
  /** Expected chain id of BSC_RPC_URL (56 mainnet, 97 testnet); start-up fails on a mismatch. */
  BSC_CHAIN_ID: z.coerce.number().int().positive().optional(),
  USDT_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .default('0x55d398326f99059fF775485246999027B3197955'),
  USDT_DECIMALS: z.coerce.number().int().min(0).max(36).default(18),
  CONFIRMATIONS: z.coerce.number().int().min(0).max(1000).default(15),
  BSC_START_BLOCK: z.coerce.bigint().optional(),
  /**
   * Where swept USDT goes and payouts leave from, and the wallet that pays sweeps' gas (DESIGN D16). Addresses
   * only: the keys stay with the operator's treasury command. On the simulated chain a development treasury
   * is used when none is set.
   */
  TREASURY_ADDRESS: evmAddress.optional(),
  GAS_WALLET_ADDRESS: evmAddress.optional(),
  WATCHER_INTERVAL_MS: z.coerce.number().int().min(200).default(5000),
  REFERRAL_RULE: z.enum(['first-investment', 'signup', 'off']).default('first-investment'),
  REFERRAL_BONUS_USD: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be a dollar amount like 1 or 5.00')
    .default('1')
    .transform((v) => fromDecimalString(v, 'USD')),
  REFERRAL_BONUS_SVP: z.coerce
    .bigint()
    .min(0n)
    .max(MAX_AMOUNT.SVP, `must be at most ${ceilingText('SVP')} (the ceiling)`)
    .default(100_000n),
  /** Earnings a user needs before a withdrawal to the wallet (SPEC's $5; operator configuration). */
  MIN_WITHDRAWAL_EARNINGS_USD: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be a dollar amount like 5 or 2.50')
    .default('5')
    .transform((v) => fromDecimalString(v, 'USD')),
  /**
   * Withdrawal caps per user (DESIGN D18, ADR 0044): the payouts requested in a rolling 24 hours and 30 days, rejected
   * ones aside; finance may set a user's own. 0: no cap.
   */
  WITHDRAWAL_DAILY_CAP_USD: usdSetting('10000'),
  WITHDRAWAL_MONTHLY_CAP_USD: usdSetting('50000'),
  /** A payout above it needs a second, different admin's approval before the treasury may pay it (ADR 0044). 0: never. */
  WITHDRAWAL_FOUR_EYES_ABOVE_USD: usdSetting('1000'),
  /** The first withdrawal to a wallet changed within this many days needs a second approval too (ADR 0044). 0: never. */
  WITHDRAWAL_NEW_WALLET_REVIEW_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /**
   * After a wallet or e-mail change, a password reset or change, or two-factor turned off, withdrawals wait this many
   * hours (ADR 0044); the user is told by e-mail with the end. 0: no hold (the change is still recorded).
   */
  WITHDRAWAL_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(48),
  DAILY_COINS_BASE: z.coerce.bigint().min(0n).default(1_000n),
  TAP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100).default(20),
  /** Sign-ups one address may make per clock hour (DESIGN D14); raise it for users behind one shared NAT. */
  REGISTRATIONS_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Sign-in attempts one address may make per 15 minutes (DESIGN D14); raise it for users behind one NAT. */
  LOGINS_PER_IP_15_MIN: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Sign-in attempts one account may be tried with per 15 minutes, from any address (DESIGN D14). */
  LOGINS_PER_ACCOUNT_15_MIN: z.coerce.number().int().min(1).max(1_000).default(10),
  /** An Idempotency-Key unfinished this long belongs to a dead attempt: a retry may take it over. */
  IDEMPOTENCY_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  TAP_DAILY_CAP: z.coerce.number().int().min(1).default(10_000),
  STAKING_APY_PERCENT: z.coerce.number().min(0).max(100).default(12),
  LEADERBOARD_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** `off` serves no metrics at all. */
  METRICS: z.enum(['on', 'off']).default('on'),
  /** host:port of a separate listener for /metrics only (e.g. 127.0.0.1:9464), instead of the app's port. */
  METRICS_LISTEN: z
    .string()
    .regex(/^[^\s:]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/, 'must be host:port, like 127.0.0.1:9464')
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .positive()
    .default(30 * 24),
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(30),
  ADMIN_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  /** A withdrawal needs a verified e-mail address (ADR 0023) (default on; `0`/`false` turns it off). */
  WITHDRAWALS_REQUIRE_VERIFIED_EMAIL: z
    .enum(['0', '1', 'true', 'false'])
    .default('true')
    .transform((v) => v === '1' || v === 'true'),
  /** The web app's address as users reach it, for links in e-mails (never taken from a request's Host header). */
  // Unset: http://localhost:<PORT>, the address `npm start` prints (loadConfig).
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .transform((v) => v?.replace(/\/+$/, '')),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'PUBLIC_URL' | 'MAIL_FROM'> {
  /** MAIL_FROM, or `<BRAND> <no-reply@svp.local>` when unset: one brand in the sender's name and the subject. */
  MAIL_FROM: string;
  /** PUBLIC_URL, or http://localhost:<PORT> when unset. */
  PUBLIC_URL: string;
  isProduction: boolean;
  /** The test-clock endpoint exists only when asked for and never in production (DESIGN D11). */
  testClock: boolean;
  repoRoot: string;
  /** The block explorer users can open a transaction in (BscScan, or its testnet); null on the simulated chain. */
  explorerUrl: string | null;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const cfg = parsed.data;
  const isProduction = cfg.NODE_ENV === 'production';
  if (isProduction && !cfg.DATABASE_URL) {
    throw new ConfigError(
      'NODE_ENV=production needs DATABASE_URL: the embedded PGlite database is single-process and meant for ' +
        'development and demos only; production data must live in PostgreSQL.',
    );
  }
  if (cfg.DATABASE_READ_URL && !cfg.DATABASE_URL) {
    throw new ConfigError('DATABASE_READ_URL needs DATABASE_URL: a read replica follows a PostgreSQL primary.');
  }
  if (cfg.CHAIN === 'bsc' && !cfg.BSC_RPC_URL) {
    throw new ConfigError('CHAIN=bsc needs BSC_RPC_URL (a BNB Smart Chain JSON-RPC endpoint).');
  }
  if (isProduction && cfg.CHAIN === 'bsc' && !cfg.BSC_CHAIN_ID) {
    throw new ConfigError(
      'CHAIN=bsc in production needs BSC_CHAIN_ID (56 for BSC mainnet), so a wrong RPC URL cannot credit test payments.',
    );
  }
  if (isProduction && cfg.CHAIN === 'bsc' && (!cfg.TREASURY_ADDRESS || !cfg.GAS_WALLET_ADDRESS)) {
    throw new ConfigError(
      'CHAIN=bsc in production needs TREASURY_ADDRESS and GAS_WALLET_ADDRESS: the watcher confirms payouts from ' +
        'the treasury and the treasury screen shows both.',
    );
  }
  if (isProduction && cfg.CHAIN === 'bsc' && !cfg.DEPOSIT_XPUB) {
    throw new ConfigError(
      'CHAIN=bsc in production needs DEPOSIT_XPUB: a generated development xpub has no recoverable keys.',
    );
  }
  if (isProduction && cfg.ALLOW_TEST_CLOCK) {
    throw new ConfigError('ALLOW_TEST_CLOCK cannot be set with NODE_ENV=production: it lets anyone move time.');
  }
  if (isProduction && cfg.METRICS === 'on' && !cfg.METRICS_TOKEN && !cfg.METRICS_LISTEN) {
    throw new ConfigError(
      'NODE_ENV=production serves /metrics (ledger postings, per-route counts): set METRICS_TOKEN (16+ characters, ' +
        'sent by the scraper as a Bearer token), or METRICS_LISTEN=host:port for a private listener, or METRICS=off.',
    );
  }
  const explorerUrl =
    cfg.CHAIN !== 'bsc' ? null : cfg.BSC_CHAIN_ID === 97 ? 'https://testnet.bscscan.com' : 'https://bscscan.com';
  const PUBLIC_URL = cfg.PUBLIC_URL ?? `http://localhost:${cfg.PORT}`;
  const MAIL_FROM = cfg.MAIL_FROM ?? `${cfg.BRAND} <no-reply@svp.local>`;
  return {
    ...cfg,
    PUBLIC_URL,
    MAIL_FROM,
    isProduction,
    testClock: cfg.ALLOW_TEST_CLOCK && !isProduction,
    repoRoot,
    explorerUrl,
  };
}
