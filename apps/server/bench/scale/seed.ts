/**
 * Fills a migrated database with `users` users in set-based SQL (generate_series, one statement per table):
 * each user has a session, ten ledger accounts, a deposit (with its deposit address and chain record), a
 * conversion to the fund, a token purchase, an active stake and an active plan — 13 ledger entries per user,
 * so a million users make 13 million entries. User 1 (the one the benchmark signs in as) also has 100,000
 * more entries (conversions back and forth), the longest history the history page and CSV export must serve.
 *
 * Every posting sums to zero per asset and every cached balance and entry count is the sum of its entries,
 * so the invariant report passes on the seeded data. Ids are computed from the user's number, so entries
 * are generated without joins and a user's session token is known to the harness without reading it back.
 */
import pg from 'pg';

/** The cookie token of user `i`'s session (its SHA-256 is what the sessions table holds). */
export const sessionToken = (i: number) => `s${String(i).padStart(42, '0')}`;
/** Shaped like a real token (43 characters of base64url), as the session store checks before looking up. */
export const adminToken = `admin${'0'.repeat(38)}`;
export const userEmail = (i: number) => `scale-${i}@example.com`;
/** The user whose history is long. */
export const HEAVY_USER = 1;
export const HEAVY_ENTRIES = 100_000;
const CHAIN_ID = 31337001;

/** The deterministic id of user `i`. */
const userId = (i: string) => `(lpad(to_hex(${i}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${i}), 12, '0'))::uuid`;
const tokenHash = (text: string) => `encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`;
/** Tokens user `i` stakes: distinct-ish amounts so the leaderboard has an order to keep. */
const staked = (i: string) => `(1000000 + (${i}::bigint * 7919) % 3000000)`;

/** Account codes in the order the seeder numbers them (account id = base + (i - 1) * 10 + position + 1). */
const CODES = [
  ['usd.balance', 'USD'],
  ['usd.invested', 'USD'],
  ['usd.earnings', 'USD'],
  ['usd.fund', 'USD'],
  ['usd.staking_earned', 'USD'],
  ['usd.withdrawal_pending', 'USD'],
  ['svp.wallet', 'SVP'],
  ['svp.staked', 'SVP'],
  ['coin.coins', 'COIN'],
  ['coin.daily', 'COIN'],
] as const;
const at = (code: string) => CODES.findIndex(([c]) => c === code);

