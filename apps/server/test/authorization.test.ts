import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, Client, signedInAdmin, signedInUser, type TestApp } from './helpers.js';

let t: TestApp;
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** Fresh signed-in callers for each route, so a route that ends a session (logout) cannot skew the next. */
async function freshCallers() {
  const user = await signedInUser(t.app, `10.7.0.${++ip}`);
  const other = await signedInUser(t.app, `10.7.0.${++ip}`);
  const admin = await signedInAdmin(t, `10.7.0.${++ip}`);
  return {
    callers: {
      anonymous: new Client(t.app, `10.7.0.${++ip}`),
      user: user.client,
      otherUser: other.client,
      admin: admin.client,
    },
    userEmail: user.email,
  };
}

/** A body that passes no schema: the matrix checks who gets past access control, not what happens next. */
const probe = (client: Client, method: string, url: string) =>
  client.request({
    method: method as 'GET',
    url: url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
    payload: method === 'GET' ? undefined : {},
  });

describe('authorization matrix over every API route', () => {
  it('covers every route (the table is built from the registered routes)', () => {
    expect(t.app.routeTable.length).toBeGreaterThanOrEqual(9);
  });

  it('lets each role reach exactly the routes its access rule allows', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    // One set of callers; logout ends the caller's session, so it is probed last.
    const { callers } = await freshCallers();
    const routes = [...t.app.routeTable].sort(
      (a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')),
    );
    for (const route of routes) {
      for (const [name, client] of Object.entries(callers)) {
        const res = await probe(client, route.method, route.url);
        const role = name === 'anonymous' ? null : name === 'admin' ? 'admin' : 'user';
        const allowed =
          route.access === 'public' ||
          (route.access === 'authenticated' && role !== null) ||
          (route.access === 'admin-mfa' && role === 'admin') ||
          route.access === role;
        const denied = res.status === 401 || res.status === 403;
        const deniedByAccess = denied && ['UNAUTHENTICATED', 'FORBIDDEN'].includes(res.body?.error?.code);
        if (allowed && deniedByAccess) failures.push(`${name} refused at ${route.method} ${route.url}`);
        if (!allowed && !deniedByAccess) failures.push(`${name} reached ${route.method} ${route.url} (${res.status})`);
        if (res.status >= 500) failures.push(`${name} got ${res.status} at ${route.method} ${route.url}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("never shows one user another user's e-mail", async () => {
    const { callers, userEmail } = await freshCallers();
    const res = await callers.otherUser.get('/me');
    expect(res.raw).not.toContain(userEmail);
  });
});
