import type { Role } from '@svp/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useStoredUser } from '../lib/useStoredUser';

/**
 * SPEC §2 route guard: no stored user, or a different role, goes to the login page.
 * The server checks the session on every call; this only decides what to draw.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const user = useStoredUser();
  if (!user || user.role !== role) return <Navigate to="/" replace />;
  return children;
}
