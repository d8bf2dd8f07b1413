import type { Role } from '@svp/shared';
import type { Db } from './client.js';

/*
 * The session row's one definition (DESIGN D14), below every layer that reads it: the auth module keeps the
 * sessions, the HTTP layer checks them on every route, and GET /me reads one in the user's own statement.
 */

export interface SessionInfo {
  tokenHash: string;
  userId: string;
  role: Role;
  /** 'pending' for an admin who gave the password but not yet the second factor. */
  mfa: 'none' | 'pending' | 'done';
  /** Epoch ms of the last proof of the second factor on this session (admins), or null. */
  verifiedAt: number | null;
}

/**
 * What a read of a session returns: the session and its user's standing (`s` = sessions, `u` = users). Every
 * name starts with `session`, so a route's own columns read in the same statement cannot shadow one.
 */
export interface SessionRow {
  sessionUserId: string;
  sessionRole: Role;
  sessionMfa: SessionInfo['mfa'];
  sessionLastSeenMs: string;
  sessionExpiresMs: string;
  sessionVerifiedMs: string | null;
  sessionUserDisabled: boolean;
  sessionUserRole: Role;
}

/** The select list of a SessionRow, for any statement that reads `sessions s join users u`. */
export const SESSION_COLUMNS = `s.user_id as "sessionUserId", s.role as "sessionRole", s.mfa as "sessionMfa",
     (extract(epoch from s.last_seen_at) * 1000)::bigint::text as "sessionLastSeenMs",
     (extract(epoch from s.expires_at) * 1000)::bigint::text as "sessionExpiresMs",
     (extract(epoch from s.verified_at) * 1000)::bigint::text as "sessionVerifiedMs",
     u.disabled as "sessionUserDisabled", u.role as "sessionUserRole"`;

/**
 * A route's own read about the session's user, made in the same statement as the session look-up (one
 * round trip for GET /me): it selects SESSION_COLUMNS next to its own, `where s.token_hash = $1`. What it
 * read reaches the route only once the session has passed every check.
 */
export type SessionRead = (db: Db, tokenHash: string, now: Date) => Promise<SessionRow | undefined>;
