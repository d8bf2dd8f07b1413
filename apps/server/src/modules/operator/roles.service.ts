import { MSG, OPERATOR_MSG, permissionsOfRoles, type AdminRole, type Permission } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { AppError, errors } from '../../http/errors.js';
import type { SignedInActor } from '../../http/session.js';
import { REAUTH_WINDOW_MS } from '../admin/admin-users.service.js';
import type { AuditLog } from '../audit/audit.js';
import { rolesRepository as repo, type AdminWithRoles } from './roles.repository.js';

/**
 * Admin roles (DESIGN D18): who holds which, read on every admin request (no cache, so a revoke takes effect at
 * the admin's next request), and a superadmin's grants and revokes, each audited and behind a fresh second factor.
 */
export function createRolesService(deps: { db: Db; clock: Clock; audit: AuditLog }) {
  const { db, clock, audit } = deps;

  /** A sensitive operator change needs the second factor proven on this session in the last few minutes. */
  function requireFreshFactor(actor: SignedInActor) {
    const fresh = actor.verifiedAt !== null && clock.now().getTime() - actor.verifiedAt <= REAUTH_WINDOW_MS;
    if (!fresh) throw new AppError('REAUTH_REQUIRED', MSG.totp.reauthRequired);
  }

  return {
    requireFreshFactor,

    async permissionsOf(userId: string): Promise<ReadonlySet<Permission>> {
      return permissionsOfRoles(await repo.rolesOf(db, userId));
    },

    async permissionsOfSession(tokenHash: string): Promise<ReadonlySet<Permission> | null> {
      const roles = await repo.rolesOfSession(db, tokenHash, clock.now());
      return roles === null ? null : permissionsOfRoles(roles);
    },

    async me(userId: string) {
      const roles = await repo.rolesOf(db, userId);
      return { roles, permissions: [...permissionsOfRoles(roles)].sort() };
    },

    async list() {
      return { admins: await repo.admins(db) };
    },

    /** Grants or revokes one role. The last active superadmin's role cannot be revoked (nobody could grant again). */
    async change(actor: SignedInActor, userId: string, role: AdminRole, granted: boolean) {
      requireFreshFactor(actor);
      return audit.change(async (tx, record) => {
        const target = await repo.lockAdmin(tx, userId);
        if (!target) throw errors.notFound(MSG.admin.notFound);
        if (target.role !== 'admin') throw new AppError('CONFLICT', OPERATOR_MSG.notAnAdmin);
        let changed: boolean;
        if (granted) {
          changed = await repo.grant(tx, userId, role, actor.userId, clock.now());
        } else {
          if (role === 'superadmin') {
            const superadmins = await repo.lockSuperadmins(tx);
            if (superadmins.includes(userId) && superadmins.length === 1)
              throw new AppError('CONFLICT', OPERATOR_MSG.lastSuperadmin);
          }
          changed = await repo.revoke(tx, userId, role);
        }
        const admin = (await repo.admins(tx)).find((a) => a.id === userId) as AdminWithRoles;
        if (changed) {
          await record({
            actorId: actor.userId,
            action: granted ? 'admin.role.grant' : 'admin.role.revoke',
            targetType: 'user',
            targetId: userId,
            before: { roles: granted ? admin.roles.filter((r) => r !== role) : [...admin.roles, role].sort() },
            after: { roles: admin.roles },
            ip: actor.ip,
          });
        }
        const message = !changed
          ? OPERATOR_MSG.roleUnchanged
          : granted
            ? OPERATOR_MSG.roleGranted
            : OPERATOR_MSG.roleRevoked;
        return { success: true as const, message, admin };
      }, actor.claim);
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
