import pg from 'pg';
import pino from 'pino';
import { openDatabase } from '../src/db/client.js';
import { accountsWhereCheckTotalsDiffer, checkLedgerInvariants } from '../src/modules/ledger/invariants.js';
import { STAKING_RANKS_DIFFERING_SQL } from '../src/modules/staking/leaderboard.js';
import { createLedgerCheck } from '../src/modules/ledger/ledger-check.js';
import { depositKeysSql } from '../src/modules/ledger/ledger-keys.js';
import { outcomeOf, type OpRecord } from './driver.js';
import { checkReplays, reconcileEffects, type EffectReport } from './effects.js';
import { sleep } from './processes.js';

/** Sum of one user's leg on account `code` in the ledger transactions whose key matches `pattern`. */
const legSum = (owner: string, code: string, keyPattern: string) => legSumWhere(owner, code, `like ${keyPattern}`);
/** The same, for the transactions whose key meets `keyCondition` (`in (…)`, `like …`). */
const legSumWhere = (owner: string, code: string, keyCondition: string) => `coalesce((
  select sum(e.amount) from ledger_entries e
    join accounts a on a.id = e.account_id join ledger_transactions t on t.id = e.transaction_id
  where a.owner = ${owner} and a.code = '${code}' and t.idempotency_key ${keyCondition}), 0)`;
const balance = (owner: string, code: string) =>
  `coalesce((select balance from accounts where owner = ${owner} and code = '${code}'), 0)`;
const txExists = (key: string) => `exists (select 1 from ledger_transactions where idempotency_key = ${key})`;

/**
 * Business rows and ledger postings that are written in one database transaction must agree: any
 * row listed here is half-written (or written twice). Each query returns the offending ids.
 */
