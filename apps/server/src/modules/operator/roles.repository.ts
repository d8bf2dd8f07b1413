import { and, asc, eq, sql } from 'drizzle-orm';
import type { AdminRole } from '@svp/shared';
import { queryRows, type Db } from '../../db/client.js';
import type { Tx } from '../../db/transaction.js';
import { adminRoles, users } from '../../db/schema.js';

export interface AdminWithRoles {
  id: string;
  email: string;
  username: string;
  disabled: boolean;
  roles: AdminRole[];
}

/** Queries only: admin roles (DESIGN D18). */
export const rolesRepository = {
  /** The roles of an admin account; none for a user account, whatever rows it kept from an earlier admin life. */
  async rolesOf(db: Db, userId: string): Promise<AdminRole[]> {
    const rows = await db
      .select({ role: adminRoles.role })
      .from(adminRoles)
      .innerJoin(users, eq(users.id, adminRoles.userId))
      .where(and(eq(adminRoles.userId, userId), eq(users.role, 'admin')));
    return rows.map((r) => r.role);
  },

  /** The roles of the admin whose signed-in, unexpired session has this token hash; null when there is none. */
  async rolesOfSession(db: Db, tokenHash: string, now: Date): Promise<AdminRole[] | null> {
    const [row] = await queryRows<{ roles: AdminRole[] }>(
      db,
      sql`select coalesce(array_agg(r.role) filter (where r.role is not null), '{}') as roles
          from sessions s join users u on u.id = s.user_id left join admin_roles r on r.user_id = u.id
          where s.token_hash = ${tokenHash} and s.role = 'admin' and s.mfa = 'done'
            and s.expires_at > ${now.toISOString()}::timestamptz and u.role = 'admin' and not u.disabled
          group by u.id`,
    );
    return row ? row.roles : null;
  },

  async admins(db: Db | Tx): Promise<AdminWithRoles[]> {
    const rows = await db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        disabled: users.disabled,
        roles: sql<AdminRole[]>`coalesce(array_agg(${adminRoles.role} order by ${adminRoles.role})
          filter (where ${adminRoles.role} is not null), '{}')`,
      })
      .from(users)
      .leftJoin(adminRoles, eq(adminRoles.userId, users.id))
      .where(eq(users.role, 'admin'))
      .groupBy(users.id)
      .orderBy(asc(users.createdAt), asc(users.id));
    return rows;
  },

  /** The admin's row, locked: a grant and a revoke of the same admin take turns. */
  async lockAdmin(tx: Tx, userId: string) {
    const [row] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    return row ?? null;
  },

  /**
   * Every superadmin's row locked, in id order (one order for every revoke): two admins revoking each other's
   * superadmin at once cannot both see the other one left.
   */
  async lockSuperadmins(tx: Tx): Promise<string[]> {
    const rows = await tx
      .select({ userId: adminRoles.userId })
      .from(adminRoles)
      .innerJoin(users, eq(users.id, adminRoles.userId))
      .where(and(eq(adminRoles.role, 'superadmin'), eq(users.role, 'admin'), eq(users.disabled, false)))
      .orderBy(asc(adminRoles.userId))
      .for('update', { of: adminRoles });
    return rows.map((r) => r.userId);
  },

  async grant(tx: Tx, userId: string, role: AdminRole, by: string | null, now: Date): Promise<boolean> {
    const rows = await tx
      .insert(adminRoles)
      .values({ userId, role, grantedBy: by, grantedAt: now })
      .onConflictDoNothing()
      .returning({ role: adminRoles.role });
    return rows.length === 1;
  },

  async revoke(tx: Tx, userId: string, role: AdminRole): Promise<boolean> {
    const rows = await tx
      .delete(adminRoles)
      .where(and(eq(adminRoles.userId, userId), eq(adminRoles.role, role)))
      .returning({ role: adminRoles.role });
    return rows.length === 1;
  },
};
