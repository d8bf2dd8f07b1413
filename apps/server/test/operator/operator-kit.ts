import type { AdminRole } from '@svp/shared';
import { adminSignIn, Client, createAdmin, uniqueEmail, type TestApp } from '../helpers.js';

let ip = 0;
/** A signed-in admin holding exactly `roles` (none: an admin account whose roles were all taken away). */
export async function signedInWithRoles(t: TestApp, roles: AdminRole[]) {
  const admin: { id: string; email: string; password: string; secret?: string } = await createAdmin(
    t,
    uniqueEmail('op'),
    'admin-password-123',
    roles,
  );
  const client = new Client(t.app, `10.37.0.${++ip}`);
  await adminSignIn(t, client, admin);
  return Object.assign(admin, { client });
}
