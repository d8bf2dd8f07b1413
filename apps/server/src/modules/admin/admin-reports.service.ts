import { desc, eq } from 'drizzle-orm';
import { toDecimalString, tokenToMicro, usdForTokens, usdText } from '@svp/shared';
import { yieldOfTokenMs } from '../staking/yield.js';
import { queryRows, type Db } from '../../db/client.js';
import type { LagTolerantReads } from '../../db/read-replica.js';
import { auditLog, users } from '../../db/schema.js';
import { adminReportsRepository as repo } from './admin-reports.repository.js';
import type { LedgerCheck } from '../ledger/ledger-check.js';
import { backgroundReport } from './background-report.js';

/**
 * The overview is computed on every request while that takes under OVERVIEW_FRESH_BELOW_MS; past that it is a
 * background job refreshed at most every OVERVIEW_MAX_AGE_MS, and the overview shows its last result with when it
 * was taken. No part of it reads a table in full (ADR 0037): the counts and the solvency's sums are kept by
 * triggers, the queue of withdrawals is read through its index, and the invariants come from the incremental
 * ledger check (ledger-check.ts), brought up to date first: it costs what was posted since its last pass.
 */
// 250 ms: the overview takes a few ms at a thousand users and at a million (bench:scale); what can hold a request
// longer is the ledger check's catch-up after a burst of postings, which no request should wait for.
export const OVERVIEW_FRESH_BELOW_MS = 250;
export const OVERVIEW_MAX_AGE_MS = 60_000;