export async function seed(databaseUrl: string, users: number, log: (line: string) => void): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const started = Date.now();
    const result = await db.query(text, values);
    log(`  ${name}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  try {
    // Replica mode skips the per-row foreign-key checks (26 million look-ups at a million users): every
    // reference here is computed to exist. The keys stay defined and are checked again for what the app writes.
    // It skips the tables' triggers as well: what they would write is written below.
    await db.query(
      `set synchronous_commit = off; set maintenance_work_mem = '512MB'; set work_mem = '256MB';
       set session_replication_role = replica`,
    );
    const base = await db.query<{ acc: string; tx: string; hash: string }>(
      `select (select coalesce(max(id), 0) from accounts)::text as acc,
              (select coalesce(max(id), 0) from ledger_transactions)::text as tx,
              (select password_hash from users where role = 'admin' limit 1) as hash`,
    );
    const A = Number(base.rows[0]!.acc);
    const T = Number(base.rows[0]!.tx);
    const acc = (code: string) => `(${A} + (i - 1) * 10 + ${at(code) + 1})`;
    const sys = async (code: string) =>
      Number((await db.query(`select id from accounts where owner = 'system' and code = $1`, [code])).rows[0]!.id);
    const deposits = await sys('usd.deposits');
    const fees = await sys('usd.fees.topup');
    const treasury = await sys('svp.treasury');
    const platform = await sys('usd.platform');
    const series = `generate_series(1, ${users}) as i`;
    const when = `now() - (${users} - i) * interval '1 second'`;

    await step(
      'users',
      `insert into users (id, email, username, wallet_address, password_hash, role, created_at, updated_at)
       select ${userId('i')}, 'scale-' || i || '@example.com', 'scale' || i,
         '0x' || substr(md5('wallet' || i), 1, 40), $1, 'user', ${when}, ${when} from ${series}`,
      [base.rows[0]!.hash],
    );
    await step(
      'sessions',
      `insert into sessions (token_hash, user_id, role, mfa, created_at, last_seen_at, expires_at)
       select ${tokenHash(`'s' || lpad(i::text, 42, '0')`)}, ${userId('i')}, 'user', 'none', now(), now(),
         now() + interval '30 days' from ${series}`,
    );
    await step(
      'engagement',
      `insert into engagement (user_id, daily_settled_through, last_tap_save_at, tap_day)
       select ${userId('i')}, to_char(now() at time zone 'utc', 'YYYY-MM-DD'), now(),
         to_char(now() at time zone 'utc', 'YYYY-MM-DD') from ${series}`,
    );
    // Balances as the five postings below leave them (the heavy user's extra conversions net to zero).
    const balances: Record<string, [string, string]> = {
      'usd.balance': ['90000000', `case when i = ${HEAVY_USER} then ${3 + HEAVY_ENTRIES / 2} else 3 end`],
      'usd.invested': ['10000000', '1'],
      'usd.fund': ['350000000', `case when i = ${HEAVY_USER} then ${2 + HEAVY_ENTRIES / 2} else 2 end`],
      'svp.wallet': [`5000000 - ${staked('i')}`, '2'],
      'svp.staked': [staked('i'), '1'],
    };
    await step(
      'accounts',
      `insert into accounts (id, owner, code, asset, balance, allow_negative, entry_count, created_at)
       select ${A} + (i - 1) * 10 + c.n, ${userId('i')}::text, c.code, c.asset,
         case c.code ${Object.entries(balances)
           .map(([code, [b]]) => `when '${code}' then ${b}`)
           .join(' ')} else 0 end,
         false,
         case c.code ${Object.entries(balances)
           .map(([code, [, n]]) => `when '${code}' then ${n}`)
           .join(' ')} else 0 end,
         ${when}
       from ${series}, (values ${CODES.map(([code, asset], n) => `(${n + 1}, '${code}', '${asset}')`).join(', ')})
         as c(n, code, asset)
       order by 1`,
    );
    await db.query(`select setval('accounts_id_seq', ${A + users * 10})`);
    // Replica mode skips triggers too: the leaderboard's table of stakers (migration 0026) is filled here, as its
    // triggers would have.
    await step(
      'staking ranks',
      `insert into staking_ranks (owner, balance)
       select owner, balance from accounts where code = 'svp.staked' and owner <> 'system' and balance <> 0`,
    );

    // Five transactions per user: tx id = T + (i - 1) * 5 + k.
    const hash = (i: string) => `'0x' || md5('tx' || ${i}) || md5('tx2' || ${i})`;
    const uid = userId('i');
    await step(
      'ledger_transactions',
      `insert into ledger_transactions (id, kind, idempotency_key, actor_id, memo, created_at)
       select ${T} + (i - 1) * 5 + k.k, k.kind,
         case k.k when 1 then 'deposit:${CHAIN_ID}:' || ${hash('i')} || ':0'
           when 5 then 'investment:' || ${userId('i')}::text
           else k.kind || ':' || ${uid}::text || ':' || k.k end,
         case when k.k = 1 then null else ${uid}::text end, k.memo, ${when}
       from ${series}, (values (1, 'deposit', 'Top-up received: 503 USDT, fee 3'),
         (2, 'staking.convert', 'Moved $400.00 to your fund balance.'), (3, 'staking.buy', 'Bought SVP tokens'),
         (4, 'staking.stake', 'Staked SVP tokens for 60 days'),
         (5, 'investment.start', 'Invested in the Standard plan for 30 days')) as k(k, kind, memo)
       order by 1`,
    );
    const tx = (k: number) => `${T} + (i - 1) * 5 + ${k}`;
    await step(
      'ledger_entries',
      `insert into ledger_entries (transaction_id, account_id, asset, amount)
       select e.tx, e.account, e.asset, e.amount from ${series}, lateral (values
         (${tx(1)}, ${acc('usd.balance')}, 'USD', 500000000::bigint), (${tx(1)}, ${deposits}, 'USD', -503000000),
         (${tx(1)}, ${fees}, 'USD', 3000000),
         (${tx(2)}, ${acc('usd.balance')}, 'USD', -400000000), (${tx(2)}, ${acc('usd.fund')}, 'USD', 400000000),
         (${tx(3)}, ${acc('svp.wallet')}, 'SVP', 5000000), (${tx(3)}, ${acc('usd.fund')}, 'USD', -50000000),
         (${tx(3)}, ${treasury}, 'SVP', -5000000), (${tx(3)}, ${platform}, 'USD', 50000000),
         (${tx(4)}, ${acc('svp.staked')}, 'SVP', ${staked('i')}), (${tx(4)}, ${acc('svp.wallet')}, 'SVP', -${staked('i')}),
         (${tx(5)}, ${acc('usd.balance')}, 'USD', -10000000), (${tx(5)}, ${acc('usd.invested')}, 'USD', 10000000)
       ) as e(tx, account, asset, amount)`,
    );
    const heavyTx = T + users * 5;
    await step(
      'heavy user history',
      `with t as (
         insert into ledger_transactions (id, kind, idempotency_key, actor_id, memo, created_at)
         select ${heavyTx} + j, 'staking.convert', 'scale-convert:' || j, ${userId(String(HEAVY_USER))}::text,
           case when j % 2 = 0 then 'Moved $1.00 to your fund balance.' else 'Moved $1.00 to your balance.' end,
           now() - (${HEAVY_ENTRIES / 2} - j) * interval '10 seconds'
         from generate_series(1, ${HEAVY_ENTRIES / 2}) as j returning id)
       insert into ledger_entries (transaction_id, account_id, asset, amount)
       select t.id, a.account, 'USD', case when t.id % 2 = 0 then a.sign else -a.sign end * 1000000
       from t, (values (${A + at('usd.balance') + 1}, -1), (${A + at('usd.fund') + 1}, 1)) as a(account, sign)`,
    );
    await db.query(`select setval('ledger_transactions_id_seq', ${heavyTx + HEAVY_ENTRIES / 2})`);
    await step(
      'system accounts',
      `update accounts set balance = balance + x.delta * ${users}, entry_count = entry_count + ${users}
       from (values (${deposits}, -503000000::bigint), (${fees}, 3000000), (${treasury}, -5000000),
         (${platform}, 50000000)) as x(id, delta) where accounts.id = x.id`,
    );
    await step(
      'deposit addresses',
      `insert into deposit_addresses (user_id, derivation_index, address, created_at)
       select ${uid}, i - 1, '0x' || substr(md5('address' || i), 1, 32) || substr(md5('address2' || i), 1, 8),
         ${when} from ${series}`,
    );
    await step(
      'deposits',
      `insert into deposits (chain_id, tx_hash, log_index, block_number, address, user_id, amount_raw, received,
         fee, credited, ledger_transaction_id, seen_at)
       select ${CHAIN_ID}, ${hash('i')}, 0, i, '0x' || substr(md5('address' || i), 1, 32) || substr(md5('address2' || i), 1, 8),
         ${uid}, '503000000000000000000', 503000000, 3000000, 500000000, ${tx(1)}, ${when} from ${series}`,
    );
    await step(
      'stakes',
      `insert into stakes (user_id, tokens, started_at, ends_at, status, credited_total)
       select ${uid}, ${staked('i')}, ${when}, ${when} + interval '60 days', 'active', 0 from ${series}`,
    );
    await step(
      'investments',
      `insert into investments (user_id, plan_code, amount, expected_withdrawal, days, started_at, ends_at, status)
       select ${uid}, 'standard', 10000000, 10300000, 30, ${when}, ${when} + interval '30 days', 'active'
       from ${series}`,
    );
    // The admin's session, past the second factor.
    await step(
      'admin session',
      `insert into sessions (token_hash, user_id, role, mfa, verified_at, created_at, last_seen_at, expires_at)
       select ${tokenHash(`'${adminToken}'`)}, id, 'admin', 'done', now(), now(), now(), now() + interval '1 day'
       from users where role = 'admin' limit 1`,
    );
    // Replica mode skipped the triggers that keep the overview's counts and sums (migration 0032): counted
    // once here from the seeded tables, as a repair would.
    await step('overview counts', 'select platform_counts_recount()');
    await step('analyze', 'vacuum analyze');
  } finally {
    await db.end();
  }
}
