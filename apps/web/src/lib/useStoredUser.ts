import type { UserSnapshot } from '@svp/shared';
import { useSyncExternalStore } from 'react';
import { readStoredUserRaw, subscribeStoredUser } from './storedUser';
import { userSnapshot } from './response-shapes';

let cachedRaw: string | null = null;
let cachedUser: UserSnapshot | null = null;

/** The stored user, or null when missing or not a valid snapshot (a tampered value is ignored). */
export function getStoredUser(): UserSnapshot | null {
  const raw = readStoredUserRaw();
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      cachedUser = userSnapshot.read(JSON.parse(raw));
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

/** The stored user's id, for code that must follow who is signed in (see subscribeStoredIdentity). */
export const storedUserId = (): string | null => getStoredUser()?.id ?? null;

export function useStoredUser(): UserSnapshot | null {
  return useSyncExternalStore(subscribeStoredUser, getStoredUser, () => null);
}
