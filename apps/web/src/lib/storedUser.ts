import type { UserSnapshot } from '@svp/shared';

/**
 * SPEC §3: the snapshot lives under this key; it only feeds the route guard and first paint (DESIGN D14).
 * This module writes it; reading (with validation) is in useStoredUser.ts.
 */
export const STORED_USER_KEY = 'user';
const CHANGE_EVENT = 'svp:stored-user';

export function setStoredUser(user: UserSnapshot): void {
  const raw = JSON.stringify(user);
  // /me usually returns what is already stored: nothing changed, nobody needs to re-read (or re-render).
  if (raw === readStoredUserRaw()) return;
  localStorage.setItem(STORED_USER_KEY, raw);
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

export function readStoredUserRaw(): string | null {
  try {
    return localStorage.getItem(STORED_USER_KEY);
  } catch {
    return null; // storage can be blocked (private mode, policies): behave as logged out
  }
}

export function subscribeStoredUser(onChange: () => void): () => void {
  // `storage` fires when another tab logs in or out, so every tab follows; other keys (the colour scheme) do not matter.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORED_USER_KEY || event.key === null) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Calls `onChange` when the signed-in identity changes (log in, log out, a 401, another tab), not when the same
 * user's snapshot is refreshed. What was fetched for one session must not be shown in the next.
 */
export function subscribeStoredIdentity(readId: () => string | null, onChange: () => void): () => void {
  let current = readId();
  return subscribeStoredUser(() => {
    const next = readId();
    if (next === current) return;
    current = next;
    onChange();
  });
}
