import http from 'node:http';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API, NOTIFICATIONS_API, SESSION_COOKIE } from '@svp/shared';
import { buildApp } from '../../src/app.js';
import { createClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { queryRows, sessionPool, type Database } from '../../src/db/client.js';
import { NOTIFICATION_CHANNEL } from '../../src/modules/events/live-bus.js';
import {
  Client,
  createTestDatabase,
  onPostgres,
  signedInAdmin,
  signedInUser,
  TEST_EPOCH,
  topUp,
  type TestApp,
} from '../helpers.js';

// The live stream across two app instances on one database (PostgreSQL LISTEN/NOTIFY when DATABASE_URL is set):
// an event raised through app A reaches a stream opened on app B, over a real socket (inject does not stream).
let database: Database;
let drop: () => Promise<void>;
const apps: FastifyInstance[] = [];
const suiteStart = Date.now();

async function instance() {
  const config = loadConfig({ NODE_ENV: 'test', ALLOW_TEST_CLOCK: '1', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const clock = createClock(() => TEST_EPOCH + (Date.now() - suiteStart));
  const app = await buildApp({ config, db: database.db, relaxed: database.relaxed, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  const { port } = app.server.address() as { port: number };
  return { app, clock, port, config, database } as TestApp & { port: number };
}

interface LiveEvent {
  id: string;
  event: string;
  data: { id: string; type: string; body: string };
}

/** Opens GET /api/v1/events on a port with a session cookie; collects the events as they come. */
function openStream(port: number, cookie: string, headers: Record<string, string> = {}) {
  const events: LiveEvent[] = [];
  let text = '';
  let waiters: (() => void)[] = [];
  let response!: http.IncomingMessage;
  const request = http.get({
    host: '127.0.0.1',
    port,
    path: `/api/v1${NOTIFICATIONS_API.events}`,
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, accept: 'text/event-stream', ...headers },
  });
  const opened = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.on('response', (res) => {
      response = res;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        let cut;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const data = field('data');
          if (data) events.push({ id: field('id')!, event: field('event')!, data: JSON.parse(data) });
        }
        for (const wake of waiters) wake();
        waiters = [];
      });
      resolve(res);
    });
    request.on('error', reject);
  });
  return {
    events,
    opened,
    get response() {
      return response;
    },
    async until(count: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count) {
        if (Date.now() > deadline) throw new Error(`timed out with ${events.length} of ${count} events`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return events;
    },
    close: () => request.destroy(),
  };
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await drop();
});

