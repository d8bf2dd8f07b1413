import type { FastifyBaseLogger } from 'fastify';
import { preparedStatement, type Db } from '../../db/client.js';
import { periodicJob } from '../../jobs/periodic.js';

/**
 * Transaction ids checked per database transaction: one short transaction each, whatever the backlog. A window
 * locks the accounts it moved until it commits (sql/functions/ledger/ledger_check_verify.sql), so a catch-up
 * holds a bounded set at a time. The lock stops postings to those users' accounts only; entries keep landing on
 * the platform's (ADR 0033).
 */
const WINDOW = 10_000;
/**
 * How often a pass whose mark still waits for a running transaction looks again, and for how long by default.
 * "Running" is cluster-wide: PostgreSQL's snapshot does not say which database a transaction writes, so a long
 * write elsewhere on the server holds the mark too; the pass then leaves the rest to the next one.
 */
const SETTLE_RETRY_MS = 20;
const SETTLE_WAIT_MS = 500;
/** The most findings a report lists (the count says if there are more). */
const REPORT_LIMIT = 200;

const markStatement = preparedStatement<{ candidate: string | null }>(
  'ledger_check_mark',
  'select o_candidate::text as candidate from ledger_check_mark()',
);
const verifyStatement = preparedStatement<{ taken: string; unsettled: boolean }>(
  'ledger_check_verify',
  'select o_taken::text as taken, o_unsettled as unsettled from ledger_check_verify($1)',
);
const findingsStatement = preparedStatement<{ kind: string; subject: string; detail: string; total: number }>(
  'ledger_check_findings',
  `select kind, subject, detail, count(*) over ()::int as total from ledger_check_findings
   order by found_at, kind, subject limit $1`,
);
const stateStatement = preparedStatement<{ verifiedThrough: string; checkedAt: Date | null }>(
  'ledger_check_state',
  'select verified_through::text as "verifiedThrough", checked_at as "checkedAt" from ledger_check_state where id = 1',
);

export interface LedgerCheckReport {
  ok: boolean;
  /** Each problem found, in words, oldest first. */
  problems: string[];
  /** Every transaction with an id up to this one has been checked. */
  verifiedThrough: string;
  /** When a pass last checked something; null before the first. */
  checkedAt: Date | null;
}

/** A finding in words, as the admin overview lists it. */
const describe = (f: { kind: string; subject: string; detail: string }) =>
  f.kind === 'unbalanced'
    ? `transaction ${f.subject.split(':')[0]}: ${f.detail}`
    : f.kind === 'empty' || f.kind === 'deposit-credit'
      ? `transaction ${f.subject}: ${f.detail}`
      : `account ${f.subject}: ${f.detail}`;

/**
 * DESIGN §3's invariants, checked as the ledger grows (sql/functions/ledger/ledger_check_*.sql, docs/decisions/0031):
 * each pass checks the transactions posted since the last one and compares every account they moved with its cache, so
 * a pass costs what was posted, not what the ledger holds. Every app process runs it; one at a time does the work. What
 * it finds stays recorded until an operator deals with it. The full check (invariants.ts) reads every entry: the tests
 * call it after every scenario, and `npm run ledger:check` runs it on demand.
 */
export function createLedgerCheck(deps: { db: Db; log: FastifyBaseLogger; intervalMs?: number }) {
  /**
   * Checks everything settled; returns how many transaction ids it took. The background pass waits up to
   * `settleWaitMs` for a mark still held by a running transaction (most end within milliseconds); a request (the
   * overview) passes 0: what has not settled yet is the next pass's. Tests wait as long as they need to.
   */
  async function runOnce(options: { settleWaitMs?: number } = {}): Promise<number> {
    const retries = Math.ceil((options.settleWaitMs ?? SETTLE_WAIT_MS) / SETTLE_RETRY_MS);
    await markStatement(deps.db, []);
    let taken = 0;
    for (let retried = 0; ;) {
      const [row] = await verifyStatement(deps.db, [WINDOW]);
      const n = Number(row!.taken);
      taken += n;
      if (n > 0) continue;
      if (!row!.unsettled || retried++ >= retries) return taken;
      await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
    }
  }

  async function report(): Promise<LedgerCheckReport> {
    const findings = await findingsStatement(deps.db, [REPORT_LIMIT]);
    const [state] = await stateStatement(deps.db, []);
    const total = findings[0]?.total ?? 0;
    const problems = [
      ...findings.map(describe),
      ...(total > findings.length ? [`and ${total - findings.length} more findings`] : []),
    ];
    return {
      ok: problems.length === 0,
      problems,
      verifiedThrough: state!.verifiedThrough,
      checkedAt: state!.checkedAt,
    };
  }

  return { runOnce, report, ...periodicJob('ledger check', deps.intervalMs ?? 10_000, () => runOnce(), deps.log) };
}

export type LedgerCheck = ReturnType<typeof createLedgerCheck>;
