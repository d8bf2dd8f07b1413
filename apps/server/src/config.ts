import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** Every environment variable the server reads, in one schema (DESIGN §2). README lists them all. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ADMIN_EMAIL: z.string().email().default('admin@svp.local'),
  ADMIN_PASSWORD: z.string().min(12, 'ADMIN_PASSWORD must be at least 12 characters').optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('SVP Invest <no-reply@svp.local>'),
  TRUST_PROXY: flag,
  ALLOW_TEST_CLOCK: flag,
  BRAND: z.string().default('My Dashboard'),
  NOTICE_TEXT: z.string().default('New investment plans are coming soon. Stay tuned!'),
  CHANNEL_URL: z.string().url().default('https://t.me/svpinvest'),
  CHAT_BOT_URL: z.string().url().default('https://t.me/svpinvest_bot'),
  TELEGRAM_TASK_URL: z.string().url().default('https://t.me/svpinvest_bot?start=welcome'),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  isProduction: boolean;
  /** The test-clock endpoint exists only when asked for and never in production (DESIGN D11). */
  testClock: boolean;
  repoRoot: string;
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
  if (isProduction && cfg.ALLOW_TEST_CLOCK) {
    throw new ConfigError('ALLOW_TEST_CLOCK cannot be set with NODE_ENV=production: it lets anyone move time.');
  }
  return { ...cfg, isProduction, testClock: cfg.ALLOW_TEST_CLOCK && !isProduction, repoRoot };
}
