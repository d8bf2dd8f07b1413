import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATIONS_API, SESSION_COOKIE } from '@svp/shared';
import { buildApp } from '../../src/app.js';
import { createClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, queryRows, type Database } from '../../src/db/client.js';
import { createTestDatabase, onPostgres, signedInUser, TEST_EPOCH, topUp } from '../helpers.js';

// After a failover the promoted node refuses LISTEN for a moment ("cannot execute LISTEN during recovery": the
// connection stays up, the statement fails), and a reconnect that failed so used to give up: the instance's
// streams kept their heartbeats and delivered nothing until a restart (found by the failover drill,
// apps/server/drill). Here the app reaches PostgreSQL through a proxy that answers LISTEN with that error while
// `refuseListen` is set, as the promoting node did.
const server = process.env.DATABASE_DIRECT_URL ?? process.env.DATABASE_URL;
let refuseListen = false;
/** While set, the proxy closes every new connection at once (a router with no primary behind it). */
let dropConnections = false;
let connectionsSeen = 0;
let proxy: net.Server;
let created: Awaited<ReturnType<typeof createTestDatabase>>;
let viaProxy: Database;
let app: FastifyInstance;

/** The wire protocol's ErrorResponse and ReadyForQuery, as PostgreSQL answers a refused simple query. */
function refusal(): Buffer {
  const fields = Buffer.from('SERROR\0C25006\0Mcannot execute LISTEN during recovery\0\0');
  const error = Buffer.alloc(5);
  error.write('E');
  error.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([error, fields, Buffer.from([0x5a, 0, 0, 0, 5, 0x49])]); // 'Z', length 5, idle
}

beforeAll(async () => {
  if (!onPostgres) return;
  created = await createTestDatabase();
  const target = new URL(server!);
  proxy = net.createServer((client) => {
    connectionsSeen += 1;
    if (dropConnections) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.on('data', (chunk) => {
      // A simple query ('Q') naming LISTEN: refused here while the flag is set; everything else passes.
      if (refuseListen && chunk[0] === 0x51 && chunk.includes('LISTEN')) client.write(refusal());
      else upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => (client.destroy(), upstream.destroy());
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const name = (await queryRows<{ name: string }>(created.database.db, sql`select current_database() as name`))[0]!
    .name;
  const url = new URL(server!);
  url.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
  url.pathname = `/${name}`;
  viaProxy = await openDatabase({ databaseUrl: url.toString() });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const started = Date.now();
  const clock = createClock(() => TEST_EPOCH + (Date.now() - started));
  app = await buildApp({ config, db: viaProxy.db, relaxed: viaProxy.relaxed, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  if (!onPostgres) return;
  await app.close();
  await viaProxy.close();
  proxy.close();
  await created.drop();
});

/** Counts the notifications of one live stream (GET /api/v1/events) as they arrive. */
function openStream(port: number, cookie: string) {
  let events = 0;
  const request = http.get({
    host: '127.0.0.1',
    port,
    path: `/api/v1${NOTIFICATIONS_API.events}`,
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, accept: 'text/event-stream' },
  });
  const opened = new Promise<void>((resolve) =>
    request.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (events += (chunk.match(/^event: notification$/gm) ?? []).length));
      resolve();
    }),
  );
  return {
    opened,
    async until(count: number, timeoutMs = 8_000) {
      const deadline = Date.now() + timeoutMs;
      while (events < count) {
        if (Date.now() > deadline) throw new Error(`timed out with ${events} of ${count} events`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => request.destroy(),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('keeps trying to LISTEN again while a node refuses it, and the streams deliver once it takes it', async () => {
  if (!onPostgres) return; // PGlite listens in-process: there is no connection to lose
  const { port } = app.server.address() as { port: number };
  const u = await signedInUser(app, '10.2.9.1');
  const stream = openStream(port, u.client.cookies.get(SESSION_COOKIE)!);
  await stream.opened;
  await topUp(u.client, '10');
  await stream.until(1);

  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const name = (await queryRows<{ name: string }>(viaProxy.db, sql`select current_database() as name`))[0]!.name;
  const listeners = async () =>
    (
      await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
        [name],
      )
    ).rows[0]!.n;
  try {
    refuseListen = true;
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
      [name],
    );
    await sleep(2_500); // the bus reconnects every second: two or more LISTENs refused
    expect(await listeners()).toBe(0);
    refuseListen = false;
    const deadline = Date.now() + 5_000;
    while ((await listeners()) === 0 && Date.now() < deadline) await sleep(100);
    expect(await listeners()).toBe(1);
  } finally {
    refuseListen = false;
    await admin.end();
  }
  await topUp(u.client, '20');
  await stream.until(2);
  stream.close();
});

it('tries one connection a second while none can be made, and listens once when they can', async () => {
  if (!onPostgres) return;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const name = (await queryRows<{ name: string }>(viaProxy.db, sql`select current_database() as name`))[0]!.name;
  const listeners = async () =>
    (
      await admin.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
        [name],
      )
    ).rows[0]!.n;
  try {
    dropConnections = true;
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
      [name],
    );
    await sleep(1_000);
    const before = connectionsSeen;
    await sleep(6_000);
    // One retry chain: about six attempts in 6 s. Each failure used to start a second chain (1, 2, 4, 8, ...).
    expect(connectionsSeen - before).toBeLessThanOrEqual(9);
    dropConnections = false;
    await sleep(2_500);
    expect(await listeners()).toBe(1);
  } finally {
    dropConnections = false;
    await admin.end();
  }
});
