// Zod-free on purpose: the access check and the admin console's navigation read these on every request/screen.
/**
 * Operator controls (DESIGN D18): what an admin may do is a set of permissions, granted through roles.
 * This file is the one source of truth: the server's access check (apps/server/src/http/access.ts) enforces the
 * permission each admin route declares, and the console shows only what the admin's permissions allow.
 */
export const PERMISSIONS = [
  /** Reach the console at all: the admin's own permissions, the second-factor step-up. Every role has it. */
  'console.use',
  'overview.read',
  /** User look-up, lists and data sets, a user's two-factor status: reading, no change. */
  'users.read',
  /** Any change to a user's record (fields, contact, data set rows, two-factor reset). */
  'users.edit',
  'adjustments.post',
  'withdrawals.read',
  'withdrawals.decide',
  /** A user's own daily and monthly withdrawal caps (ADR 0044). */
  'withdrawals.limits',
  'deposits.read',
  'treasury.read',
  'treasury.operate',
  'tickets.read',
  'tickets.reply',
  'audit.read',
  'outbox.read',
  'roles.read',
  'roles.manage',
  'maintenance.manage',
  'announcements.read',
  'announcements.send',
  'exports.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ADMIN_ROLES = ['superadmin', 'finance', 'support', 'compliance'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

const READ_EVERYTHING: Permission[] = PERMISSIONS.filter((p) => p.endsWith('.read'));

/** What each role may do. An admin holds the union of their roles' permissions. */
export const ROLE_PERMISSIONS: Record<AdminRole, readonly Permission[]> = {
  superadmin: PERMISSIONS,
  finance: [
    'console.use',
    'overview.read',
    'users.read',
    'adjustments.post',
    'withdrawals.read',
    'withdrawals.decide',
    'withdrawals.limits',
    'deposits.read',
    'treasury.read',
    'treasury.operate',
    'exports.read',
  ],
  // Tickets and looking users up; no change to a record or a balance.
  support: [
    'console.use',
    'users.read',
    'tickets.read',
    'tickets.reply',
    'outbox.read',
    'announcements.read',
    'announcements.send',
  ],
  // Read-only everything, the audit log and the accounting exports.
  compliance: ['console.use', ...READ_EVERYTHING],
};

export const ADMIN_ROLE_LABELS = {
  superadmin: 'Superadmin: everything, including roles and maintenance',
  finance: 'Finance: withdrawals, treasury, balance adjustments, exports',
  support: 'Support: tickets, user look-up, announcements',
  compliance: 'Compliance: read-only everything, audit log, exports',
} as const satisfies Record<AdminRole, string>;

/** The permissions a set of roles gives. */
export function permissionsOfRoles(roles: readonly string[]): Set<Permission> {
  const out = new Set<Permission>();
  for (const role of roles) {
    if ((ADMIN_ROLES as readonly string[]).includes(role))
      for (const p of ROLE_PERMISSIONS[role as AdminRole]) out.add(p);
  }
  return out;
}

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
