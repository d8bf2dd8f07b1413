import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { toDecimalString } from '@svp/shared';
import { queryRows, type Db } from '../../db/client.js';
import { auditLog, deposits, topupRequests, users } from '../../db/schema.js';
import { checkLedgerInvariants } from '../ledger/invariants.js';

/** The admin overview and the audit log page (issue #5). Read-only. */
export function createAdminReportsService(db: Db) {
  return {
    async overview() {
      const [counts] = await queryRows<Record<string, number>>(
        db,
        sql`
        select
          (select count(*)::int from users where role = 'user') as users,
          (select count(*)::int from users where role = 'admin') as admins,
          (select count(*)::int from investments where status = 'active') as "activeInvestments",
          (select count(*)::int from withdrawals where status = 'pending') as "pendingWithdrawals",
          (select count(*)::int from tickets where status <> 'closed') as "openTickets",
          (select count(*)::int from deposits where flag is not null) as "flaggedDeposits"`,
      );
      const sums = await queryRows<{ code: string; total: string }>(
        db,
        sql`
        select code, sum(balance)::text as total from accounts group by owner = 'system', code
        having bool_and(owner <> 'system') or code in ('usd.deposits', 'usd.payouts')`,
      );
      const total = (code: string) => BigInt(sums.find((s) => s.code === code)?.total ?? '0');
      const owedCodes = [
        'usd.balance',
        'usd.invested',
        'usd.earnings',
        'usd.fund',
        'usd.staking_earned',
        'usd.withdrawal_pending',
      ];
      const usd = (v: bigint) => toDecimalString(v, 'USD');
      const report = await checkLedgerInvariants(db);
      const problems = [
        ...report.balanceMismatches.map((m) => `account ${m.accountId}: cached ${m.cached} ≠ entries ${m.entries}`),
        ...report.entryCountMismatches.map(
          (m) => `account ${m.accountId}: ${m.cached} entries counted ≠ ${m.entries} written`,
        ),
        ...report.unbalancedTransactions.map((m) => `transaction ${m.transactionId}: ${m.asset} sums to ${m.sum}`),
        ...report.negativeAccounts.map((m) => `account ${m.accountId} is negative (${m.balance})`),
        ...report.emptyTransactions.map((id) => `transaction ${id} has no entries`),
        ...report.depositsNotCreditedOnce.map((id) => `deposit ${id} is not credited exactly once`),
      ];
      return {
        counts: counts as {
          users: number;
          admins: number;
          activeInvestments: number;
          pendingWithdrawals: number;
          openTickets: number;
          flaggedDeposits: number;
        },
        invariants: { ok: report.ok, problems },
        owed: {
          balances: usd(total('usd.balance')),
          invested: usd(total('usd.invested')),
          earnings: usd(total('usd.earnings')),
          fund: usd(total('usd.fund')),
          stakingEarned: usd(total('usd.staking_earned')),
          pendingWithdrawals: usd(total('usd.withdrawal_pending')),
          total: usd(owedCodes.reduce((sum, code) => sum + total(code), 0n)),
        },
        depositsReceived: usd(-total('usd.deposits')),
        paidOut: usd(total('usd.payouts')),
      };
    },

    async audit(limit = 200) {
      const rows = await db
        .select({ entry: auditLog, actor: users.email })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .orderBy(desc(auditLog.id))
        .limit(limit);
      return {
        entries: rows.map((r) => ({
          id: r.entry.id.toString(),
          actor: r.actor,
          action: r.entry.action,
          targetType: r.entry.targetType,
          targetId: r.entry.targetId,
          before: r.entry.before,
          after: r.entry.after,
          createdAt: r.entry.createdAt.toISOString(),
        })),
      };
    },

    /** Under-, over- and unrequested payments (DESIGN D8), newest first: who paid, what was expected, what arrived. */
    async flaggedDeposits(limit = 500) {
      const rows = await db
        .select({
          deposit: deposits,
          username: users.username,
          email: users.email,
          expected: topupRequests.amountToPay,
        })
        .from(deposits)
        .innerJoin(users, eq(users.id, deposits.userId))
        .leftJoin(topupRequests, eq(topupRequests.id, deposits.topupRequestId))
        .where(isNotNull(deposits.flag))
        .orderBy(desc(deposits.seenAt), desc(deposits.id))
        .limit(limit);
      const usd = (v: bigint) => toDecimalString(v, 'USD');
      return {
        deposits: rows.map((r) => ({
          id: r.deposit.id,
          userId: r.deposit.userId,
          username: r.username,
          email: r.email,
          flag: r.deposit.flag as 'under' | 'over' | 'unrequested',
          expected: r.expected === null ? null : usd(r.expected),
          received: usd(r.deposit.received),
          credited: usd(r.deposit.credited),
          txHash: r.deposit.txHash,
          seenAt: r.deposit.seenAt.toISOString(),
        })),
      };
    },
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