describe('live stream', () => {
  it('an event raised through app A reaches a stream opened on app B at once; a reconnect resumes', async () => {
    const a = await instance();
    const b = await instance();
    const u = await signedInUser(a.app, '10.2.0.1');
    const cookie = u.client.cookies.get(SESSION_COOKIE)!;
    const stream = openStream(b.port, cookie);
    const res = await stream.opened;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.headers['x-request-id']).toBeDefined();

    const before = Date.now();
    await topUp(u.client, '10');
    const [first] = await stream.until(1);
    expect(Date.now() - before).toBeLessThan(3000);
    expect(first).toMatchObject({ event: 'notification', data: { type: 'deposit.credited' } });
    // The event's id is the stream's resume point: the settled id, then the ids sent above it, this one last.
    expect(first!.id.split('.').at(-1)).toBe(first!.data.id);
    await topUp(u.client, '20');
    await stream.until(2);
    stream.close();

    // Two more while away; the reconnect names the last one seen and gets exactly the two it missed.
    await topUp(u.client, '30');
    await topUp(u.client, '40');
    const resumed = openStream(b.port, cookie, { 'last-event-id': stream.events[1]!.id });
    const replay = await resumed.until(2);
    expect(replay.map((e) => e.data.body.slice(0, 6))).toEqual(['$30.00', '$40.00']);
    // A fresh stream (no id) starts from now: nothing old is sent again.
    const fresh = openStream(a.port, cookie);
    await fresh.opened;
    await topUp(u.client, '50');
    expect((await fresh.until(1)).map((e) => e.data.body.slice(0, 6))).toEqual(['$50.00']);
    expect((await resumed.until(3))[2]!.data.body.slice(0, 6)).toBe('$50.00');
    resumed.close();
    fresh.close();
  });

  it('sends a notification that commits after one with a higher id, once', async () => {
    const a = await instance();
    const u = await signedInUser(a.app, '10.2.3.1');
    const stream = openStream(a.port, u.client.cookies.get(SESSION_COOKIE)!);
    await stream.opened;
    await topUp(u.client, '10');
    await stream.until(1);
    if (onPostgres) {
      // A notification written by a transaction still open, then a later one committed and sent before it.
      const held = await database.pool!.connect();
      try {
        await held.query('begin');
        await held.query(
          `select notification_add(n.user_id, n.type, n.category, n.params, 'held', now())
           from notifications n where n.user_id = $1 order by n.id desc limit 1`,
          [u.user.id],
        );
        await topUp(u.client, '20');
        expect((await stream.until(2))[1]!.data.body.slice(0, 6)).toBe('$20.00');
        await held.query('commit');
      } finally {
        held.release();
      }
      const events = await stream.until(3);
      expect(events[2]!.data.body.slice(0, 6)).toBe('$10.00'); // the held copy of the first
      expect(Number(events[2]!.data.id)).toBeLessThan(Number(events[1]!.data.id));
      // The late one's resume point still names the higher one as sent: a reconnect sends neither again.
      expect(events[2]!.id.split('.').slice(1)).toEqual(
        expect.arrayContaining([events[1]!.data.id, events[2]!.data.id]),
      );
    } else {
      // PGlite has one connection: nothing commits out of order; a second one simply follows.
      await topUp(u.client, '20');
      await stream.until(2);
    }
    // Later wake-ups send none of them again.
    await topUp(u.client, '30');
    const all = await stream.until(onPostgres ? 4 : 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(new Set(all.map((e) => e.data.id)).size).toBe(all.length);
    expect(all.at(-1)!.data.body.slice(0, 6)).toBe('$30.00');
    stream.close();
  });

  it('a reconnect also sends one that commits late below the last id it saw, and none twice', async () => {
    const a = await instance();
    const u = await signedInUser(a.app, '10.2.4.1');
    const cookie = u.client.cookies.get(SESSION_COOKIE)!;
    const stream = openStream(a.port, cookie);
    await stream.opened;
    await topUp(u.client, '10');
    await stream.until(1);
    // On PostgreSQL, a notification written by a transaction still open; then a later one is committed and sent,
    // and the stream drops. PGlite has one connection: nothing commits out of order there, so it checks the resume.
    const held = onPostgres ? await database.pool!.connect() : null;
    try {
      await held?.query('begin');
      await held?.query(
        `select notification_add(n.user_id, n.type, n.category, n.params, 'held-resume', now())
         from notifications n where n.user_id = $1 order by n.id desc limit 1`,
        [u.user.id],
      );
      await topUp(u.client, '20');
      const seen = await stream.until(2);
      stream.close();
      const resumed = openStream(a.port, cookie, { 'last-event-id': seen[1]!.id });
      await resumed.opened;
      await held?.query('commit');
      if (held) {
        const late = await resumed.until(1);
        expect(late[0]!.data.body.slice(0, 6)).toBe('$10.00'); // the held copy of the first
        expect(Number(late[0]!.data.id)).toBeLessThan(Number(seen[1]!.data.id));
      }
      await topUp(u.client, '30');
      const all = await resumed.until(held ? 2 : 1);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(all.map((e) => e.data.body.slice(0, 6))).toEqual(held ? ['$10.00', '$30.00'] : ['$30.00']);
      resumed.close();
    } finally {
      held?.release();
    }
  });

  it('sends a user only their own notifications, and refuses the anonymous and admins', async () => {
    const a = await instance();
    const owner = await signedInUser(a.app, '10.2.1.1');
    const other = await signedInUser(a.app, '10.2.1.2');
    const stream = openStream(a.port, other.client.cookies.get(SESSION_COOKIE)!);
    await stream.opened;
    await topUp(owner.client, '10');
    await topUp(other.client, '11');
    const events = await stream.until(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events.map((e) => e.data.body.slice(0, 6))).toEqual(['$11.00']);
    stream.close();

    // A request that does not ask for a stream gets an answer instead of a socket held open.
    const plain = await owner.client.get(NOTIFICATIONS_API.events);
    expect(plain.status).toBe(400);
    // A resume position that is not one this stream writes is refused in words, not opened from somewhere else.
    for (const after of ['abc', '1..2', '-1', '9'.repeat(19)]) {
      const bad = await owner.client.request({
        url: `/api/v1${NOTIFICATIONS_API.events}?after=${after}`,
        headers: { accept: 'text/event-stream' },
      });
      expect(bad.status).toBe(400);
      expect(bad.raw).toContain('Invalid stream position.');
    }
    const anonymous = await new Client(a.app).get(NOTIFICATIONS_API.events);
    expect(anonymous.status).toBe(401);
    const admin = await signedInAdmin(a);
    expect((await admin.client.get(NOTIFICATIONS_API.events)).status).toBe(403);
    // A session that ended opens no stream.
    const cookie = owner.client.cookies.get(SESSION_COOKIE)!;
    expect((await owner.client.post(API.logout)).status).toBe(200);
    const refused = openStream(a.port, cookie);
    expect((await refused.opened).statusCode).toBe(401);
    refused.close();
  });

  it('notifies only users with a stream open: each stream has its row, which goes when the stream ends', async () => {
    const a = await instance();
    const watched = await signedInUser(a.app, '10.2.2.1');
    const unwatched = await signedInUser(a.app, '10.2.2.2');
    const heard: string[] = [];
    const stopListening = await listenRaw((payload) => heard.push(JSON.parse(payload).userId as string));
    const rows = async (userId: string) =>
      (await queryRows(database.db, sql`select 1 from live_listeners where user_id = ${userId}`)).length;
    try {
      const cookie = watched.client.cookies.get(SESSION_COOKIE)!;
      const first = openStream(a.port, cookie);
      const second = openStream(a.port, cookie);
      await Promise.all([first.opened, second.opened]);
      expect(await rows(watched.user.id)).toBe(2);
      await topUp(unwatched.client, '10');
      await topUp(watched.client, '10');
      await first.until(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Only the watched user's notification went through pg_notify, and it woke both of their streams.
      expect(heard).toEqual([watched.user.id]);
      expect((await second.until(1))[0]!.data.type).toBe('deposit.credited');
      expect(await rows(unwatched.user.id)).toBe(0);
      first.close();
      await waitFor(async () => (await rows(watched.user.id)) === 1);
      second.close();
      await waitFor(async () => (await rows(watched.user.id)) === 0);
      await topUp(watched.client, '10');
      expect(heard).toEqual([watched.user.id]);
    } finally {
      await stopListening();
    }
  });
});

/** LISTEN on the notification channel without a live_listeners row: what pg_notify sends, as it is sent. */
async function listenRaw(onPayload: (payload: string) => void): Promise<() => Promise<void>> {
  const driver = (database.db as unknown as { session: { client: unknown } }).session.client;
  if (driver instanceof pg.Pool) {
    const client = new pg.Client(sessionPool(driver).options); // LISTEN needs a session: not through a pooler
    await client.connect();
    client.on('notification', (n) => n.payload && onPayload(n.payload));
    await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
    return () => client.end();
  }
  const pglite = driver as { listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>> };
  return pglite.listen(NOTIFICATION_CHANNEL, onPayload);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
