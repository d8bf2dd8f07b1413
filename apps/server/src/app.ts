import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@svp/shared';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { primaryReads, replicaReads } from './db/read-replica.js';
import { registerAccessControl, registerWithAccess } from './http/access.js';
import { registerErrorHandling } from './http/error-handler.js';
import { createFastify } from './http/fastify-instance.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerOneStatement } from './http/one-statement.js';
import { createRateLimiter } from './http/rate-limit.js';
import { createBscChain } from './app-services.js';
import { registerWebApp } from './http/static.js';
import { createMetrics, registerMetrics } from './http/metrics.js';
import { createAuditLog } from './modules/audit/audit.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createSessionStore } from './modules/auth/sessions.js';
import { createTotpService } from './modules/auth/totp.js';
import { createLedger } from './modules/ledger/ledger.service.js';
import { createLedgerCheck } from './modules/ledger/ledger-check.js';
import { createPlatformRollUp } from './modules/ledger/platform-roll-up.js';
import { createMailer } from './modules/mail/mailer.js';
import { createOutboxService } from './modules/mail/outbox.js';
import { createNotificationsModule } from './modules/notifications/index.js';
import { createEventsModule } from './modules/events/index.js';
import { adminOutboxRoutes } from './modules/admin/admin-outbox.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createSimulatedChain, SIMULATED_TREASURY } from './chain/simulated.js';
import { createLeaderLock } from './chain/leader-lock.js';
import { devTreasuryRunner } from './treasury-runner/dev-treasury.js';
import { ensureOperatorToken } from './treasury-runner/operator-token.js';
import type { ChainScanner } from './chain/types.js';
import { createDepositWatcher } from './chain/watcher.js';
import { depositsRoutes } from './modules/deposits/deposits.routes.js';
import { createDepositsService } from './modules/deposits/deposits.service.js';
import { deriveAddress, resolveDepositXpub } from './modules/deposits/xpub.js';
import { createHistoryService } from './modules/history/history.service.js';
import { createInvestmentsService } from './modules/plans/plans.service.js';
import { plansRepository } from './modules/plans/plans.repository.js';
import { plansRoutes } from './modules/plans/plans.routes.js';
import { referralsRoutes } from './modules/referrals/referrals.routes.js';
import { historyRoutes } from './modules/history/history.routes.js';
import { createReferralsService } from './modules/referrals/referrals.service.js';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes.js';
import { treasuryRoutes } from './modules/treasury/treasury.routes.js';
import { createTreasuryService } from './modules/treasury/treasury.service.js';
import { engagementRoutes } from './modules/engagement/engagement.routes.js';
import { createEngagementService } from './modules/engagement/engagement.service.js';
import { stakingRoutes } from './modules/staking/staking.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { createAdminReportsService } from './modules/admin/admin-reports.service.js';
import { createAdminUsersService } from './modules/admin/admin-users.service.js';
import { ticketsRoutes } from './modules/tickets/tickets.routes.js';
import { createTicketsService } from './modules/tickets/tickets.service.js';
import { createStakingService } from './modules/staking/staking.service.js';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service.js';
import { controlsConfig } from './modules/withdrawals/withdrawal-controls.js';
import { createWithdrawalHolds } from './modules/withdrawals/withdrawal-holds.js';
import { createUsersService } from './modules/users/users.service.js';
import { createAccountModule } from './modules/account/index.js';
import { accountRepository } from './modules/account/account.repository.js';
import { createOperatorModule } from './modules/operator/index.js';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Bookkeeping writes that need not wait for the WAL flush (Database.relaxed); defaults to `db`. */
  relaxed?: Db;
  /** The PostgreSQL pool, when there is one: the deposit watcher's leader lock needs a dedicated connection. */
  pool?: import('pg').Pool;
  clock: Clock;
  /** Where logs go (default stdout); tests pass a stream to read what would be written. */
  logStream?: { write(line: string): void };
}