/** The admin overview and the audit log page. Read-only. */
export function createAdminReportsService(
  db: Db,
  options: {
    stakingApyPercent: number;
    ledgerCheck: LedgerCheck;
    /** The audit page may lag: the replica's when there is one. */
    reads: LagTolerantReads;
    /** OVERVIEW_FRESH_BELOW_MS unless given: the tests compute it on every request, however slow the machine. */
    freshBelowMs?: number;
  },
) {
  /** The staking APY in basis points, as the staking service computes yield (12% → 1200). */
  const apyBp = BigInt(Math.round(options.stakingApyPercent * 100));

  async function computeOverview() {
    const kept = await keptFigures(db);
    const counts = await overviewCounts(db, kept);
    await options.ledgerCheck.runOnce({ settleWaitMs: 0 });
    const report = await options.ledgerCheck.report();
    return {
      counts,
      invariants: { ok: report.ok, problems: report.problems },
      solvency: solvencyText(await solvencyFigures(db, apyBp, kept)),
    };
  }
  const overviewReport = backgroundReport(computeOverview, {
    maxAgeMs: OVERVIEW_MAX_AGE_MS,
    freshBelowMs: options.freshBelowMs ?? OVERVIEW_FRESH_BELOW_MS,
  });
  return {
    /** What the ledger owes, in micro-units (the treasury screen sets it beside the chain's holdings). */
    owed: () => solvencyFigures(db, apyBp),

    /** The overview computed now, whatever it cost last time: the background job's pass (bench:scale times it). */
    overviewNow: computeOverview,

    async overview() {
      const { value, takenAt } = await overviewReport();
      // checkedAt: when the figures shown were taken (the shared overview schema must declare it to pass it on).
      return { ...value, invariants: { ...value.invariants, checkedAt: takenAt.toISOString() } };
    },

    async audit(limit = 200) {
      const { value: rows, figuresAsOf } = await options.reads.run((from) =>
        from
          .select({ entry: auditLog, actor: users.email })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .orderBy(desc(auditLog.id))
          .limit(limit),
      );
      return {
        ...(figuresAsOf && { figuresAsOf }),
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

    /**
     * Under-, over- and unrequested payments (DESIGN D8) and rejected transfers (not credited, with the reason),
     * newest first: who paid, what was expected, what arrived.
     */
    async flaggedDeposits(limit = 500) {
      const rows = await repo.flaggedDeposits(db, limit);
      const rejected = await repo.rejectedDeposits(db, limit);
      const list = [
        ...rows.map((r) => ({
          id: r.deposit.id,
          userId: r.deposit.userId,
          username: r.username,
          email: r.email,
          flag: r.deposit.flag as 'under' | 'over' | 'unrequested',
          expected: r.expected === null ? null : usdText(r.expected),
          received: usdText(r.deposit.received),
          credited: usdText(r.deposit.credited),
          txHash: r.deposit.txHash,
          seenAt: r.deposit.seenAt.toISOString(),
          reason: null,
        })),
        ...rejected.map((r) => ({
          id: r.rejection.id,
          userId: r.rejection.userId,
          username: r.username,
          email: r.email,
          flag: 'rejected' as const,
          expected: null,
          received: usdText(tokenToMicro(BigInt(r.rejection.amountRaw), r.rejection.decimals)),
          credited: '0',
          txHash: r.rejection.txHash,
          seenAt: r.rejection.seenAt.toISOString(),
          reason: r.rejection.reason,
        })),
      ];
      list.sort((a, b) => (a.seenAt === b.seenAt ? b.id.localeCompare(a.id) : b.seenAt.localeCompare(a.seenAt)));
      return { deposits: list.slice(0, limit) };
    },
  };
}

/** The figures the triggers keep (sql/functions/overview/, ADR 0037), by name, exact as of now. */
async function keptFigures(db: Db): Promise<Map<string, bigint>> {
  const rows = await queryRows<{ name: string; n: string }>(db, repo.keptCounts);
  return new Map(rows.map((row) => [row.name, BigInt(row.n)]));
}

/**
 * The overview's counts without reading a table in full (ADR 0037): kept by triggers, but for the withdrawals
 * waiting for the admin, read through the index on their status.
 */
async function overviewCounts(db: Db, kept: Map<string, bigint>) {
  const count = (name: string) => Number(kept.get(name) ?? 0n);
  const [live] = await queryRows<{ pendingWithdrawals: number }>(db, repo.liveCounts);
  return {
    users: count('users'),
    admins: count('admins'),
    activeInvestments: count('active_plans'),
    pendingWithdrawals: live!.pendingWithdrawals,
    openTickets: count('open_tickets'),
    flaggedDeposits: count('flagged_deposits'),
  };
}

/**
 * Whether the platform can pay: owed at maturity against net money held, without reading a table in full.
 *
 * What users hold in USD is not summed over their accounts (ten per user): every ledger transaction sums to zero
 * per asset (DESIGN §3), so all user USD accounts together hold exactly minus what the platform's own accounts
 * hold, and those are a handful of rows found by the (owner, code) key (platform_accounts: with the postings the
 * roll-up has not reached, ADR 0030). The same goes for deposits received, paid out, and the SVP tokens
 * users hold (minus the treasury's balance). What the ledger cannot say is what active plans and stakes will
 * still earn, because promised returns are not posted until they are paid: their counts and sums are kept by
 * triggers as plans and stakes start, settle and end (ADR 0037).
 */
export async function solvencyFigures(db: Db, apyBp: bigint, kept?: Map<string, bigint>) {
  const figures = kept ?? (await keptFigures(db));
  const [row] = await queryRows<{ platformUsd: string; deposits: string; payouts: string; treasury: string }>(
    db,
    repo.platformSums,
  );
  const r = row!;
  const keptFigure = (name: string) => figures.get(name) ?? 0n;
  const owedNow = -BigInt(r.platformUsd);
  const invested = keptFigure('active_plans_invested');
  const atMaturity = keptFigure('active_plans_at_maturity');
  const planReturnsToCome = atMaturity - invested;
  const yieldAtEnd = yieldOfTokenMs(keptFigure('active_stakes_token_ms'), apyBp);
  const stakingYieldToCome =
    yieldAtEnd > keptFigure('active_stakes_credited') ? yieldAtEnd - keptFigure('active_stakes_credited') : 0n;
  const tokensHeld = -BigInt(r.treasury);
  const tokensAtSellPrice = usdForTokens(tokensHeld);
  const owedAtMaturity = owedNow + planReturnsToCome + stakingYieldToCome + tokensAtSellPrice;
  const depositsReceived = -BigInt(r.deposits);
  const paidOut = BigInt(r.payouts);
  const netHeld = depositsReceived - paidOut;
  return {
    owedNow,
    plans: Number(keptFigure('active_plans')),
    invested,
    atMaturity,
    planReturnsToCome,
    stakes: Number(keptFigure('active_stakes')),
    stakingYieldToCome,
    tokensHeld,
    tokensAtSellPrice,
    owedAtMaturity,
    depositsReceived,
    paidOut,
    netHeld,
  };
}

function solvencyText(f: Awaited<ReturnType<typeof solvencyFigures>>) {
  return {
    owedNow: usdText(f.owedNow),
    activePlans: { count: f.plans, invested: usdText(f.invested), atMaturity: usdText(f.atMaturity) },
    planReturnsToCome: usdText(f.planReturnsToCome),
    activeStakes: f.stakes,
    stakingYieldToCome: usdText(f.stakingYieldToCome),
    tokensHeld: toDecimalString(f.tokensHeld, 'SVP'),
    tokensAtSellPrice: usdText(f.tokensAtSellPrice),
    owedAtMaturity: usdText(f.owedAtMaturity),
    depositsReceived: usdText(f.depositsReceived),
    paidOut: usdText(f.paidOut),
    netHeld: usdText(f.netHeld),
    surplus: usdText(f.netHeld - f.owedAtMaturity),
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
