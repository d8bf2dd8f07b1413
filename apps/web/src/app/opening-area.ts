import { API, type Role } from '@svp/shared';
import { getStoredUser } from '../lib/useStoredUser';

/**
 * The guarded areas a page load can open on: the role the route guard lets in, what every page of the area
 * asks the API first, and what its home page adds (the dashboard home's bot box and coin box).
 */
const AREAS: { path: string; role: Role; requests: string[]; home: string[] }[] = [
  { path: '/dashboard', role: 'user', requests: [API.me, API.config], home: [API.bot, API.rewards] },
  { path: '/dashadmin', role: 'admin', requests: [API.me], home: [] },
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
  const home = pathname.replace(/\/+$/, '') === area.path;
  return { role: area.role, requests: home ? [...area.requests, ...area.home] : area.requests };
}
