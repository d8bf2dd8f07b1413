import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLES, OPERATOR_MSG, ROLE_PERMISSIONS, type AdminRole, type Permission } from '@svp/shared';
import { buildTestApp, type TestApp } from '../helpers.js';
import { concretePath, probe, routerRoutes } from '../http/route-kit.js';
import { signedInWithRoles } from './operator-kit.js';

/*
 * Every admin route × every role, both ways (DESIGN D18): generated from the routes the app registered (its access
 * hook's table, counted against the router's own print-out), so a new admin route is in this matrix the moment it
 * exists, and it cannot start without a permission (http/access.ts).
 */
describe('admin permissions: every admin route against every role', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const adminRoutes = () => t.app.routeTable.filter((r) => r.access === 'admin');

  it('knows every route the router holds, and each admin route declares the permission the reviewed table lists', () => {
    expect(t.app.routeTable).toHaveLength(routerRoutes(t.app).length);
    const listed = reviewedPermissions();
    expect(listed.size).toBe(t.app.routeTable.length);
    for (const route of t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      expect(listed.has(key), key).toBe(true);
      expect(listed.get(key), key).toBe(route.permission ?? null);
      if (route.access === 'admin') expect(route.permission, key).toBeTruthy();
    }
    expect(adminRoutes().length).toBeGreaterThan(30);
  });

  it(
    'lets each role through exactly the admin routes its permissions name, and refuses the rest with 403',
    { timeout: 300_000 },
    async () => {
      const failures: string[] = [];
      const callers = [...ADMIN_ROLES.map((role) => [role]), []] as AdminRole[][];
      for (const roles of callers) {
        const admin = await signedInWithRoles(t, roles);
        const held = new Set<Permission>(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
        const name = roles.join('+') || 'no role';
        for (const route of adminRoutes()) {
          const res = await probe(admin.client, route.method, concretePath(route.url));
          const refused = res.status === 403 && res.body?.error?.code === 'FORBIDDEN';
          if (held.has(route.permission!)) {
            if (refused) failures.push(`${name} refused at ${route.method} ${route.url}`);
          } else if (!refused) {
            failures.push(`${name} reached ${route.method} ${route.url} (${res.status})`);
          } else if (res.body.error.message !== OPERATOR_MSG.permissionDenied(route.permission!)) {
            failures.push(`${name} at ${route.method} ${route.url}: "${res.body.error.message}"`);
          }
          if (res.status >= 500) failures.push(`${name} got ${res.status} at ${route.method} ${route.url}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );
});

/** The reviewed access table's permission column (test/http/access-table.txt): null on a route that needs none. */
function reviewedPermissions(): Map<string, string | null> {
  const text = readFileSync(new URL('../http/access-table.txt', import.meta.url), 'utf8');
  const out = new Map<string, string | null>();
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [method, url, , permission] = line.trim().split(/\s+/);
    out.set(`${method} ${url}`, permission ?? null);
  }
  return out;
}
