import { desc, eq, sql } from 'drizzle-orm';
import { SVP_PER_USD, toDecimalString, tokenToMicro, usdForTokens, usdText, YEAR_MS } from '@svp/shared';
import { queryRows, type Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema.js';
import { adminReportsRepository as repo } from './admin-reports.repository.js';
import type { LedgerCheck } from '../ledger/ledger-check.js';
import { backgroundReport } from './background-report.js';

/**
 * The overview is computed on every request while that takes under OVERVIEW_FRESH_BELOW_MS; past that it is a
 * background job refreshed at most every OVERVIEW_MAX_AGE_MS, and the overview shows its last result with when it
 * was taken. No part of it reads a table in full (ADR 0037): the counts are kept by triggers or read from indexes
 * of the live rows, and the invariants come from the incremental ledger check (ledger-check.ts), brought up to
 * date first: it costs what was posted since. What grows with the platform is the live sets the solvency sums
 * (every active plan and stake), at a million users the reason for the background job.
 */
// 250 ms: a small platform computes it in a few ms (a cold first run in tens); at a million users its sums take
// ~0.5 s (bench:scale), which no request should wait for.
export const OVERVIEW_FRESH_BELOW_MS = 250;
export const OVERVIEW_MAX_AGE_MS = 60_000;

/** The admin overview and the audit log page. Read-only. */
export function createAdminReportsService(db: Db, options: { stakingApyPercent: number; ledgerCheck: LedgerCheck }) {
  /** The staking APY in basis points, as the staking service computes yield (12% → 1200). */
  const apyBp = BigInt(Math.round(options.stakingApyPercent * 100));

  async function computeOverview() {
    const counts = await overviewCounts(db);
    await options.ledgerCheck.runOnce({ settleWaitMs: 0 });
    const report = await options.ledgerCheck.report();
    return {
      counts,
      invariants: { ok: report.ok, problems: report.problems },
      solvency: await solvency(db, apyBp),
    };
  }
  const overviewReport = backgroundReport(computeOverview, {
    maxAgeMs: OVERVIEW_MAX_AGE_MS,
    freshBelowMs: OVERVIEW_FRESH_BELOW_MS,
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

/**
 * The overview's counts without reading a table in full (migration 0032, ADR 0037): users by role, open tickets
 * and flagged deposits are kept by triggers as they change; active plans and pending withdrawals are read through
 * indexes that hold only those rows (the live sets, as the solvency's sums read them).
 */
async function overviewCounts(db: Db) {
  const kept = await queryRows<{ name: string; n: string }>(db, repo.keptCounts);
  const count = (name: string) => Number(kept.find((row) => row.name === name)?.n ?? 0);
  const [live] = await queryRows<{ activeInvestments: number; pendingWithdrawals: number }>(db, repo.liveCounts);
  return {
    users: count('users'),
    admins: count('admins'),
    activeInvestments: live!.activeInvestments,
    pendingWithdrawals: live!.pendingWithdrawals,
    openTickets: count('open_tickets'),
    flaggedDeposits: count('flagged_deposits'),
  };
}

/** A year in ms as a bigint, for exact yield arithmetic. */
const YEAR_MS_BIG = BigInt(YEAR_MS);

/**
 * Whether the platform can pay: owed at maturity against net money held, in one statement.
 *
 * Nothing here reads a table in full. What users hold in USD is not summed over their accounts (ten per
 * user): every ledger transaction sums to zero per asset (DESIGN §3), so all user USD accounts together
 * hold exactly minus what the platform's own accounts hold, and those are a handful of rows found by the
 * (owner, code) key (platform_accounts: with the postings the roll-up has not reached, migration 0024). The same goes for deposits received, paid out, and the SVP tokens users hold (minus
 * the treasury's balance). What the ledger cannot say is what active plans and stakes will still earn,
 * because promised returns are not posted until they are paid: those two sums read the active plans and
 * stakes only, through the partial unique indexes on `status = 'active'`, never the closed history.
 */
async function solvency(db: Db, apyBp: bigint) {
  return solvencyText(await solvencyFigures(db, apyBp));
}

/** The figures behind `solvency`, in micro-units: also what the treasury screen sets beside the chain's holdings. */
export async function solvencyFigures(db: Db, apyBp: bigint) {
  const [row] = await queryRows<{
    platformUsd: string;
    deposits: string;
    payouts: string;
    treasury: string;
    plans: number;
    invested: string;
    atMaturity: string;
    stakes: number;
    yieldToCome: string;
  }>(
    db,
    sql`
    select
      (select coalesce(sum(balance), 0) from platform_accounts where asset = 'USD')::text
        as "platformUsd",
      (select coalesce(sum(balance), 0) from platform_accounts where code = 'usd.deposits')::text
        as deposits,
      (select coalesce(sum(balance), 0) from platform_accounts where code = 'usd.payouts')::text
        as payouts,
      (select coalesce(sum(balance), 0) from platform_accounts where code = 'svp.treasury')::text
        as treasury,
      p.plans, p.invested, p.at_maturity as "atMaturity", s.stakes, s.yield_to_come as "yieldToCome"
    from (
      select count(*)::int as plans, coalesce(sum(amount), 0)::text as invested,
        coalesce(sum(expected_withdrawal), 0)::text as at_maturity
      from investments where status = 'active'
    ) p, (
      -- staking/yield.ts's yieldDue at the stake's end, per stake and floored like it, minus what was credited.
      select count(*)::int as stakes, coalesce(sum(greatest(0,
        div(div(tokens::numeric * 1000000, ${SVP_PER_USD.toString()}::numeric) * ${apyBp.toString()}::numeric
          * round(extract(epoch from ends_at - started_at) * 1000), ${(10_000n * YEAR_MS_BIG).toString()}::numeric)
        - credited_total)), 0)::text as yield_to_come
      from stakes where status = 'active'
    ) s`,
  );
  const r = row!;
  const owedNow = -BigInt(r.platformUsd);
  const invested = BigInt(r.invested);
  const atMaturity = BigInt(r.atMaturity);
  const planReturnsToCome = atMaturity - invested;
  const stakingYieldToCome = BigInt(r.yieldToCome);
  const tokensHeld = -BigInt(r.treasury);
  const tokensAtSellPrice = usdForTokens(tokensHeld);
  const owedAtMaturity = owedNow + planReturnsToCome + stakingYieldToCome + tokensAtSellPrice;
  const depositsReceived = -BigInt(r.deposits);
  const paidOut = BigInt(r.payouts);
  const netHeld = depositsReceived - paidOut;
  return {
    owedNow,
    plans: r.plans,
    invested,
    atMaturity,
    planReturnsToCome,
    stakes: r.stakes,
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
