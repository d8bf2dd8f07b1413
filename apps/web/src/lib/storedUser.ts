import { userSnapshotSchema, type UserSnapshot } from '@svp/shared';
import { useSyncExternalStore } from 'react';

/** SPEC §3: the snapshot lives under this key; it only feeds the route guard and first paint (DESIGN D14). */
export const STORED_USER_KEY = 'user';
const CHANGE_EVENT = 'svp:stored-user';

let cachedRaw: string | null = null;
let cachedUser: UserSnapshot | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORED_USER_KEY);
  } catch {
    return null; // storage can be blocked (private mode, policies): behave as logged out
  }
}

/** The stored user, or null when missing or not a valid snapshot (a tampered value is ignored). */
export function getStoredUser(): UserSnapshot | null {
  const raw = readRaw();
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

export function setStoredUser(user: UserSnapshot): void {
  localStorage.setItem(STORED_USER_KEY, JSON.stringify(user));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearStoredUser(): void {
  try {
    localStorage.removeItem(STORED_USER_KEY);
  } catch {
    // nothing stored that we could remove
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // `storage` fires when another tab logs in or out, so every tab follows.
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useStoredUser(): UserSnapshot | null {
  return useSyncExternalStore(subscribe, getStoredUser, () => null);
}
