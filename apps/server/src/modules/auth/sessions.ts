import { createHash, randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Role } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import { preparedStatement, queryRows, type Db } from '../../db/client.js';
import { sessions } from '../../db/schema.js';
import {
  sessionCheckParams,
  sessionColumns,
  type SessionCheck,
  type SessionInfo,
  type SessionRead,
  type SessionRow,
} from '../../db/session-row.js';

export type { SessionInfo, SessionRead, SessionRow };

/** What the database keeps of a session's token (and what `SessionInfo.tokenHash` holds). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Writing last_seen_at on every request would make every GET a write; once a minute is enough. */
export const TOUCH_EVERY_MS = 60_000;
/** A cookie token as `create` makes it: 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const resolveStatement = preparedStatement<SessionRow>(
  'sessions_resolve',
  `select ${sessionColumns(2)} from sessions s join users u on u.id = s.user_id where s.token_hash = $1`,
);

/** Server-side sessions (DESIGN D14): the cookie holds a random token, the database its hash. */
export function createSessionStore(db: Db, clock: Clock, config: Config, relaxed: Db = db) {
  const limits = (role: Role) =>
    role === 'admin'
      ? {
          idleMs: config.ADMIN_SESSION_IDLE_MINUTES * 60_000,
          absoluteMs: config.ADMIN_SESSION_ABSOLUTE_HOURS * 3_600_000,
        }
      : { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000 };

  return {
    limits,

    /**
     * Opens a session for a user whose password was just checked against `checkedHash`, or returns null
     * when that is no longer the user's password. The insert reads the user's row `for share`, so a
     * password reset either waits for it and then deletes the session in its own transaction, or commits
     * first and the insert finds the hash changed: a sign-in racing a reset never outlives it.
     */
    async create(
      user: { id: string; role: Role; checkedHash: string },
      meta: { ip: string; userAgent?: string },
      mfa: SessionInfo['mfa'] = 'none',
    ): Promise<string | null> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expires = new Date(now.getTime() + limits(user.role).absoluteMs);
      const opened = await queryRows<{ ok: number }>(
        db,
        sql`insert into sessions (token_hash, user_id, role, mfa, created_at, last_seen_at, expires_at, ip, user_agent)
            select ${hashToken(token)}, u.id, ${user.role}, ${mfa}, ${now.toISOString()}::timestamptz,
                   ${now.toISOString()}::timestamptz, ${expires.toISOString()}::timestamptz, ${meta.ip},
                   ${meta.userAgent?.slice(0, 300) ?? null}
            from users u where u.id = ${user.id} and u.password_hash = ${user.checkedHash}
            for share
            returning 1 as ok`,
      );
      return opened.length === 1 ? token : null;
    },

    /**
     * The live session for a cookie token, or null (unknown, expired, idle too long, user disabled). With a
     * `read`, the session comes from that statement and `data` is the whole row it returned. Whether a session
     * is live is decided in SQL (`session_live`), as in the one-statement money routes' `api_session_open`.
     */
    async resolve(token: string, read?: SessionRead): Promise<{ session: SessionInfo; data: SessionRow } | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const tokenHash = hashToken(token);
      const check: SessionCheck = {
        now: clock.now(),
        userIdleMs: limits('user').idleMs,
        adminIdleMs: limits('admin').idleMs,
      };
      // Read on every authenticated request: fixed SQL, prepared once per connection.
      const row = read
        ? await read(db, tokenHash, check)
        : (await resolveStatement(db, [tokenHash, ...sessionCheckParams(check)]))[0];
      if (!row) return null;
      // Expired, idle, disabled or the role changed: the session ends at once.
      if (!row.sessionLive) {
        await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        return null;
      }
      const now = check.now.getTime();
      const lastSeen = Number(row.sessionLastSeenMs);
      if (now - lastSeen > TOUCH_EVERY_MS) {
        // A touch lost in a crash only shortens the idle window: no need to wait for the WAL flush.
        await relaxed
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      const session: SessionInfo = {
        tokenHash,
        userId: row.sessionUserId,
        role: row.sessionRole,
        mfa: row.sessionMfa,
        verifiedAt: row.sessionVerifiedMs === null ? null : Number(row.sessionVerifiedMs),
      };
      return { session, data: row };
    },

    /**
     * What a route that checks its session inside its own statement (http/one-statement.ts) hands the database:
     * the token's hash and this store's limits for a session of the route's role. The statement vouches only for
     * a session `resolve` would accept, and touches it when due as `resolve` would (ADR 0029); anything
     * else comes back here. Null: not a token at all.
     */
    statementSession(
      token: string | undefined,
      role: Role,
    ): { tokenHash: string; idleMs: number; touchMs: number } | null {
      if (!token || !TOKEN_PATTERN.test(token)) return null;
      return { tokenHash: hashToken(token), idleMs: limits(role).idleMs, touchMs: TOUCH_EVERY_MS };
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /** Ends every session of a user; give the transaction that changes the password, so both commit together. */
    async destroyAllFor(userId: string, executor: Pick<Db, 'delete'> = db): Promise<void> {
      await executor.delete(sessions).where(eq(sessions.userId, userId));
    },

    /**
     * Housekeeping: deletes sessions past their absolute expiry by both the business clock and the
     * database's real time. In production the two agree; a test clock moved ahead for a moment (e2e
     * TOTP steps, 45-day maturities) must not wipe sessions that are still live once it is put back.
     * Expiry itself is enforced by `resolve` on every request, so pruning later changes nothing.
     */
    async pruneExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, sql`least(${clock.now()}::timestamptz, now())`));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
