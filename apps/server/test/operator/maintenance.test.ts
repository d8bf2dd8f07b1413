import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, OPERATOR_API, OPERATOR_MSG } from '@svp/shared';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { OPEN_DURING_MAINTENANCE } from '../../src/modules/operator/maintenance.service.js';
import { buildTestApp, Client, signedInUser, topUp, type TestApp } from '../helpers.js';
import { concretePath, probe } from '../http/route-kit.js';
import { roundTripsOf } from '../round-trips.js';
import { signedInWithRoles } from './operator-kit.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MESSAGE = 'Upgrading the ledger until 03:00 UTC. Your money is safe.';

describe('maintenance mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it("refuses users' writes with 503 and Retry-After, keeps reads, sign-in and the console going, and is audited", async () => {
    const boss = await signedInWithRoles(t, ['superadmin']);
    const finance = await signedInWithRoles(t, ['finance']);
    const investor = await signedInUser(t.app, '10.37.2.1');
    await topUp(investor.client, '100');

    expect((await finance.client.post(OPERATOR_API.maintenanceSet, { active: true })).status).toBe(403);
    const on = await boss.client.post(OPERATOR_API.maintenanceSet, {
      active: true,
      message: MESSAGE,
      retryAfterMinutes: 10,
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ message: OPERATOR_MSG.maintenanceOn, state: { active: true, message: MESSAGE } });

    const anonymous = new Client(t.app, '10.37.2.9');
    expect((await anonymous.get(OPERATOR_API.maintenance)).body).toMatchObject({
      active: true,
      message: MESSAGE,
      retryAfterSeconds: 600,
    });

    // Money writes of every kind: an ordinary route, and routes whose session is checked in their own statement.
    for (const [path, body] of [
      [API.topup, { amount: '50' }],
      [API.investments, { plan: 'Gold', duration: 45, amount: '50' }],
      [API.stakingConvert, { amount: '1' }],
      [API.withdrawals, { kind: 'earnings' }],
      [API.rewardsDaily, {}],
    ] as const) {
      const res = await investor.client.post(path, body);
      expect(res.status, path).toBe(503);
      expect(res.body.error, path).toEqual({ code: 'MAINTENANCE', message: MESSAGE });
      expect(res.headers['retry-after'], path).toBe('600');
    }
    // Nobody signed in is still told to sign in first.
    expect((await anonymous.post(API.topup, { amount: '50' })).status).toBe(401);

    expect((await investor.client.get(API.me)).status).toBe(200);
    expect((await investor.client.get(API.history)).status).toBe(200);
    const again = new Client(t.app, '10.37.2.1');
    expect((await again.post(API.login, { email: investor.email, password: investor.password })).status).toBe(200);
    expect((await investor.client.post(API.tickets, { subject: 'Down?', message: 'Is it down?' })).status).toBe(200);
    expect((await boss.client.get(API.adminOverview)).status).toBe(200);

    const off = await boss.client.post(OPERATOR_API.maintenanceSet, { active: false });
    expect(off.body).toMatchObject({ message: OPERATOR_MSG.maintenanceOff, state: { active: false } });
    expect((await investor.client.post(API.topup, { amount: '50' })).status).toBe(200);

    const audit = (await boss.client.get(API.adminAudit)).body.entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(expect.arrayContaining(['maintenance.on', 'maintenance.off']));
  });

  it('holds every user write the router has, except the listed account-security, bell and support routes', async () => {
    const boss = await signedInWithRoles(t, ['superadmin']);
    const investor = await signedInUser(t.app, '10.37.2.2');
    const userWrites = t.app.routeTable.filter((r) => r.access === 'user' && UNSAFE.has(r.method));
    const names = new Set(userWrites.map((r) => `${r.method} ${r.url}`));
    for (const open of OPEN_DURING_MAINTENANCE) expect(names.has(open), `${open} is a user write`).toBe(true);

    await boss.client.post(OPERATOR_API.maintenanceSet, { active: true });
    const failures: string[] = [];
    for (const route of userWrites) {
      if (OPEN_DURING_MAINTENANCE.has(`${route.method} ${route.url}`)) continue;
      const res = await probe(investor.client, route.method, concretePath(route.url));
      if (res.status !== 503 || res.body?.error?.message !== OPERATOR_MSG.maintenanceDefault)
        failures.push(`${route.method} ${route.url}: ${res.status}`);
    }
    await boss.client.post(OPERATOR_API.maintenanceSet, { active: false });
    expect(failures).toEqual([]);
    expect(userWrites.length - OPEN_DURING_MAINTENANCE.size).toBeGreaterThan(15);
  });

  it('answers a bad switch with a 400, never a 500', async () => {
    const boss = await signedInWithRoles(t, ['superadmin']);
    for (const body of [
      {},
      { active: 'yes' },
      { active: true, message: 'x'.repeat(501) },
      { active: true, retryAfterMinutes: 0 },
    ]) {
      expect((await boss.client.post(OPERATOR_API.maintenanceSet, body)).status).toBe(400);
    }
  });
});

describe('the switch on every instance', () => {
  let t: TestApp;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await buildTestApp();
    // A second instance on the same database, as behind a load balancer.
    other = await buildApp({ config: t.config, db: t.database.db, relaxed: t.database.relaxed, clock: t.clock });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("costs a user's write no query, however long since the last, and reaches the other instance at its commit", async () => {
    const boss = await signedInWithRoles(t, ['superadmin']);
    const investor = await signedInUser(t.app, '10.37.3.1');
    // A write refused by its schema passes the switch first; what it costs must not depend on the time since the
    // last request (the switch was read on a request once a second, which broke the one-round-trip writes).
    const write = () => investor.client.post(API.investments, { plan: 'Nope' });
    await write();
    const warm = await roundTripsOf(t.database, write);
    await sleep(1_100);
    expect(await roundTripsOf(t.database, write)).toBe(warm);

    expect((await boss.client.post(OPERATOR_API.maintenanceSet, { active: true })).status).toBe(200);
    // The other instance hears it: its copy turns on without a read of its own (the notification's read aside).
    let heard = false;
    for (let attempt = 0; attempt < 100 && !heard; attempt++) {
      let active = false;
      const trips = await roundTripsOf(t.database, async () => {
        active = (await other.operator.maintenance.current()).active;
      });
      heard = active && trips === 0;
      if (!heard) await sleep(20);
    }
    expect(heard).toBe(true);
    expect((await investor.client.post(API.topup, { amount: '50' })).status).toBe(503);
    await boss.client.post(OPERATOR_API.maintenanceSet, { active: false });
    expect((await investor.client.post(API.topup, { amount: '50' })).status).toBe(200);
  });
});
