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
 * What a read of a session returns: the session and whether it is live (`s` = sessions, `u` = users). Every
 * name starts with `session`, so a route's own columns read in the same statement cannot shadow one.
 */
export interface SessionRow {
  sessionUserId: string;
  sessionRole: Role;
  sessionMfa: SessionInfo['mfa'];
  sessionLastSeenMs: string;
  sessionVerifiedMs: string | null;
  /** sql/functions/sessions/session_live.sql: not expired, not idle too long, user enabled and of the same role. */
  sessionLive: boolean;
}

/** What `session_live` needs from the server: the business clock's now and each role's idle limit. */
export interface SessionCheck {
  now: Date;
  userIdleMs: number;
  adminIdleMs: number;
}

/** A SessionCheck as statement parameters, in the order `sessionColumns` names them. */
export const sessionCheckParams = (check: SessionCheck) => [
  check.now.toISOString(),
  check.userIdleMs,
  check.adminIdleMs,
];

/**
 * The select list of a SessionRow, for any statement that reads `sessions s join users u`; `first` is the
 * number of its first `sessionCheckParams` parameter.
 */
export const sessionColumns = (first: number) => `s.user_id as "sessionUserId", s.role as "sessionRole",
     s.mfa as "sessionMfa", (extract(epoch from s.last_seen_at) * 1000)::bigint::text as "sessionLastSeenMs",
     (extract(epoch from s.verified_at) * 1000)::bigint::text as "sessionVerifiedMs",
     session_live(s.expires_at, s.last_seen_at, $${first}::timestamptz,
       case s.role when 'admin' then $${first + 2}::bigint else $${first + 1}::bigint end, s.role, u.role, u.disabled)
       as "sessionLive"`;

/**
 * A route's own read about the session's user, made in the same statement as the session look-up (one
 * round trip for GET /me): it selects `sessionColumns` next to its own, `where s.token_hash = $1`. What it
 * read reaches the route only once the session has passed every check.
 */
export type SessionRead = (db: Db, tokenHash: string, check: SessionCheck) => Promise<SessionRow | undefined>;
