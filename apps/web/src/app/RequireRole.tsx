import type { Role } from '@svp/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginAfterLosingUser } from '../features/auth/return-path';
import { useStoredUser } from '../lib/useStoredUser';

/**
 * SPEC §2 route guard: no stored user, or a different role, goes to the login page.
 * The server checks the session on every call; this only decides what to draw.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const user = useStoredUser();
  const location = useLocation();
  // After a 401 the stored user goes too: the guard then sends where the 401 handler does (the way back).
  if (!user) return <Navigate to={loginAfterLosingUser(location)} replace />;
  if (user.role !== role) return <Navigate to="/" replace />;
  return children;
}
