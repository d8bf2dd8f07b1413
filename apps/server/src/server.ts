import { mkdirSync } from 'node:fs';
import pino from 'pino';
import { buildApp } from './app.js';
import { createClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { readSettings, settingsWarnings } from './db/settings-check.js';
import { recoverStaleIdempotencyKeys } from './http/idempotency.js';
import { chooseLogFormat, prettyLogStream } from './http/log-format.js';
import { serveMetricsApart } from './http/metrics.js';
import { ensureFirstAdmin } from './modules/admin/bootstrap.js';
import { pgErrorCode } from './db/pg-errors.js';

/** The process: configuration, database, migrations, first admin, listen, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  let format;
  try {
    config = loadConfig();
    format = chooseLogFormat({ NODE_ENV: config.NODE_ENV, LOG_FORMAT: process.env.LOG_FORMAT }, process.stdout.isTTY);
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && error.message.startsWith('LOG_FORMAT'))) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Short lines for a person at a terminal, JSON for everything else (http/log-format.ts).
  const logStream =
    format === 'pretty'
      ? prettyLogStream(process.stdout, { color: process.stdout.isTTY && !process.env.NO_COLOR })
      : undefined;
  const log = logStream ? pino({ level: config.LOG_LEVEL }, logStream) : pino({ level: config.LOG_LEVEL });
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    directUrl: config.DATABASE_DIRECT_URL,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    onPoolError: (err) => log.warn({ err: err.message }, 'idle database connection lost; the pool will replace it'),
  });
  await runMigrations(database);
  if (database.kind === 'postgres')
    for (const warning of settingsWarnings(await readSettings(database.db))) log.warn(warning);
  const clock = createClock();
  const admin = await ensureFirstAdmin(database.db, clock, config).catch((error: unknown) => {
    // Another process starting at the same moment created the first admin (unique e-mail): use theirs.
    if (pgErrorCode(error) === '23505') return ensureFirstAdmin(database.db, clock, config);
    throw error;
  });
  const app = await buildApp({
    config,
    db: database.db,
    relaxed: database.relaxed,
    pool: database.pool,
    clock,
    logStream,
  });
  app.services.watcher.start();
  app.services.notifications.mailJob.start();
  app.services.platformRollUp.start();
  app.services.ledgerCheck.start();
  // Housekeeping: settle Idempotency-Keys whose attempt died in a crash, so a client's retry or a look
  // at the key tells what happened; drop expired sessions and spent rate-limit windows; report unfinished sign-ins.
  const staleMs = config.IDEMPOTENCY_STALE_SECONDS * 1000;
  const housekeeping = setInterval(() => {
    Promise.all([
      recoverStaleIdempotencyKeys(database.relaxed, staleMs),
      app.services.sessions.pruneExpired(),
      app.services.rateLimiter.prune(24 * 3_600_000),
      // A password given without its second-factor code, in a sign-in that never finished: the account is told.
      app.services.auth.reportUnfinishedSignIns(),
    ]).catch((err: unknown) => log.warn({ err: String(err) }, 'housekeeping failed; will retry'));
  }, staleMs);
  housekeeping.unref();

  let metricsServer: import('node:http').Server | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearInterval(housekeeping);
    app.log.info({ signal }, 'shutting down');
    metricsServer?.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  if (config.METRICS === 'on' && config.METRICS_LISTEN) {
    metricsServer = await serveMetricsApart(app.services.metrics, config.METRICS_LISTEN);
  }
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const lines = [
    '',
    `  SVP Invest is running at http://${shownHost}:${config.PORT}`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Admin console: http://${shownHost}:${config.PORT}/admin  (e-mail: ${admin.email})`,
  ];
  if (admin.password) lines.push(`  First admin password (shown once, store it now): ${admin.password}`);
  if (config.testClock) lines.push('  Test clock enabled: POST /api/v1/test/clock moves server time.');
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error('Failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
