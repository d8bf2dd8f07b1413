import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, FIGURES_AS_OF_HEADER } from '@svp/shared';
import { ConfigError, loadConfig } from '../../src/config.js';
import { buildTestApp, onPostgres, signedInAdmin, signedInUser, topUp, type TestApp } from '../helpers.js';

// DATABASE_READ_URL: the reads that may lag go to a streaming replica and say how old their figures are; what a
// user must see after their own write never does; a replica that is down or too far behind is not read.

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/replica.sh');
const REPLICA_PORT = 5491;
const replicaEnv = {
  ...process.env,
  REPLICA_PORT: String(REPLICA_PORT),
  REPLICA_DIR: `/tmp/svp-replica-test-${REPLICA_PORT}`,
};
const replicaScript = (command: 'start' | 'stop') =>
  execFileSync('bash', [script, command], { env: replicaEnv, stdio: 'pipe', timeout: 120_000 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The primary the suite runs on (direct, not through a pooler: the replica copies the server). */
const primaryUrl = process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL ?? 'postgres://unused@127.0.0.1:1/x';

describe('lag-tolerant reads without a usable replica', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: the replica is down from the start.
    t = await buildTestApp({ DATABASE_URL: primaryUrl, DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:1/none' });
  });
  afterAll(() => t.close());

  it('serves the History page, the leaderboard and the admin tables from the primary, with no age', async () => {
    const { client } = await signedInUser(t.app);
    await topUp(client, '20');
    const history = await client.get(API.history);
    expect(history.status).toBe(200);
    expect(history.body.lines.join('\n')).toMatch(/Top-up received/);
    expect(history.body.figuresAsOf).toBeUndefined();
    const board = await client.get(API.stakingLeaderboard);
    expect(board.status).toBe(200);
    expect(board.body.figuresAsOf).toBeUndefined();
    const admin = await signedInAdmin(t);
    const users = await admin.client.get(API.adminUsers);
    expect(users.status).toBe(200);
    expect(users.body.figuresAsOf).toBeUndefined();
  });

  it('refuses a replica without a primary to follow', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:5433/x' })).toThrow(ConfigError);
  });
});

// PGlite has no replication: these run on `npm run test:pg` (directly and in the PgBouncer leg).
describe('a streaming replica made from the primary (pg_basebackup -R)', () => {
  let t: TestApp;
  let replica: pg.Client;
  let replicaUrl = '';

  beforeAll(async () => {
    if (!onPostgres) return;
    // The replica first: the test's database is created afterwards and reaches it through the stream.
    replicaScript('start');
    t = await buildTestApp((name) => {
      replicaUrl = `postgres://postgres@127.0.0.1:${REPLICA_PORT}/${name}`;
      return { DATABASE_URL: primaryUrl, DATABASE_READ_URL: replicaUrl };
    });
    for (let i = 0; ; i++) {
      try {
        replica = new pg.Client({ connectionString: replicaUrl });
        // The last test stops the replica under this connection.
        replica.on('error', () => undefined);
        await replica.connect();
        await replica.query('select 1 from users limit 1');
        break;
      } catch (error) {
        await replica.end().catch(() => undefined);
        if (i > 100) throw error;
        await sleep(200);
      }
    }
  }, 180_000);
  afterAll(async () => {
    if (!onPostgres) return;
    await replica?.end().catch(() => undefined);
    await t?.close();
    replicaScript('stop');
  });

  /** Until the replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    const { rows } = await t.database.pool!.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    for (let i = 0; i < 200; i++) {
      const done = await replica.query('select pg_last_wal_replay_lsn() >= $1::pg_lsn as done', [rows[0]!.lsn]);
      if (done.rows[0].done) return;
      await sleep(50);
    }
    throw new Error('the replica did not catch up');
  }

  it('reads the History page from the replica, says how old it is, and never reads a user’s own money there', async () => {
    if (!onPostgres) return;
    const { client, user } = await signedInUser(t.app);
    await topUp(client, '20');
    await caughtUp();
    const fresh = await client.get(API.history);
    expect(fresh.body.lines).toHaveLength(1);
    expect(Date.parse(fresh.body.figuresAsOf)).toBeGreaterThan(Date.now() - 60_000);

    // Replay paused: the replica stops where it is, as a lagging one does.
    await replica.query('select pg_wal_replay_pause()');
    const pausedAt = Date.now();
    await sleep(50);
    await topUp(client, '30');
    // The money a user just moved is on the next /me at once: /me reads the primary.
    const me = await client.get(API.me);
    expect(me.body.user.id).toBe(user.id);
    expect(me.body.user.balance).toBe('50'); // 20 + 30, each paid with its fee on top
    // The History page is the replica's: the second top-up is not there yet, and the page says how old it is.
    const stale = await client.get(API.history);
    expect(stale.status).toBe(200);
    expect(stale.body.lines).toHaveLength(1);
    expect(Date.parse(stale.body.figuresAsOf)).toBeLessThanOrEqual(pausedAt);
    const csv = await client.request({ method: 'GET', url: '/api/v1' + API.historyCsv });
    expect(csv.status).toBe(200);
    expect(Date.parse(String(csv.headers[FIGURES_AS_OF_HEADER]))).toBeLessThanOrEqual(pausedAt);

    await replica.query('select pg_wal_replay_resume()');
    await caughtUp();
    const resumed = await client.get(API.history);
    expect(resumed.body.lines).toHaveLength(2);
  });

  it('marks the leaderboard, the admin tables and the treasury’s chain figures with their age', async () => {
    if (!onPostgres) return;
    const { client } = await signedInUser(t.app);
    const admin = await signedInAdmin(t);
    await caughtUp();
    for (const [who, route] of [
      [client, API.stakingLeaderboard],
      [admin.client, API.adminUsers],
      [admin.client, API.adminAudit],
      [admin.client, API.adminTreasury],
    ] as const) {
      const res = await who.get(route);
      expect(res.status, route).toBe(200);
      expect(Date.parse(res.body.figuresAsOf), route).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('streams who listens live to the replica, so a promoted standby still wakes every open stream', async () => {
    if (!onPostgres) return;
    const { user } = await signedInUser(t.app);
    const stream = `test-instance/${Date.now()}`;
    await t.database.pool!.query(`insert into live_listeners (user_id, instance, seen_at) values ($1, $2, now())`, [
      user.id,
      stream,
    ]);
    await caughtUp();
    // An UNLOGGED table is never streamed: the replica (and a standby promoted after a failover) would have no row.
    const { rows } = await replica.query('select count(*)::int as n from live_listeners where instance = $1', [stream]);
    expect(rows[0].n).toBe(1);
  });

  it('falls back to the primary when the replica goes down', async () => {
    if (!onPostgres) return;
    const { client } = await signedInUser(t.app);
    await topUp(client, '25');
    replicaScript('stop');
    const history = await client.get(API.history);
    expect(history.status).toBe(200);
    expect(history.body.lines).toHaveLength(1);
    expect(history.body.figuresAsOf).toBeUndefined();
  });
});
