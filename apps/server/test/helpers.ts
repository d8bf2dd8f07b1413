import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { authenticator } from 'otplib';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  API,
  API_PREFIX,
  CSRF_COOKIE,
  CSRF_HEADER,
  fromDecimalString,
  microToToken,
  type AdminRole,
} from '@svp/shared';
import { buildApp } from '../src/app.js';
import { SIMULATED_DECIMALS, SIMULATED_TREASURY } from '../src/chain/simulated.js';
import { createClock, type Clock } from '../src/clock.js';
import { loadConfig, type Config } from '../src/config.js';
import { openDatabase, queryRows, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { usersRepository } from '../src/modules/users/users.repository.js';
import { adminRoles } from '../src/db/schema.js';
import { checkLedgerInvariants } from '../src/modules/ledger/invariants.js';
import { systemAccount, userAccount } from '../src/modules/ledger/ledger.service.js';

export const onPostgres = Boolean(process.env.DATABASE_URL);

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: Clock;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database per call: in-memory PGlite, or a new PostgreSQL database when DATABASE_URL is set; migrated
 * unless `migrate: false` (a migration's own test runs them itself). With DATABASE_DIRECT_URL as well, DATABASE_URL
 * is a transaction pooler (PgBouncer) in front of that server: the app's queries go through it, and the database
 * is created, migrated and dropped on the direct connection, as an operator's deploy does.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<{
  database: Database;
  drop(): Promise<void>;
  openAnother?: () => Promise<Database>;
  /** The PostgreSQL database's name (absent on PGlite). */
  name?: string;
}> {
  const migrate = options.migrate ?? true;
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    if (migrate) await runMigrations(database);
    return { database, drop: () => database.close() };
  }
  const direct = process.env.DATABASE_DIRECT_URL ?? url;
  const name = `svp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: direct });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const named = (base: string) => {
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const open = () => openDatabase({ databaseUrl: named(url), directUrl: named(direct) });
  const database = await open();
  if (migrate) await runMigrations(database);
  const others: Database[] = [];
  return {
    database,
    name,
    /** Another process's pools on the same database (closed by drop). */
    async openAnother() {
      const another = await open();
      others.push(another);
      return another;
    },
    async drop() {
      await Promise.all([database, ...others].map((d) => d.close()));
      const c = new pg.Client({ connectionString: direct });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Monday 2 March 2026, 09:00 UTC, moving with real time from there: every run sees the same calendar. */
export const TEST_EPOCH = Date.parse('2026-03-02T09:00:00Z');

export async function buildTestApp(
  /** Settings; a function receives the fresh PostgreSQL database's name (undefined on PGlite). */
  env: Record<string, string> | ((databaseName: string | undefined) => Record<string, string>) = {},
  logStream?: { write(line: string): void },
): Promise<TestApp> {
  const { database, drop, name } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    ALLOW_TEST_CLOCK: '1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: '/nonexistent',
    // Test users sign up unverified; the rule's own tests (test/account) turn it on (ADR 0023).
    WITHDRAWALS_REQUIRE_VERIFIED_EMAIL: '0',
    ...(typeof env === 'function' ? env(name) : env),
  });
  const started = Date.now();
  const clock = createClock(() => TEST_EPOCH + (Date.now() - started));
  const app = await buildApp({ config, db: database.db, relaxed: database.relaxed, clock, logStream });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}

export interface Response {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- assertions read arbitrary JSON
  headers: Record<string, string | string[] | number | undefined>;
  raw: string;
}

/** One browser: keeps its cookies, echoes the CSRF cookie like the SPA does. */
export class Client {
  cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '10.0.0.1',
  ) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<Response> {
    const { csrf = true, ...rest } = options;
    const method = (rest.method ?? 'GET').toUpperCase();
    if (csrf && method !== 'GET' && !this.cookies.has(CSRF_COOKIE)) {
      await this.request({ method: 'GET', url: API_PREFIX + API.csrf });
    }
    const headers: Record<string, string> = { ...(rest.headers as Record<string, string>) };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (csrf && method !== 'GET') headers[CSRF_HEADER] = this.cookies.get(CSRF_COOKIE) ?? '';
    const res = await this.app.inject({ ...rest, headers, remoteAddress: this.ip });
    for (const cookie of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired =
        cookie.value === '' || (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.maxAge === 0;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    let body: unknown = undefined;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body, headers: res.headers, raw: res.body };
  }

  get(path: string) {
    return this.request({ method: 'GET', url: API_PREFIX + path });
  }

  post(path: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url: API_PREFIX + path, payload: payload as object, headers });
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

export const WALLET = '0x' + 'ab'.repeat(20);
export const PASSWORD = 'correct-horse-battery';

export async function registerUser(client: Client, overrides: Record<string, unknown> = {}) {
  const body = { email: uniqueEmail(), password: PASSWORD, walletAddress: WALLET, referralCode: '', ...overrides };
  const res = await client.post(API.register, body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.raw}`);
  return body as { email: string; password: string };
}

/** Moves the test clock by `ms`, then signs `u` in again: a session idle that long has ended. */
export async function travelAndSignIn(
  t: TestApp,
  u: { client: Client; email: string; password: string },
  ms: number,
): Promise<void> {
  t.clock.advance(ms);
  const res = await u.client.post(API.login, { email: u.email, password: u.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.raw}`);
}

/** A registered, logged-in user with their own cookie jar. */
export async function signedInUser(app: FastifyInstance, ip = '10.0.1.1') {
  const client = new Client(app, ip);
  const creds = await registerUser(client);
  const res = await client.post(API.login, { email: creds.email, password: creds.password });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.raw}`);
  return {
    client,
    email: creds.email,
    password: creds.password,
    user: res.body.user as { id: string; username: string },
  };
}

