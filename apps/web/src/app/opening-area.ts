import { API, type Role } from '@svp/shared';
import { getStoredUser } from '../lib/useStoredUser';

/**
 * The guarded areas a page load can open on: the role the route guard lets in, and what every page of the area
 * asks the API first. For the dashboard that is its whole first screen, the home included: /me carries the
 * home's coin box and bot box (DESIGN §7: at most 2 requests and 3 database round trips; the server's
 * test/users/first-screen.test.ts counts them for this same list).
 */
const AREAS: { path: string; role: Role; requests: string[] }[] = [
  { path: '/dashboard', role: 'user', requests: [API.me, API.config] },
  { path: '/dashadmin', role: 'admin', requests: [API.me] },
];

/**
 * For a page load that opens on a guarded area the stored user may enter: the area's role and the API paths
 * its first screen will ask for, so src/main.tsx can start both the area's code and these requests before
 * React renders anything. Null anywhere else, and when the route guard will send the visitor away.
 */
export function openingArea(pathname: string): { role: Role; requests: string[] } | null {
  const area = AREAS.find(({ path }) => pathname === path || pathname.startsWith(`${path}/`));
  // The same check as the route guard's, so nothing is asked for a page that will send the visitor away.
  if (!area || getStoredUser()?.role !== area.role) return null;
  return { role: area.role, requests: area.requests };
}
