import type { Config } from './config.js';
import type { createMetrics } from './http/metrics.js';
import type { createRateLimiter } from './http/rate-limit.js';
import type { createAuditLog } from './modules/audit/audit.js';
import type { createAuthService } from './modules/auth/auth.service.js';
import type { createSessionStore } from './modules/auth/sessions.js';
import type { createLedger } from './modules/ledger/ledger.service.js';
import type { PlatformRollUp } from './modules/ledger/platform-roll-up.js';
import type { LedgerCheck } from './modules/ledger/ledger-check.js';
import type { createMailer } from './modules/mail/mailer.js';
import type { createNotificationsModule } from './modules/notifications/index.js';
import type { AdminReportsService } from './modules/admin/admin-reports.service.js';
import type { createSimulatedChain } from './chain/simulated.js';
import type { ChainScanner } from './chain/types.js';
import type { createDepositWatcher } from './chain/watcher.js';
import type { createDepositsService } from './modules/deposits/deposits.service.js';
import type { createInvestmentsService } from './modules/plans/plans.service.js';
import type { createReferralsService } from './modules/referrals/referrals.service.js';
import type { createTreasuryService } from './modules/treasury/treasury.service.js';
import type { createEngagementService } from './modules/engagement/engagement.service.js';
import type { createStakingService } from './modules/staking/staking.service.js';
import type { createWithdrawalsService } from './modules/withdrawals/withdrawals.service.js';
import type { createUsersService } from './modules/users/users.service.js';

/*
 * What buildApp (app.ts) hands tests and the process beside its routes, and the real chain's scanner, loaded
 * only when configured.
 */

/** The real chain, loaded only when configured so development never touches viem's HTTP client. */
export async function createBscChain(config: Config): Promise<ChainScanner> {
  const { createBscScanner } = await import('./chain/bsc.js');
  return createBscScanner({
    rpcUrl: config.BSC_RPC_URL!,
    tokenAddress: config.USDT_CONTRACT as `0x${string}`,
    decimals: config.USDT_DECIMALS,
    confirmations: config.CONFIRMATIONS,
    chainId: config.BSC_CHAIN_ID,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    services: {
      metrics: ReturnType<typeof createMetrics>;
      ledger: ReturnType<typeof createLedger>;
      platformRollUp: PlatformRollUp;
      ledgerCheck: LedgerCheck;
      sessions: ReturnType<typeof createSessionStore>;
      rateLimiter: ReturnType<typeof createRateLimiter>;
      mailer: ReturnType<typeof createMailer>;
      users: ReturnType<typeof createUsersService>;
      audit: ReturnType<typeof createAuditLog>;
      auth: ReturnType<typeof createAuthService>;
      deposits: ReturnType<typeof createDepositsService>;
      watcher: ReturnType<typeof createDepositWatcher>;
      simulated: ReturnType<typeof createSimulatedChain> | null;
      investments: ReturnType<typeof createInvestmentsService>;
      withdrawals: ReturnType<typeof createWithdrawalsService>;
      treasury: ReturnType<typeof createTreasuryService>;
      referrals: ReturnType<typeof createReferralsService>;
      engagement: ReturnType<typeof createEngagementService>;
      staking: ReturnType<typeof createStakingService>;
      notifications: ReturnType<typeof createNotificationsModule>;
      adminReports: AdminReportsService;
    };
  }
}
