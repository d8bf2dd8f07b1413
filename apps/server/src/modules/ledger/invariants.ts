import { sql } from 'drizzle-orm';
import { SYSTEM_OWNER } from '@svp/shared';
import { queryRows, type Db } from '../../db/client.js';
import { depositKeysSql } from './ledger-keys.js';

export interface InvariantReport {
  ok: boolean;
  /** Accounts whose cached balance (a platform account's: plus what waits for the roll-up) differs from the sum of their entries. */
  balanceMismatches: { accountId: string; cached: string; entries: string }[];
  /** Accounts whose cached entry count differs from their entries (the /me history cache relies on it). */
  entryCountMismatches: { accountId: string; cached: string; entries: string }[];
  /** Transactions whose entries do not sum to zero for some asset. */
  unbalancedTransactions: { transactionId: string; asset: string; sum: string }[];
  /** Accounts below zero that are not the platform's own (only those may go negative). */
  negativeAccounts: { accountId: string; balance: string }[];
  /** Transactions with no entries at all (a header without postings is half-written). */
  emptyTransactions: string[];
  /** Deposits whose credit is missing or posted more than once. */
  depositsNotCreditedOnce: string[];
}

/** DESIGN §3's invariants; tests call it after every scenario and the admin overview shows it. */
export async function checkLedgerInvariants(db: Db): Promise<InvariantReport> {
  const cachedVersusEntries = await queryRows<{
    id: string;
    balance: string;
    total: string;
    entry_count: string;
    n: string;
  }>(
    db,
    sql`
    select a.id::text as id, b.balance::text as balance, coalesce(e.total, 0)::text as total,
      b.entry_count::text as entry_count, coalesce(e.n, 0)::text as n
    from accounts a
    -- A platform account's cache plus its postings the roll-up has not reached (ADR 0030).
    left join ledger_platform_pending p on p.account_id = a.id
    cross join lateral (select a.balance + coalesce(p.delta, 0) as balance,
      a.entry_count + coalesce(p.n, 0) as entry_count) b
    left join (
      select account_id, sum(amount) as total, count(*) as n from ledger_entries group by account_id
    ) e on e.account_id = a.id
    where b.balance <> coalesce(e.total, 0) or b.entry_count <> coalesce(e.n, 0)`,
  );
  const mismatches = cachedVersusEntries.filter((r) => r.balance !== r.total);
  const countMismatches = cachedVersusEntries.filter((r) => r.entry_count !== r.n);
  const unbalanced = await queryRows<{ id: string; asset: string; total: string }>(
    db,
    sql`
    select transaction_id::text as id, asset, sum(amount)::text as total
    from ledger_entries group by transaction_id, asset having sum(amount) <> 0`,
  );
  const negative = await queryRows<{ id: string; balance: string }>(
    db,
    sql`
    select id::text as id, balance::text as balance from accounts
    where balance < 0 and not (allow_negative and owner = ${SYSTEM_OWNER})`,
  );
  const empty = await queryRows<{ id: string }>(
    db,
    sql`
    select t.id::text as id from ledger_transactions t
    where not exists (select 1 from ledger_entries e where e.transaction_id = t.id)`,
  );
  const badDeposits = await queryRows<{ id: string }>(
    db,
    sql`
    select d.id::text as id from deposits d
    where d.received > 0 and (
      select count(*) from ledger_transactions t
      where t.idempotency_key in (${sql.raw(depositKeysSql('d'))})
    ) <> 1`,
  );
  const report: InvariantReport = {
    ok: false,
    balanceMismatches: mismatches.map((r) => ({ accountId: r.id, cached: r.balance, entries: r.total })),
    entryCountMismatches: countMismatches.map((r) => ({ accountId: r.id, cached: r.entry_count, entries: r.n })),
    unbalancedTransactions: unbalanced.map((r) => ({ transactionId: r.id, asset: r.asset, sum: r.total })),
    negativeAccounts: negative.map((r) => ({ accountId: r.id, balance: r.balance })),
    emptyTransactions: empty.map((r) => r.id),
    depositsNotCreditedOnce: badDeposits.map((r) => r.id),
  };
  report.ok =
    report.balanceMismatches.length === 0 &&
    report.entryCountMismatches.length === 0 &&
    report.unbalancedTransactions.length === 0 &&
    report.negativeAccounts.length === 0 &&
    report.emptyTransactions.length === 0 &&
    report.depositsNotCreditedOnce.length === 0;
  return report;
}

/**
 * Accounts whose verified totals in the incremental check (ledger-check.ts, ADRs 0031 and 0033: on the
 * account's own row) differ from the sums of all their entries: the full recount of what the check keeps. Empty once
 * the check has caught up with a sound ledger. Reads every entry (tests, the stress and crash suites).
 */
export async function accountsWhereCheckTotalsDiffer(db: Db): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`
    select a.id::text as id
    from accounts a
    left join (select account_id, sum(amount) as total, count(*) as n from ledger_entries group by account_id) e
      on e.account_id = a.id
    where a.checked_total <> coalesce(e.total, 0) or a.checked_count <> coalesce(e.n, 0)`,
  );
  return rows.map((r) => r.id);
}
