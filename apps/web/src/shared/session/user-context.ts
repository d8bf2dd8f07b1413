import type { UserSnapshot } from '@svp/shared';
import { createContext, useContext } from 'react';

/** The signed-in user as /me last returned it; the layout renders pages only once it is known. */
export const DashboardUserContext = createContext<UserSnapshot | null>(null);

export function useDashboardUser(): UserSnapshot {
  const user = useContext(DashboardUserContext);
  if (!user) throw new Error('useDashboardUser outside DashboardLayout');
  return user;
}