const CONSISTENCY: { name: string; sql: string }[] = [
  {
    name: 'simulated payment not credited exactly once (deposits row)',
    // Says how many rows each has: none is a payment the watcher never saw, two a double credit.
    sql: `select s.tx_hash || ' (' || n || ' rows, block ' || s.block_number || ')' as id
          from simulated_transfers s join deposit_addresses d on d.address = s.to_address
          cross join lateral (select count(*) as n from deposits x where x.tx_hash = s.tx_hash) c
          where n <> 1 and not s.reverted`,
  },
  {
    name: 'deposit credit differs from received − fee, or its ledger leg differs',
    sql: `select d.id::text as id from deposits d
          where d.credited <> d.received - least(d.received, 3000000) or d.credited <> ${legSumWhere(
            'd.user_id::text',
            'usd.balance',
            `in (${depositKeysSql('d')})`,
          )}`,
  },
  {
    name: "leaderboard's staking rank differs from the staked account (migration 0026's trigger)",
    sql: `select owner as id from (${STAKING_RANKS_DIFFERING_SQL}) x`,
  },
  {
    name: 'investment without its investment.start posting of the same amount',
    sql: `select i.id::text as id from investments i
          where i.amount <> ${legSum('i.user_id::text', 'usd.invested', `'investment:' || i.id`)}`,
  },
  {
    name: 'usd.invested balance differs from the active investment',
    sql: `select u.id::text as id from users u where ${balance('u.id::text', 'usd.invested')} <>
          coalesce((select sum(amount) from investments where user_id = u.id and status = 'active'), 0)`,
  },
  {
    name: 'closed investment without exactly one withdrawal and its posting',
    sql: `select i.id::text as id from investments i where i.status = 'closed' and (
            (select count(*) from withdrawals w where w.investment_id = i.id) <> 1
            or not ${txExists(`'withdrawal:' || i.id`)})`,
  },
  {
    name: 'withdrawal status and its decision posting disagree',
    sql: `select w.id::text as id from withdrawals w
          where (w.status in ('pending', 'approved')) = ${txExists(`'withdrawal-decided:' || w.id`)}
             or (w.status = 'paid' and w.tx_hash is null) or (w.status = 'rejected' and w.reason is null)
             or (w.status = 'paid' and not exists (select 1 from treasury_transfers x
                   where x.withdrawal_id = w.id and x.tx_hash = w.tx_hash))`,
  },
  {
    name: 'a transfer from the treasury pays more than one withdrawal, or a withdrawal is paid twice on chain',
    sql: `select x.tx_hash as id from treasury_transfers x where x.withdrawal_id is not null
          group by x.tx_hash, x.log_index having count(*) > 1
          union all
          select s.withdrawal_id::text from treasury_steps s where s.kind = 'payout' and s.status <> 'dropped'
          group by s.withdrawal_id having count(*) > 1`,
  },
  {
    name: 'usd.withdrawal_pending balance differs from pending payouts',
    sql: `select u.id::text as id from users u where ${balance('u.id::text', 'usd.withdrawal_pending')} <>
          coalesce((select sum(payout) from withdrawals where user_id = u.id and status in ('pending', 'approved')), 0)`,
  },
  {
    name: 'decided withdrawal without its audit-log entry',
    sql: `select w.id::text as id from withdrawals w where w.status <> 'pending' and not exists (
            select 1 from audit_log l where l.target_id = w.id::text and l.action = 'withdrawal.' || w.status)
            or w.status in ('paid', 'rejected') and w.approved_at is not null and not exists (
            select 1 from audit_log l where l.target_id = w.id::text and l.action = 'withdrawal.approved')`,
  },
  {
    name: 'referral bonus missing, or paid without a referred first investment',
    sql: `select u.id::text as id from users u where ${txExists(`'referral:' || u.id`)} <>
          (u.referred_by is not null and exists (select 1 from investments i where i.user_id = u.id))`,
  },
  {
    name: 'stake credited_total differs from its yield postings',
    sql: `select s.id::text as id from stakes s
          where s.credited_total <> ${legSum('s.user_id::text', 'usd.staking_earned', `'staking-yield:' || s.id || ':%'`)}`,
  },
  {
    name: 'svp.staked balance differs from the active stake',
    sql: `select u.id::text as id from users u where ${balance('u.id::text', 'svp.staked')} <>
          coalesce((select sum(tokens) from stakes where user_id = u.id and status = 'active'), 0)`,
  },
  {
    name: 'taps counter differs from the coins.taps postings',
    sql: `select g.user_id::text as id from engagement g
          where g.total_clicks * 25 <> ${legSum('g.user_id::text', 'coin.coins', `'taps:' || g.user_id || ':%'`)}`,
  },
  {
    name: 'welcome flag and welcome posting disagree',
    sql: `select g.user_id::text as id from engagement g
          where (g.welcome_claimed_at is not null) <> ${txExists(`'welcome:' || g.user_id`)}`,
  },
  {
    name: 'bot active without an activation posting',
    sql: `select g.user_id::text as id from engagement g where g.bot_status <> 'inactive' and not exists (
            select 1 from ledger_transactions t where t.idempotency_key like 'bot-activation:' || g.user_id || ':%')`,
  },
  {
    name: 'Idempotency-Key left "still processing" for good (every retry with it answers 409)',
    sql: `select scope || ' ' || key || ' ' || route as id from idempotency_keys where status_code is null`,
  },
];

/** Waits until the deposit watcher has ingested every payment on the simulated chain. */
async function awaitDeposits(client: pg.Client, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ missing: number }>(`
      select count(*)::int as missing from simulated_transfers s join deposit_addresses d on d.address = s.to_address
      where not s.reverted and not exists (select 1 from deposits x where x.tx_hash = s.tx_hash)`);
    if (rows[0]!.missing === 0) return;
    await sleep(250);
  }
}

export interface CheckReport {
  violations: string[];
  /** Ledger transactions by kind: which paths the run exercised. */
  postings: string;
  effects: EffectReport;
  invariantsOk: boolean;
}

