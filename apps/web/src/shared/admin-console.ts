import { msg } from '@lingui/core/macro';
import { OPERATOR_API, type OperatorMe, type Permission } from '@svp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { apiGet, serverAnswer } from '../lib/api';
import { adminKeys } from './query-keys';

/**
 * What each admin console screen needs (DESIGN D18): the console shows a screen's button and the screen itself only
 * to an admin who holds it. The server refuses the requests anyway; this keeps the console to what the role may use.
 */
export const CONSOLE_PATH_PERMISSIONS: Record<string, Permission> = {
  referrals: 'users.read',
  withdrawals: 'withdrawals.read',
  users: 'users.read',
  tickets: 'tickets.read',
  overview: 'overview.read',
  audit: 'audit.read',
  deposits: 'deposits.read',
  outbox: 'outbox.read',
  treasury: 'treasury.read',
  'operator/roles': 'roles.read',
  'operator/maintenance': 'maintenance.manage',
  'operator/announcements': 'announcements.read',
  'operator/exports': 'exports.read',
};

/** The permission the console screen at `pathname` needs, or null (the settings page, an unknown path). */
export function permissionForPath(pathname: string): Permission | null {
  const rest = pathname.replace(/^\/dashadmin\/?/, '').replace(/\/$/, '');
  return CONSOLE_PATH_PERMISSIONS[rest] ?? null;
}

/** The operator screens' links, in the order the settings page shows them; each label translatable (`i18n._`). */
export const OPERATOR_LINKS = [
  { path: 'operator/roles', label: msg`Admin roles` },
  { path: 'operator/maintenance', label: msg`Maintenance` },
  { path: 'operator/announcements', label: msg`Announcements` },
  { path: 'operator/exports', label: msg`Exports` },
] as const;

/**
 * The operator screens (features/operator) are reached inside the console's frame; the frame (features/admin) may not
 * import another feature, so the composition root (main.tsx) hands it their lazy component here.
 */
let operatorScreens: LazyExoticComponent<ComponentType> | null = null;
export function provideOperatorScreens(load: () => Promise<{ default: ComponentType }>): void {
  operatorScreens = lazy(load);
}
export const operatorScreensComponent = () => operatorScreens;

/** GET /admin/operator/me: the signed-in admin's roles and permissions, which decide what the console shows. */
export const operatorMeQueryOptions = queryOptions({
  queryKey: [...adminKeys.all, 'operator', 'me'] as const,
  // The server's response schema shaped the answer: checking it again here would put zod in the first page's bundle.
  queryFn: () => apiGet(OPERATOR_API.me, { schema: serverAnswer<OperatorMe>() }),
  staleTime: 30_000,
});

export function useOperatorMe() {
  return useQuery(operatorMeQueryOptions);
}

/** Whether the signed-in admin holds a permission; false while loading (show less rather than too much). */
export function useCan(): (permission: Permission) => boolean {
  const me = useOperatorMe();
  const held = new Set(me.data?.permissions ?? []);
  return (permission) => held.has(permission);
}
