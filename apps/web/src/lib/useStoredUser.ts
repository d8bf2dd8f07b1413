import { userSnapshotSchema, type UserSnapshot } from '@svp/shared';
import { useSyncExternalStore } from 'react';
import { readStoredUserRaw, subscribeStoredUser } from './storedUser';

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
      const parsed = userSnapshotSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cachedUser = parsed.data;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export function useStoredUser(): UserSnapshot | null {
  return useSyncExternalStore(subscribeStoredUser, getStoredUser, () => null);
}
