/**
 * Where a sign-in goes back to after the session ended on a page: the login page gets the page's path in `next`,
 * and takes it only when it is a relative path on this origin inside the area being signed in to, never an
 * address elsewhere (an open redirect would let a link send a fresh sign-in to another site).
 */
export const SESSION_ENDED_PARAM = 'session';
export const NEXT_PARAM = 'next';

type Area = '/dashboard' | '/dashadmin';

// Set by the 401 handler: the route guard, which also sees the stored user go, sends to the same place.
let ended = false;

export function noteSessionEnded(): void {
  ended = true;
}

/** The route guard's destination for a visitor without a stored user: after a 401, the way back. */
export function loginAfterLosingUser(page: { pathname: string; search: string; hash: string }): string {
  return ended ? sessionEndedLogin(page) : '/';
}

/** The login page for a page whose session ended: the user's or the admin's, with the way back. */
export function sessionEndedLogin(page: { pathname: string; search: string; hash: string }): string {
  const admin = page.pathname === '/dashadmin' || page.pathname.startsWith('/dashadmin/');
  const params = new URLSearchParams({ [SESSION_ENDED_PARAM]: 'ended' });
  if (safeReturnPath(page.pathname + page.search + page.hash, admin ? '/dashadmin' : '/dashboard') !== null)
    params.set(NEXT_PARAM, page.pathname + page.search + page.hash);
  return `${admin ? '/admin' : '/'}?${params.toString()}`;
}

/** `next` when it is a same-origin relative path inside `area`; null otherwise. */
export function safeReturnPath(next: string | null, area: Area): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || /[\\\s]/.test(next)) return null;
  const base = 'http://svp.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  if (url.pathname !== area && !url.pathname.startsWith(`${area}/`)) return null;
  return url.pathname + url.search + url.hash;
}

/** What the login page reads from its own address: whether a session ended, and where to go after sign-in. */
export function loginReturn(search: string, area: Area): { ended: boolean; to: string } {
  ended = false;
  const params = new URLSearchParams(search);
  return {
    ended: params.get(SESSION_ENDED_PARAM) === 'ended',
    to: safeReturnPath(params.get(NEXT_PARAM), area) ?? area,
  };
}
