import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, OPERATOR_API, OPERATOR_MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { ensureFirstAdmin } from '../../src/modules/admin/bootstrap.js';
import { buildTestApp, signedInUser, totpCode, type TestApp } from '../helpers.js';
import { signedInWithRoles } from './operator-kit.js';

const rolesOf = (id: string) => OPERATOR_API.adminRoles.replace(':id', id);

describe('admin roles: grants, revokes and what they allow', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('a superadmin grants and revokes a role, audited; the change holds from the next request', async () => {
    const boss = await signedInWithRoles(t, ['superadmin']);
    const helper = await signedInWithRoles(t, ['support']);

    const denied = await helper.client.get(API.adminOverview);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toEqual({
      code: 'FORBIDDEN',
      message: OPERATOR_MSG.permissionDenied('overview.read'),
      key: 'OPERATOR_MSG.permissionDenied',
      params: ['overview.read'],
    });
    expect((await helper.client.get(OPERATOR_API.me)).body).toMatchObject({ roles: ['support'] });

    const granted = await boss.client.post(rolesOf(helper.id), { role: 'finance', granted: true });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ message: OPERATOR_MSG.roleGranted, admin: { roles: ['finance', 'support'] } });
    expect((await helper.client.get(API.adminOverview)).status).toBe(200);

    const revoked = await boss.client.post(rolesOf(helper.id), { role: 'finance', granted: false });
    expect(revoked.body).toMatchObject({ message: OPERATOR_MSG.roleRevoked, admin: { roles: ['support'] } });
    expect((await helper.client.get(API.adminOverview)).status).toBe(403);

    const again = await boss.client.post(rolesOf(helper.id), { role: 'finance', granted: false });
    expect(again.body.message).toBe(OPERATOR_MSG.roleUnchanged);

    const audit = await queryRows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`select action, actor_id, before, after from audit_log where target_id = ${helper.id} and action like 'admin.role.%' order by id`,
    );
    expect(audit).toEqual([
      {
        action: 'admin.role.grant',
        actor_id: boss.id,
        before: { roles: ['support'] },
        after: { roles: ['finance', 'support'] },
      },
      {
        action: 'admin.role.revoke',
        actor_id: boss.id,
        before: { roles: ['finance', 'support'] },
        after: { roles: ['support'] },
      },
    ]);
  });

  it('only a superadmin changes roles; never to a user account; never the last superadmin away', async () => {
    const boss = await signedInWithRoles(t, ['superadmin']);
    const finance = await signedInWithRoles(t, ['finance']);
    const { user } = await signedInUser(t.app, '10.37.1.1');

    const byFinance = await finance.client.post(rolesOf(finance.id), { role: 'superadmin', granted: true });
    expect(byFinance.status).toBe(403);
    expect(byFinance.body.error.message).toBe(OPERATOR_MSG.permissionDenied('roles.manage'));

    const toUser = await boss.client.post(rolesOf(user.id), { role: 'finance', granted: true });
    expect(toUser.status).toBe(409);
    expect(toUser.body.error.message).toBe(OPERATOR_MSG.notAnAdmin);
    const badRole = await boss.client.post(rolesOf(finance.id), { role: 'owner', granted: true });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.message).toBe(OPERATOR_MSG.unknownRole);
    expect((await boss.client.post(rolesOf('nope'), { role: 'finance', granted: true })).status).toBe(400);

    // Every other superadmin of this database loses the role first, so `boss` is the last one.
    await t.database.db.execute(sql`delete from admin_roles where role = 'superadmin' and user_id <> ${boss.id}`);
    const last = await boss.client.post(rolesOf(boss.id), { role: 'superadmin', granted: false });
    expect(last.status).toBe(409);
    expect(last.body.error.message).toBe(OPERATOR_MSG.lastSuperadmin);
    expect((await boss.client.post(rolesOf(finance.id), { role: 'superadmin', granted: true })).status).toBe(200);
    expect((await boss.client.post(rolesOf(boss.id), { role: 'superadmin', granted: false })).status).toBe(200);
    expect((await boss.client.get(OPERATOR_API.admins)).status).toBe(403);
  });

  it('asks for a fresh second factor before a role change, as for other sensitive admin changes', async () => {
    const boss = await signedInWithRoles(t, ['superadmin']);
    const other = await signedInWithRoles(t, ['compliance']);
    t.clock.advance(5 * 60_000 + 1000);
    const stale = await boss.client.post(rolesOf(other.id), { role: 'finance', granted: true });
    expect(stale.status).toBe(403);
    expect(stale.body.error).toMatchObject({ code: 'REAUTH_REQUIRED', message: MSG.totp.reauthRequired });
    expect(
      (await boss.client.get(OPERATOR_API.admins)).body.admins.find((a: { id: string }) => a.id === other.id),
    ).toMatchObject({ roles: ['compliance'] });
    expect((await boss.client.post(API.adminReauth, { code: totpCode(t, boss.secret!) })).status).toBe(200);
    expect((await boss.client.post(rolesOf(other.id), { role: 'finance', granted: true })).status).toBe(200);
  });

  it('makes every existing admin a superadmin on upgrade, and the first admin one from the start', async () => {
    const migration = readFileSync(new URL('../../drizzle/0042_operator_controls.sql', import.meta.url), 'utf8');
    const upgrade = migration.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO "admin_roles"'))!;
    const [old] = await queryRows<{ id: string }>(
      t.database.db,
      sql`insert into users (email, username, wallet_address, password_hash, role, created_at, updated_at)
          values ('old-admin@example.com', 'old_admin', '0x', 'x', 'admin', now(), now()) returning id`,
    );
    await t.database.db.execute(
      sql.raw(upgrade.replace(/"role" = 'admin'/, `"role" = 'admin' and "id" = '${old!.id}'`)),
    );
    expect(await t.app.operator.roles.me(old!.id)).toMatchObject({ roles: ['superadmin'] });

    await t.database.db.execute(sql`update users set role = 'user' where role = 'admin'`);
    const first = await ensureFirstAdmin(t.database.db, t.clock, {
      ...t.config,
      ADMIN_EMAIL: 'first@example.com',
      ADMIN_PASSWORD: 'first-password-123',
    });
    expect(first.created).toBe(true);
    const [row] = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from users where email = 'first@example.com'`,
    );
    expect((await t.app.operator.roles.me(row!.id)).permissions).toContain('roles.manage');
  });
});
