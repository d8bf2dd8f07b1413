import type { UserSnapshot } from '@svp/shared';
import { useSyncExternalStore } from 'react';
import { readStoredUserRaw, subscribeStoredUser } from './storedUser';

let cachedRaw: string | null = null;
let cachedUser: UserSnapshot | null = null;

/**
 * The stored snapshot, or null when there is none or it names nobody. Only setStoredUser writes it, from an
 * answer the server's response schema shaped (DESIGN §4), so it is not checked field by field here (that
 * would take zod into the login page's code, DESIGN §7); what the route guard and the session's identity rest
 * on is checked: an id, and a role that RequireRole compares with the area's.
 */
function readStoredUser(raw: string): UserSnapshot | null {
  try {
    const value = JSON.parse(raw) as Partial<UserSnapshot> | null;
    return typeof value?.id === 'string' && typeof value.role === 'string' ? (value as UserSnapshot) : null;
  } catch {
    return null;
  }
}

/** The stored user, or null when missing or naming nobody (see readStoredUser). */
export function getStoredUser(): UserSnapshot | null {
  const raw = readStoredUserRaw();
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = raw ? readStoredUser(raw) : null;
  return cachedUser;
}

/** The stored user's id, for code that must follow who is signed in (see subscribeStoredIdentity). */
export const storedUserId = (): string | null => getStoredUser()?.id ?? null;

export function useStoredUser(): UserSnapshot | null {
  return useSyncExternalStore(subscribeStoredUser, getStoredUser, () => null);
}
