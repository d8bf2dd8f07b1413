import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers.js';
import {
  concretePath,
  freshCallers,
  mayPass,
  probe,
  rawProbe,
  reviewedAccessTable,
  routerRoutes,
  unusualSpellings,
  type CallerName,
} from './route-kit.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const reviewed = reviewedAccessTable();
/** Logout ends the caller's session, so it is probed last. */
const byLogoutLast = <T extends { url: string }>(routes: T[]) =>
  [...routes].sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));

describe('authorization matrix over every route', () => {
  it('the router holds exactly the reviewed routes, each with its reviewed access rule', () => {
    expect(routerRoutes(t.app)).toHaveLength(reviewed.length);
    for (const route of reviewed) expect(t.app.hasRoute(route), `${route.method} ${route.url}`).toBe(true);
    expect(t.app.routeTable.length).toBe(reviewed.length);
    const declared = t.app.routeTable.map((r) => `${r.method} ${r.url} ${r.access}`).sort();
    expect(declared).toEqual(reviewed.map((r) => `${r.method} ${r.url} ${r.access}`).sort());
  });

  it('lets each role reach exactly the routes the reviewed table allows', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    const { callers } = await freshCallers(t);
    for (const route of byLogoutLast(reviewed)) {
      for (const [name, client] of Object.entries(callers) as [CallerName, (typeof callers)['user']][]) {
        const res = await probe(client, route.method, concretePath(route.url));
        const allowed = mayPass(route.access, name);
        const deniedByAccess =
          (res.status === 401 || res.status === 403) &&
          ['UNAUTHENTICATED', 'FORBIDDEN'].includes(res.body?.error?.code);
        if (allowed && deniedByAccess) failures.push(`${name} refused at ${route.method} ${route.url}`);
        if (!allowed && !deniedByAccess) failures.push(`${name} reached ${route.method} ${route.url} (${res.status})`);
        if (res.status >= 500) failures.push(`${name} got ${res.status} at ${route.method} ${route.url}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(
    'refuses every unusual spelling of every route, for every caller: 0 successes, 0 5xx',
    { timeout: 300_000 },
    async () => {
      const failures: string[] = [];
      let probes = 0;
      const { callers } = await freshCallers(t);
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (t.app.server.address() as AddressInfo).port;
      for (const route of byLogoutLast(reviewed)) {
        for (const spelled of unusualSpellings(concretePath(route.url))) {
          for (const [name, client] of Object.entries(callers)) {
            const res = await rawProbe(port, client, route.method, spelled);
            probes += 1;
            if (res.status < 400 || res.status >= 500)
              failures.push(`${name} ${route.method} ${spelled} → ${res.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(probes).toBeGreaterThan(reviewed.length * 4 * 10);
    },
  );

  it('answers the reported spellings of the admin API as refusals, not data', async () => {
    const { callers } = await freshCallers(t);
    for (const url of [
      '/%61pi/v1/admin/users',
      '/ap%69/v1/admin/overview',
      '/api/v%31/admin/audit',
      '/api%2Fv1/admin/datasets',
      '/api/v1/admin/%75sers/lookup?email=a@example.com',
      '/api/v1/admin/tickets/',
    ]) {
      const res = await callers.anonymous.request({ method: 'GET', url });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.raw).not.toContain('@example.com"');
    }
    const write = await callers.anonymous.request({ method: 'POST', url: '/%61pi/v1/staking/transfer', payload: {} });
    expect(write.status).toBe(400);
  });

  it("never shows one user another user's e-mail", async () => {
    const { callers, userEmail } = await freshCallers(t);
    const res = await callers.otherUser.get('/me');
    expect(res.raw).not.toContain(userEmail);
  });
});