/** An admin account holding `roles` (DESIGN D18): a superadmin unless a test asks for less. */
export async function createAdmin(
  t: TestApp,
  email = uniqueEmail('admin'),
  password = 'admin-password-123',
  roles: AdminRole[] = ['superadmin'],
) {
  const now = t.clock.now();
  const row = await usersRepository.insert(t.database.db, {
    email,
    username: `admin_${randomBytes(3).toString('hex')}`,
    walletAddress: WALLET,
    passwordHash: await hashPassword(password),
    role: 'admin',
    createdAt: now,
    updatedAt: now,
  });
  for (const role of roles) await t.database.db.insert(adminRoles).values({ userId: row.id, role, grantedAt: now });
  return { id: row.id, email, password };
}

/** The authenticator app's current code, on the test clock. */
export function totpCode(t: TestApp, secret: string): string {
  return authenticator.clone({ epoch: t.clock.now().getTime() }).generate(secret);
}

/** Password, then the second factor (enrolling on the first login), as the admin console does. */
export async function adminSignIn(
  t: TestApp,
  client: Client,
  admin: { email: string; password: string; secret?: string },
) {
  const res = await client.post(API.adminLogin, { email: admin.email, password: admin.password });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.raw}`);
  if (res.body.mfa === 'setup') admin.secret = (await client.post(API.adminTotpSetup)).body.secret;
  const verified = await client.post(API.adminTotpVerify, { code: totpCode(t, admin.secret!) });
  if (verified.status !== 200) throw new Error(`admin second factor failed: ${verified.status} ${verified.raw}`);
  return verified;
}

export async function signedInAdmin(t: TestApp, ip = '10.0.2.1') {
  const admin: { id: string; email: string; password: string; secret?: string } = await createAdmin(t);
  const client = new Client(t.app, ip);
  await adminSignIn(t, client, admin);
  return Object.assign(admin, { client });
}

/** Tops a user up the way a person does: ask for a top-up, then pay it on the simulated chain. */
export async function topUp(client: Client, amount: string, paid?: string) {
  const request = await client.post(API.topup, { amount });
  if (request.status !== 200) throw new Error(`topup failed: ${request.status} ${request.raw}`);
  const status = await client.post(API.topupTestPayment, {
    requestId: request.body.requestId,
    ...(paid ? { amount: paid } : {}),
  });
  if (status.status !== 200) throw new Error(`test payment failed: ${status.status} ${status.raw}`);
  return { request: request.body, status: status.body };
}

export async function invest(client: Client, plan: string, amount: string, duration = 45) {
  return client.post(API.investments, { plan, duration, amount });
}

/** Earnings come from referral bonuses or admin credits; tests put them straight in from the platform account. */
/** When the user's (one) session was last seen, in ms: what a session touch moved. */
/** The ledger's invariants hold (DESIGN §3). A failure prints the whole report, naming what broke. */
/**
 * How long a test lets a ledger check pass wait for its mark to settle. The snapshot it waits on is cluster-wide,
 * so a write running in another test file's database holds the mark too, beyond a background pass's half second.
 */
export const SETTLE_WAIT_IN_TESTS_MS = 30_000;

export async function expectLedgerConsistent(t: Pick<TestApp, 'database'>): Promise<void> {
  expect(await checkLedgerInvariants(t.database.db)).toMatchObject({ ok: true });
}

export async function sessionLastSeenMs(t: TestApp, userId: string): Promise<number> {
  const [row] = await queryRows<{ ms: string }>(
    t.database.db,
    sql`select (extract(epoch from last_seen_at) * 1000)::bigint::text as ms from sessions where user_id = ${userId}`,
  );
  return Number(row!.ms);
}

export async function giveEarnings(t: TestApp, userId: string, dollars: bigint) {
  await t.app.services.ledger.post({
    kind: 'test.bonus',
    idempotencyKey: `test-bonus:${userId}:${randomBytes(6).toString('hex')}`,
    legs: [
      { account: systemAccount('usd.platform'), amount: -dollars * 1_000_000n },
      { account: userAccount(userId, 'usd.earnings'), amount: dollars * 1_000_000n },
    ],
  });
}

/**
 * Sends `payout` (USD micro-units) from the simulated treasury to `wallet`, as the treasury command would, after
 * funding the treasury from outside. Returns the transaction hash; the watcher has not seen it yet.
 */
export async function sendFromTreasury(t: TestApp, wallet: string, payout: bigint, from = SIMULATED_TREASURY) {
  const chain = t.app.services.simulated!;
  await chain.pay(from, payout);
  const nonce = await chain.treasuryChain.minedNonce(from);
  const signed = await chain.treasuryChain.signTokenTransfer(
    { address: from },
    wallet,
    microToToken(payout, SIMULATED_DECIMALS),
    nonce,
  );
  await chain.treasuryChain.broadcast(signed.rawTx);
  return signed.txHash;
}

/** Approves a withdrawal, pays it from the simulated treasury and lets the watcher confirm it. */
export async function approveAndPay(
  t: TestApp,
  admin: Client,
  withdrawal: { id: string; wallet: string; payout: string },
) {
  const approved = await admin.post(`/admin/withdrawals/${withdrawal.id}/approve`);
  if (approved.status !== 200) throw new Error(`approve failed: ${approved.status} ${approved.raw}`);
  const txHash = await sendFromTreasury(t, withdrawal.wallet, fromDecimalString(withdrawal.payout, 'USD'));
  await t.app.services.watcher.runOnce();
  return txHash;
}
