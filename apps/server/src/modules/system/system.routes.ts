import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API,
  API_PREFIX,
  DAY_MS,
  toDecimalString,
  publicConfigSchema,
  testClockRequestSchema,
  testClockResponseSchema,
} from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { queryRows, type Db } from '../../db/client.js';

const migrationsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const expectedMigrations = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).length;

/** Health, readiness, public configuration and (tests only) the clock. Registered at the root. */
export function systemRoutes(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  referralText: () => string;
  withdrawalRule: () => string;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/healthz', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ status: 'ok' }));

    app.get('/readyz', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
      try {
        const [row] = await queryRows<{ n: number }>(
          deps.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        if ((row?.n ?? 0) < expectedMigrations) return reply.status(503).send({ status: 'migrations pending' });
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unreachable' });
      }
    });

    app.get(
      API_PREFIX + API.config,
      { config: { access: 'public' }, schema: { tags: ['system'], response: { 200: publicConfigSchema } } },
      async () => ({
        brand: deps.config.BRAND,
        notice: deps.config.NOTICE_TEXT,
        links: {
          channel: deps.config.CHANNEL_URL,
          chatBot: deps.config.CHAT_BOT_URL,
          telegramTask: deps.config.TELEGRAM_TASK_URL,
        },
        referralText: deps.referralText(),
        minEarningsToWithdraw: toDecimalString(deps.config.MIN_WITHDRAWAL_EARNINGS_USD, 'USD'),
        withdrawalRuleText: deps.withdrawalRule(),
        devTools: !deps.config.isProduction,
        testClock: deps.config.testClock,
        explorerUrl: deps.config.explorerUrl,
      }),
    );

    if (!deps.config.testClock) return;
    // DESIGN D11: exists only with ALLOW_TEST_CLOCK=1, and config refuses that in production.
    app.get(
      API_PREFIX + API.testClock,
      { config: { access: 'public' }, schema: { tags: ['test'], response: { 200: testClockResponseSchema } } },
      async () => ({ now: deps.clock.now().toISOString(), offsetMs: deps.clock.offsetMs() }),
    );
    app.post(
      API_PREFIX + API.testClock,
      {
        config: { access: 'public' },
        schema: { tags: ['test'], body: testClockRequestSchema, response: { 200: testClockResponseSchema } },
      },
      async (request) => {
        const { advanceMs = 0, advanceDays = 0, reset } = request.body;
        if (reset) deps.clock.reset();
        deps.clock.advance(advanceMs + Math.round(advanceDays * DAY_MS));
        return { now: deps.clock.now().toISOString(), offsetMs: deps.clock.offsetMs() };
      },
    );
  };
}
