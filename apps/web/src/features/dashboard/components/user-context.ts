import type { UserSnapshot } from '@svp/shared';
import { createContext, useContext } from 'react';

/** The signed-in user as /me last returned it; the layout renders pages only once it is known. */
export const DashboardUserContext = createContext<UserSnapshot | null>(null);

export function useDashboardUser(): UserSnapshot {
  const user = useContext(DashboardUserContext);
  if (!user) throw new Error('useDashboardUser outside DashboardLayout');
  return user;
}

/** SPEC §3: these tier values all mean "no plan yet"; the home shows "Not selected" for them. */
const NO_PLAN = new Set(['', 'No Plan', 'NULL', 'Loading...']);

export function planLabel(tier: string): string {
  return NO_PLAN.has(tier.trim()) ? 'Not selected' : tier;
}