/**
 * The incremental ledger check (which the servers ran every few seconds through the load, and through their
 * SIGKILLs in the crash suite) catches up, finds nothing, and holds for every account exactly the sums the full
 * check computed from every entry.
 */
async function incrementalCheckAgrees(db: Parameters<typeof checkLedgerInvariants>[0], client: pg.Client) {
  const check = createLedgerCheck({ db, log: pino({ level: 'silent' }) });
  await check.runOnce();
  const report = await check.report();
  const differ = await accountsWhereCheckTotalsDiffer(db);
  const { rows: last } = await client.query<{ id: string }>(
    'select coalesce(max(id), 0)::text as id from ledger_transactions',
  );
  return [
    ...(report.ok ? [] : [`LEDGER CHECK FOUND: ${report.problems.slice(0, 5).join('; ')}`]),
    ...(differ.length ? [`LEDGER CHECK TOTALS differ from the entries: accounts ${differ.slice(0, 5)}`] : []),
    ...(BigInt(report.verifiedThrough) >= BigInt(last[0]!.id)
      ? []
      : [`LEDGER CHECK stopped at ${report.verifiedThrough}, the last transaction is ${last[0]!.id}`]),
  ];
}

/** Everything the database must show after the load (DESIGN §3 invariants plus the ops' effects). */
export async function checkDatabase(databaseUrl: string, records: OpRecord[]): Promise<CheckReport> {
  const violations: string[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined); // a lost connection fails the next query instead of the process
  await client.connect();
  const database = await openDatabase({ databaseUrl });
  try {
    await awaitDeposits(client, 20_000);
    const invariants = await checkLedgerInvariants(database.db);
    if (!invariants.ok) violations.push(`LEDGER INVARIANTS FAILED: ${JSON.stringify(invariants)}`);
    violations.push(...(await incrementalCheckAgrees(database.db, client)));
    for (const check of CONSISTENCY) {
      const { rows } = await client.query<{ id: string }>(check.sql);
      if (rows.length) {
        const ids = rows.slice(0, 5).map((r) => r.id);
        violations.push(
          `HALF-WRITTEN: ${check.name}: ${rows.length} (${ids.join(', ')}${rows.length > 5 ? ', …' : ''})`,
        );
      }
    }
    const effects = await reconcileEffects(client, records);
    violations.push(...effects.violations, ...checkReplays(records));
    const { rows: kinds } = await client.query<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from ledger_transactions group by kind order by 2 desc`,
    );
    const postings = kinds.map((k) => `${k.kind} ${k.n}`).join(', ');
    return { violations, effects, invariantsOk: invariants.ok, postings };
  } finally {
    await client.end();
    await database.close();
  }
}

/**
 * Answers that must not happen: 401/403 (a session or CSRF cookie not honoured by some instance), any
 * 5xx, and any request without an answer, except (crash mode) while the app was down or PostgreSQL
 * restarting — `tolerated(at, ms)` says so.
 */
export function checkResponses(records: OpRecord[], tolerated: (at: number, ms: number) => boolean): string[] {
  const violations: string[] = [];
  for (const op of records) {
    for (const a of op.attempts) {
      // Sessions and CSRF cookies live in PostgreSQL / the browser: any instance, before or after a restart, takes them.
      if (a.status === 401 || a.status === 403)
        violations.push(`SESSION REFUSED: ${op.endpoint} → ${a.status} ${a.text}`);
      if (tolerated(a.at, a.ms)) continue;
      if (a.status === undefined)
        violations.push(`NO RESPONSE after ${Math.round(a.ms)} ms: ${op.endpoint} (${a.how}): ${a.error}`);
      else if (a.status >= 500) violations.push(`5xx: ${op.endpoint} (${a.how}) → ${a.status} ${a.text.slice(0, 200)}`);
    }
  }
  return violations;
}

export const countOutcomes = (records: OpRecord[]) => {
  const counts = { acked: 0, rejected: 0, unknown: 0 };
  for (const op of records) counts[outcomeOf(op)] += 1;
  return counts;
};
