import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATIONS_API, SESSION_COOKIE } from '@svp/shared';
import { buildApp } from '../../src/app.js';
import { createClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { queryRows, type Database } from '../../src/db/client.js';
import { MAX_STREAMS_PER_USER } from '../../src/modules/events/events.routes.js';
import { createTestDatabase, signedInUser, TEST_EPOCH } from '../helpers.js';

// The cap on a user's live streams counts them on every instance sharing the database, and concurrent opens
// cannot pass it together. Run on PostgreSQL (DATABASE_URL) to race real connections; PGlite has one.
let database: Database;
let drop: () => Promise<void>;
const apps: FastifyInstance[] = [];

async function instance() {
  const config = loadConfig({ NODE_ENV: 'test', ALLOW_TEST_CLOCK: '1', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const started = Date.now();
  const clock = createClock(() => TEST_EPOCH + (Date.now() - started));
  const app = await buildApp({ config, db: database.db, relaxed: database.relaxed, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  return { app, port: (app.server.address() as { port: number }).port };
}

/** Opens GET /events over a real socket; resolves with the status, and the request to close it with. */
function open(port: number, cookie: string) {
  const request = http.get({
    host: '127.0.0.1',
    port,
    path: `/api/v1${NOTIFICATIONS_API.events}`,
    headers: { cookie: `${SESSION_COOKIE}=${cookie}`, accept: 'text/event-stream' },
  });
  return new Promise<{ status: number; close: () => void }>((resolve, reject) => {
    request.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode!, close: () => request.destroy() });
    });
    request.on('error', reject);
  });
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await drop();
});

describe('the cap on live streams', () => {
  it('lets exactly 10 of 14 concurrent opens through, across two instances; a closed one frees its place', async () => {
    const [a, b] = [await instance(), await instance()];
    const owner = await signedInUser(a.app, '10.73.0.1');
    const cookie = owner.client.cookies.get(SESSION_COOKIE)!;
    const opened = await Promise.all(Array.from({ length: 14 }, (_, i) => open(i % 2 ? b.port : a.port, cookie)));
    const statuses = opened.map((o) => o.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MAX_STREAMS_PER_USER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14 - MAX_STREAMS_PER_USER);
    const rows = async () =>
      (await queryRows(database.db, sql`select 1 from live_listeners where user_id = ${owner.user.id}`)).length;
    expect(await rows()).toBe(MAX_STREAMS_PER_USER);

    // One stream ends: its row goes, and one more may open (on either instance), but not two.
    const live = opened.filter((o) => o.status === 200);
    live[0]!.close();
    while ((await rows()) > MAX_STREAMS_PER_USER - 1) await new Promise((resolve) => setTimeout(resolve, 20));
    const [again, over] = [await open(b.port, cookie), await open(a.port, cookie)];
    expect([again.status, over.status]).toEqual([200, 429]);
    for (const o of [...live, again]) o.close();
  });
});
