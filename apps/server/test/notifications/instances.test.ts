import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { createClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { Database } from '../../src/db/client.js';
import { MAIL_LEASE_MS } from '../../src/modules/mail/delivery-policy.js';
import { createTestDatabase, signedInUser, TEST_EPOCH, topUp } from '../helpers.js';
import { startSmtp } from '../smtp.js';
import { notificationMails } from './support.js';

// Exactly once across two app instances on one database (PostgreSQL when DATABASE_URL is set), and across a crash
// between the event's commit and the e-mail, or between the claim and the send.
let database: Database;
let drop: () => Promise<void>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const apps: FastifyInstance[] = [];
const suiteStart = Date.now();

async function instance() {
  const config = loadConfig({
    NODE_ENV: 'test',
    ALLOW_TEST_CLOCK: '1',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    SMTP_URL: smtp.url,
  });
  // One time for every instance, as servers with synchronised clocks have.
  const clock = createClock(() => TEST_EPOCH + (Date.now() - suiteStart));
  const app = await buildApp({ config, db: database.db, relaxed: database.relaxed, clock });
  await app.ready();
  apps.push(app);
  return { app, clock };
}

beforeAll(async () => {
  smtp = await startSmtp();
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined);
  await drop();
  await smtp.close();
});

const depositMails = (address: string) => smtp.to(address).filter((m) => m.data.includes('Deposit credited'));

describe('notification e-mails with two instances', () => {
  it('two jobs running at once send each mail once', async () => {
    const a = await instance();
    const b = await instance();
    const users = [];
    for (let i = 0; i < 6; i++) {
      const u = await signedInUser(i % 2 ? a.app : b.app, `10.1.0.${i + 1}`);
      await topUp(u.client, '10');
      await topUp(u.client, '20');
      users.push(u);
    }
    await Promise.all([
      a.app.services.notifications.mailJob.runOnce(),
      b.app.services.notifications.mailJob.runOnce(),
      a.app.services.notifications.mailJob.runOnce(),
      b.app.services.notifications.mailJob.runOnce(),
    ]);
    for (const u of users) {
      expect(depositMails(u.email)).toHaveLength(2);
      expect((await notificationMails({ database } as never, u.user.id)).map((m) => [m.status, m.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
      ]);
    }
  });

  it('a crash between the commit and the send: the next instance sends it, once', async () => {
    const a = await instance();
    const u = await signedInUser(a.app, '10.1.1.1');
    await topUp(u.client, '10'); // committed with its queued mail; instance A dies before its job runs
    await a.app.close();
    const b = await instance();
    await b.app.services.notifications.mailJob.runOnce();
    await b.app.services.notifications.mailJob.runOnce();
    expect(depositMails(u.email)).toHaveLength(1);
  });

  it('a crash after the claim and before the send: sent once when the lease runs out', async () => {
    const a = await instance();
    const b = await instance();
    const u = await signedInUser(a.app, '10.1.2.1');
    await topUp(u.client, '10');
    // Instance A claims the mail, then hangs in SMTP as a dying process would; it never sends or marks it.
    let claimed!: () => void;
    const reached = new Promise<void>((resolve) => (claimed = resolve));
    a.app.services.mailer.transmit = () => {
      claimed();
      return new Promise<boolean>(() => undefined);
    };
    void a.app.services.notifications.mailJob.runOnce();
    await reached;
    expect((await notificationMails({ database } as never, u.user.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
    });
    // Instance B leaves it alone while A's lease holds...
    await b.app.services.notifications.mailJob.runOnce();
    expect(depositMails(u.email)).toHaveLength(0);
    // ...and sends it once the lease has run out.
    b.clock.advance(MAIL_LEASE_MS + 1000);
    await b.app.services.notifications.mailJob.runOnce();
    await b.app.services.notifications.mailJob.runOnce();
    expect(depositMails(u.email)).toHaveLength(1);
    expect((await notificationMails({ database } as never, u.user.id))[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
  });
});