/** Builds the whole app as a plugin tree; the process concerns (listen, signals) are in server.ts. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, clock } = deps;
  const relaxed = deps.relaxed ?? db;
  const app = createFastify(config, deps.logStream);
  const secureCookies = config.isProduction;
  await app.register(fastifyCookie);
  // Before any route: every route gets its access check as it is registered.
  const sessions = createSessionStore(db, clock, config, relaxed);
  registerAccessControl(app, sessions);
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'SVP Invest API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await registerWithAccess(app, 'public', fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await plansRepository.seedDefaults(db);
  const metrics = createMetrics();
  registerMetrics(app, metrics, {
    enabled: config.METRICS === 'on',
    onAppPort: !config.METRICS_LISTEN,
    token: config.METRICS_TOKEN,
  });
  const ledger = createLedger(db, clock, (kind) => metrics.ledgerPostings.labels(kind).inc());
  const platformRollUp = createPlatformRollUp({ db, log: app.log });
  const ledgerCheck = createLedgerCheck({ db, log: app.log });
  app.addHook('onClose', async () => Promise.all([platformRollUp.stop(), ledgerCheck.stop()]));
  const rateLimiter = createRateLimiter(relaxed, clock);
  const mailer = createMailer({
    db,
    clock,
    log: app.log,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    production: config.isProduction,
  });
  const notifications = createNotificationsModule({ db, clock, config, mailer, rateLimiter, log: app.log });
  const events = createEventsModule({
    db,
    clock,
    notifications: notifications.service,
    rateLimiter,
    idleMs: config.SESSION_IDLE_MINUTES * 60_000,
    log: app.log,
  });
  app.addHook('onClose', async () => Promise.all([notifications.close(), events.close(), mailer.settled(5_000)]));
  // Reads that may lag go to the streaming replica when there is one (DESIGN §8); the rest read the primary.
  const reads = config.DATABASE_READ_URL
    ? replicaReads({
        primary: db,
        url: config.DATABASE_READ_URL,
        maxLagMs: config.DATABASE_READ_MAX_LAG_SECONDS * 1000,
        onFallback: (reason) => app.log.warn({ reason }, 'a lag-tolerant read went to the primary'),
      })
    : primaryReads(db);
  app.addHook('onClose', () => reads.close());
  const history = createHistoryService(db, reads);
  const engagement = createEngagementService({
    db,
    clock,
    ledger,
    config,
    plans: { hasActivePlan: async (tx, userId) => Boolean(await plansRepository.activeInvestment(tx, userId)) },
  });
  const staking = createStakingService({ db, reads, clock, ledger, config });
  const users = createUsersService(db, clock, engagement, history, config.MIN_WITHDRAWAL_EARNINGS_USD);
  const audit = createAuditLog(db, clock);
  const referrals = createReferralsService({ db, ledger, config, clock });
  // A user's new second factor ends their other sessions: account's query, handed down so auth never imports it.
  // Withdrawal holds after account changes (ADR 0044): written by the modules that make the changes.
  const holds = createWithdrawalHolds({
    db,
    clock,
    mailer,
    brand: config.BRAND,
    holdMs: config.WITHDRAWAL_HOLD_HOURS * 3_600_000,
  });
  const totp = createTotpService({
    db,
    clock,
    rateLimiter,
    audit,
    endOtherSessions: accountRepository.endOtherSessions,
    holds,
  });
  // Settings → Security: sessions, sign-in history, password and e-mail changes, verified e-mail (ADR 0023).
  const account = createAccountModule({ db, clock, config, sessions, rateLimiter, mailer, audit, log: app.log, holds });
  await ledger.openSystemAccounts();
  const signIn = { sessions, rateLimiter, mailer, users, referrals, totp, ledger, account };
  const auth = createAuthService({ db, clock, config, ...signIn, holds });
  const investments = createInvestmentsService({ db, ledger, referrals });
  const tickets = createTicketsService({ db, clock, audit });
  const adminUsers = createAdminUsersService({ db, reads, clock, ledger, audit, holds });
  const adminReports = createAdminReportsService(db, {
    stakingApyPercent: config.STAKING_APY_PERCENT,
    ledgerCheck,
    reads,
    // Tests read exact figures right after a write: on a slow machine one computation past the threshold would
    // turn the overview into its background job, and the next answer would be the one before the write.
    ...(config.NODE_ENV === 'test' ? { freshBelowMs: Number.POSITIVE_INFINITY } : {}),
  });

  const simulated = config.CHAIN === 'simulated' ? createSimulatedChain(db, clock) : null;
  const scanner: ChainScanner = simulated ? simulated.scanner : await createBscChain(config);
  // The keys stay with the operator's treasury command; the server knows the addresses (DESIGN D16).
  const treasuryAddress = config.TREASURY_ADDRESS ?? (simulated ? SIMULATED_TREASURY : null);
  const withdrawals = createWithdrawalsService({
    db,
    clock,
    ledger,
    audit,
    rule: {
      minEarnings: config.MIN_WITHDRAWAL_EARNINGS_USD,
      referralBonusUsd: config.REFERRAL_RULE === 'off' ? 0n : config.REFERRAL_BONUS_USD,
    },
    chain: scanner,
    treasury: treasuryAddress,
    requireVerifiedEmail: config.WITHDRAWALS_REQUIRE_VERIFIED_EMAIL,
    controls: controlsConfig(config),
  });
  const devSimulated = config.isProduction ? null : simulated;
  const treasury = createTreasuryService({
    db,
    reads,
    clock,
    scanner,
    treasury: treasuryAddress,
    gasWallet: config.GAS_WALLET_ADDRESS ?? null,
    owed: () => adminReports.owed(),
    audit,
    devCommands: devSimulated !== null,
    explorerUrl: config.explorerUrl,
  });
  const xpub = await resolveDepositXpub(db, clock, config.DEPOSIT_XPUB, (msg) => app.log.warn(msg));
  const deposits = createDepositsService({
    db,
    clock,
    ledger,
    xpub: () => xpub,
    token: { address: config.USDT_CONTRACT, decimals: config.USDT_DECIMALS, chainId: scanner.chainId },
  });
  const watcher = createDepositWatcher({
    db,
    clock,
    scanner,
    deposits,
    payouts: withdrawals.payoutSink,
    afterScan: () => treasury.refreshIfDue(),
    lock: createLeaderLock(deps.pool),
    log: app.log,
    intervalMs: config.WATCHER_INTERVAL_MS,
    startBlock: config.BSC_START_BLOCK,
    onScanned: ({ lag, seen, credited, rejected, paid, unmatched }) => {
      metrics.payoutsConfirmed.inc(paid);
      metrics.payoutsUnmatched.inc(unmatched);
      metrics.watcherLag.set(Number(lag));
      metrics.depositsSeen.inc(seen);
      metrics.depositsCredited.inc(credited);
      metrics.depositsRejected.inc(rejected);
    },
  });
  app.addHook('onClose', async () => watcher.stop());

  const devTreasury = devSimulated && {
    runs: devTreasuryRunner({
      db,
      clock,
      chain: devSimulated.treasuryChain,
      treasuryAddress: treasuryAddress!,
      depositAddress: (index) => deriveAddress(xpub, index),
      watcher,
      treasury,
      log: app.log,
    }),
    // The operator's token for `npm run treasury` (mode 0600 in the data directory).
    operatorToken: ensureOperatorToken(config.DATA_DIR),
  };
  if (devTreasury) app.addHook('onClose', async () => devTreasury.runs.close());

  registerIdempotency(app, relaxed, clock, config.IDEMPOTENCY_STALE_SECONDS * 1000);
  registerOneStatement(app, clock);
  await registerWebApp(app, config.WEB_DIST);
  registerErrorHandling(app);

  await app.register(
    systemRoutes({
      db,
      clock,
      config,
      referralText: () => referrals.text(),
      withdrawalRule: () => withdrawals.ruleText(),
    }),
  );
  // Operator controls (DESIGN D18): access.ts checks admin permissions and the maintenance switch through these.
  const operator = createOperatorModule({ db, clock, audit, log: app.log });
  operator.attach(app, events.bus);
  await app.register(operator.routes, { prefix: API_PREFIX });
  await app.register(
    async (api) => {
      await api.register(authRoutes(auth, totp, users, secureCookies));
      await api.register(usersRoutes(users));
      await api.register(depositsRoutes({ deposits, watcher, simulated: config.isProduction ? null : simulated }));
      await api.register(plansRoutes(investments));
      await api.register(withdrawalsRoutes(withdrawals, ledger));
      await api.register(referralsRoutes(referrals));
      await api.register(historyRoutes(history));
      await api.register(engagementRoutes(engagement));
      await api.register(stakingRoutes(staking));
      await api.register(ticketsRoutes(tickets));
      await api.register(account.routes());
      await api.register(notifications.routes);
      await api.register(events.routes);
      await api.register(adminRoutes(adminUsers, adminReports));
      await api.register(treasuryRoutes({ treasury, dev: devTreasury }));
      await api.register(
        adminOutboxRoutes(createOutboxService({ db, production: config.isProduction, delivery: mailer.delivery })),
      );
      api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  app.decorate('services', {
    metrics,
    ledger,
    platformRollUp,
    ledgerCheck,
    sessions,
    rateLimiter,
    mailer,
    users,
    audit,
    auth,
    deposits,
    watcher,
    simulated,
    investments,
    withdrawals,
    treasury,
    referrals,
    engagement,
    staking,
    notifications,
    adminReports,
  });
  return app;
}
