import { createHash, randomBytes } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Role } from '@svp/shared';
import type { Clock } from '../../clock.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';

export interface SessionInfo {
  tokenHash: string;
  userId: string;
  role: Role;
  /** 'pending' for an admin who gave the password but not yet the second factor. */
  mfa: 'none' | 'pending' | 'done';
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** Writing last_seen_at on every request would make every GET a write; once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

/** Server-side sessions (DESIGN D14): the cookie holds a random token, the database its hash. */
export function createSessionStore(db: Db, clock: Clock, config: Config) {
  const limits = (role: Role) =>
    role === 'admin'
      ? {
          idleMs: config.ADMIN_SESSION_IDLE_MINUTES * 60_000,
          absoluteMs: config.ADMIN_SESSION_ABSOLUTE_HOURS * 3_600_000,
        }
      : { idleMs: config.SESSION_IDLE_MINUTES * 60_000, absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000 };

  return {
    limits,

    async create(
      userId: string,
      role: Role,
      meta: { ip: string; userAgent?: string },
      mfa: SessionInfo['mfa'] = 'none',
    ): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await db.insert(sessions).values({
        tokenHash: hashToken(token),
        userId,
        role,
        mfa,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + limits(role).absoluteMs),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      });
      return token;
    },

    /** The live session for a cookie token, or null (unknown, expired, idle too long, user disabled). */
    async resolve(token: string): Promise<SessionInfo | null> {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
      const tokenHash = hashToken(token);
      const [row] = await db
        .select({
          userId: sessions.userId,
          role: sessions.role,
          mfa: sessions.mfa,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          disabled: users.disabled,
          userRole: users.role,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash));
      if (!row) return null;
      const now = clock.now().getTime();
      const expired = row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + limits(row.role).idleMs <= now;
      // A role change or a disabled account ends the session at once.
      if (expired || row.disabled || row.userRole !== row.role) {
        await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
        return null;
      }
      if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      return { tokenHash, userId: row.userId, role: row.role, mfa: row.mfa };
    },

    async destroy(token: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    async destroyAllFor(userId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async pruneExpired(): Promise<void> {
      await db.delete(sessions).where(and(lt(sessions.expiresAt, clock.now()), sql`true`));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
