/**
 * Users made in SQL for the scenarios where each user can act only once: a user holds one active plan
 * (SPEC §5), so every investment needs a fresh investor and every withdrawal request a fresh matured plan.
 * Thousands of sign-ups over HTTP would take minutes of argon2id; here they take seconds. The money moves
 * through the ledger's own posting function (ledger_post), so the seeded books are as valid as real ones;
 * the measured request is always the real HTTP route. Run against a migrated database (after startServer).
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  CSRF_COOKIE,
  PLAN_DURATIONS,
  PLANS,
  SESSION_COOKIE,
  SYSTEM_OWNER,
  toDecimalString,
  USD_UNIT,
  USER_ACCOUNTS,
  expectedWithdrawal,
} from '@svp/shared';
import type { BenchUser } from './app-under-test.js';

/** What each seeded user holds. */
export type SeedKind =
  /** $100 on the balance: enough for one investment in any plan. */
  | 'investor'
  /** A Gold plan of $50 that matured yesterday and $6 of earnings: eligible for a withdrawal (≥ $5, SPEC §9). */
  | 'matured-plan'
  /** A matured plan as above, with the daily coins settled through yesterday: today's fall due on the next request. */
  | 'daily-coins';

export const INVESTOR_BALANCE = 100n * USD_UNIT;
export const SEEDED_PLAN = PLANS.find((p) => p.code === 'gold')!;
export const SEEDED_DAYS = PLAN_DURATIONS.find((d) => d.enabled)!.days;
/** The bench's investment: the seeded plan at its minimum, for the seeded duration. */
export const INVEST_BODY = {
  plan: SEEDED_PLAN.code,
  duration: SEEDED_DAYS,
  amount: toDecimalString(SEEDED_PLAN.minAmount, 'USD'),
};
const SEEDED_EARNINGS = 6n * USD_UNIT;

/**
 * Users to seed per second of a run: above what 2 cores can do of any money operation (pgbench itself reaches
 * 1–4k tps here, and an investment's bare statement passed 4k/s on a fast host), so a run never runs out; a run
 * that does says so (its errors, and no ratio in the report).
 */
export const SEED_USERS_PER_SECOND = 6000;
export const seedCount = (seconds: number) => Math.ceil(seconds * SEED_USERS_PER_SECOND);

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Seeds `count` users of one kind, each with a live session, in one transaction. Returns them as a browser
 * would hold them (session and CSRF cookies, the CSRF header's token).
 */
export async function seedUsers(dbUrl: string, kind: SeedKind, count: number): Promise<BenchUser[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const tag = `${{ investor: 'inv', 'matured-plan': 'wd', 'daily-coins': 'dc' }[kind]}${randomBytes(3).toString('hex')}x`;
  const csrf = randomBytes(32).toString('base64url');
  try {
    await db.query('begin');
    const { rows } = await db.query<{ id: string; email: string; username: string }>(
      // No usable password: these users never sign in, their sessions are made below.
      `insert into users (email, username, wallet_address, password_hash, role, created_at, updated_at,
         email_verified_at)
       select 'bench-' || $1 || i || '@example.com', $1 || i, '0x' || repeat('ab', 20), '!', 'user', now(), now(), now()
       from generate_series(1, $2::int) i
       returning id::text, email, username`,
      [tag, count],
    );
    const ids = rows.map((r) => r.id);
    // The accounts sign-up opens (ledger.openUserAccounts), so no posting has to open one.
    await db.query(
      `insert into accounts (owner, code, asset, allow_negative, created_at)
       select u.id, c.code, c.asset, false, now()
       from unnest($1::text[]) u(id) cross join unnest($2::text[], $3::text[]) c(code, asset)`,
      [ids, Object.keys(USER_ACCOUNTS), Object.values(USER_ACCOUNTS)],
    );
    const tokens = ids.map(() => randomBytes(32).toString('base64url'));
    await db.query(
      `insert into sessions (token_hash, user_id, role, mfa, created_at, last_seen_at, expires_at, ip)
       select s.hash, s.user_id::uuid, 'user', 'none', now(), now(), now() + interval '1 day', '10.6.0.1'
       from unnest($1::text[], $2::text[]) s(hash, user_id)`,
      [tokens.map(hashToken), ids],
    );
    if (kind === 'investor') {
      await postToEach(db, ids, 'Bench seed: a balance to invest', [['usd.balance', INVESTOR_BALANCE]]);
    } else {
      const amount = SEEDED_PLAN.minAmount;
      // Legs in ledger_post's lock order: the user's codes in byte order, then the platform (ledger.service.ts).
      await postToEach(db, ids, 'Bench seed: a matured plan and its earnings', [
        ['usd.earnings', SEEDED_EARNINGS],
        ['usd.invested', amount],
      ]);
      await db.query(
        `insert into investments (user_id, plan_code, amount, expected_withdrawal, days, started_at, ends_at, status)
         select u::uuid, $2, $3, $4, $5, now() - make_interval(days => $5 + 1), now() - interval '1 day', 'active'
         from unnest($1::text[]) u`,
        [ids, SEEDED_PLAN.code, amount, expectedWithdrawal(amount, SEEDED_PLAN, SEEDED_DAYS), SEEDED_DAYS],
      );
    }
    if (kind === 'daily-coins') {
      await db.query(
        `insert into engagement (user_id, daily_settled_through, last_tap_save_at, tap_day)
         select u::uuid, to_char(now() at time zone 'UTC' - interval '1 day', 'YYYY-MM-DD'), now(),
           to_char(now() at time zone 'UTC', 'YYYY-MM-DD')
         from unnest($1::text[]) u`,
        [ids],
      );
    }
    await db.query('commit');
    return rows.map((r, i) => ({
      email: r.email,
      username: r.username,
      cookie: `${CSRF_COOKIE}=${csrf}; ${SESSION_COOKIE}=${tokens[i]}`,
      csrf,
      ip: '10.6.0.1',
    }));
  } catch (error) {
    await db.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await db.end();
  }
}

/**
 * One admin-adjustment posting per user through ledger_post: the user's legs, paid from usd.platform. A user
 * id (hex and dashes) sorts before 'system' in byte order, so the platform's leg goes last, as ledger_post wants.
 */
async function postToEach(db: pg.Client, ids: string[], memo: string, legs: [string, bigint][]) {
  const total = legs.reduce((sum, [, amount]) => sum + amount, 0n);
  await db.query(
    `select count(*) from unnest($1::text[]) u(id)
     cross join lateral ledger_post('admin.adjustment', 'adjust:bench:' || u.id, null, $2, now(),
       array_fill(u.id, array[$3::int]) || $4::text, $5::text[] || 'usd.platform'::text,
       array_fill('USD'::text, array[$3::int + 1]), $6::bigint[] || $7::bigint,
       array_fill(false, array[$3::int]) || true, null, null, null) p`,
    [
      ids,
      memo,
      legs.length,
      SYSTEM_OWNER,
      legs.map(([code]) => code),
      legs.map(([, amount]) => amount.toString()),
      (-total).toString(),
    ],
  );
}
