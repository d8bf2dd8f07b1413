import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@svp/shared';
import { queryRows, type Db } from '../../db/client.js';
import { emailVerifications, sessions, signInEvents, users } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';

/** How many sign-ins and failed attempts a user's history keeps (ADR 0023: the last 20 are listed). */
export const SIGN_IN_HISTORY = 20;

type Executor = Db | Tx;

/** A verification link that still works at `now`: unused and unexpired (and whatever `which` adds). */
const usableLink = (now: Date, ...which: SQL[]) =>
  and(...which, isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now));

/** Deletes the user's sessions that `which` selects; how many it ended. */
async function endSessions(tx: Executor, userId: string, which: SQL): Promise<number> {
  const ended = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), which))
    .returning({ id: sessions.publicId });
  return ended.length;
}

/** Queries only, each scoped by the user it is given: no query here reads or ends another user's rows. */
export const accountRepository = {
  /**
   * The user's sessions still live by `session_live`, the access check's rule (the caller is signed in, so the
   * account is enabled).
   */
  async liveSessions(db: Db, userId: string, now: Date, idleMs: number) {
    return db
      .select({
        publicId: sessions.publicId,
        tokenHash: sessions.tokenHash,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          sql`session_live(${sessions.expiresAt}, ${sessions.lastSeenAt}, ${now.toISOString()}::timestamptz,
            ${idleMs}::bigint, ${sessions.role}, (select u.role from users u where u.id = ${sessions.userId}), false)`,
        ),
      )
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  },

  /** Ends one of the user's sessions by its public id; 0 when it is not theirs or no longer exists. */
  endSession: (tx: Executor, userId: string, publicId: string) =>
    endSessions(tx, userId, eq(sessions.publicId, publicId)),

  /** Ends every session of the user but the one whose token hash is given. */
  endOtherSessions: (tx: Executor, userId: string, keepTokenHash: string) =>
    endSessions(tx, userId, ne(sessions.tokenHash, keepTokenHash)),

  /**
   * Records one sign-in attempt and drops the user's older ones beyond the history's length, in one statement.
   * The delete sees the table as it was before the insert, so it keeps SIGN_IN_HISTORY - 1 older rows.
   */
  async recordSignIn(
    db: Db,
    row: {
      userId: string;
      outcome: 'success' | 'failed' | 'password-only';
      /** A 'password-only' attempt's pending session (sign-ins.ts). */
      sessionHash?: string;
      ip: string | null;
      userAgent: string | null;
      device: string;
      at: Date;
    },
  ): Promise<void> {
    await queryRows(
      db,
      sql`with added as (
            insert into sign_in_events (user_id, outcome, ip, user_agent, device, created_at, session_hash)
            values (${row.userId}, ${row.outcome}, ${row.ip}, ${row.userAgent}, ${row.device}, ${row.at.toISOString()}::timestamptz,
                    ${row.sessionHash ?? null})
            returning id)
          delete from sign_in_events where id in (
            select id from sign_in_events where user_id = ${row.userId}
            order by created_at desc, id desc offset ${SIGN_IN_HISTORY - 1})`,
    );
  },

  async signIns(db: Db, userId: string) {
    return db
      .select({
        at: signInEvents.createdAt,
        ip: signInEvents.ip,
        device: signInEvents.device,
        outcome: signInEvents.outcome,
      })
      .from(signInEvents)
      .where(eq(signInEvents.userId, userId))
      .orderBy(desc(signInEvents.createdAt), desc(signInEvents.id))
      .limit(SIGN_IN_HISTORY);
  },

  /**
   * Notes a device the user signed in from. Returns whether it is new to them and whether they had any device
   * before (an account's first sign-in is not news to its owner).
   */
  async noteDevice(db: Db, userId: string, device: string, at: Date): Promise<{ isNew: boolean; hadOthers: boolean }> {
    const [row] = await queryRows<{ inserted: boolean; others: boolean }>(
      db,
      sql`with added as (
            insert into known_devices (user_id, device, first_seen_at)
            values (${userId}, ${device}, ${at.toISOString()}::timestamptz)
            on conflict (user_id, device) do nothing
            returning 1)
          select exists (select 1 from added) as inserted,
                 exists (select 1 from known_devices where user_id = ${userId} and device <> ${device}) as others`,
    );
    return { isNew: Boolean(row?.inserted), hadOthers: Boolean(row?.others) };
  },

  // ---- e-mail verification ----

  async insertVerification(
    tx: Executor,
    row: { userId: string; email: string; purpose: 'signup' | 'change'; tokenHash: string; at: Date; expiresAt: Date },
  ): Promise<void> {
    await tx.insert(emailVerifications).values({
      userId: row.userId,
      email: row.email,
      purpose: row.purpose,
      tokenHash: row.tokenHash,
      createdAt: row.at,
      expiresAt: row.expiresAt,
    });
  },

  /** A new link replaces the user's unused ones: only the newest link works. */
  async dropUnusedVerifications(tx: Executor, userId: string): Promise<void> {
    await tx
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
  },

  /** The link a token opens, locked, when it is unused and unexpired. */
  async lockUsableVerification(tx: Tx, tokenHash: string, now: Date) {
    const [row] = await tx
      .select()
      .from(emailVerifications)
      .where(usableLink(now, eq(emailVerifications.tokenHash, tokenHash)))
      .for('update');
    return row;
  },

  async usableVerification(db: Db, tokenHash: string, now: Date) {
    const [row] = await db
      .select({ id: emailVerifications.id })
      .from(emailVerifications)
      .where(usableLink(now, eq(emailVerifications.tokenHash, tokenHash)));
    return row;
  },

  async markVerificationUsed(tx: Tx, id: string, now: Date): Promise<void> {
    await tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, id));
  },

  /** The address an e-mail change waits to verify: the newest unused, unexpired `change` link's. */
  async pendingEmail(db: Db, userId: string, now: Date): Promise<string | null> {
    const [row] = await db
      .select({ email: emailVerifications.email })
      .from(emailVerifications)
      .where(usableLink(now, eq(emailVerifications.userId, userId), eq(emailVerifications.purpose, 'change')))
      .orderBy(desc(emailVerifications.createdAt))
      .limit(1);
    return row?.email ?? null;
  },

  async markEmailVerified(tx: Tx, userId: string, now: Date): Promise<void> {
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
  },

  async changeEmail(tx: Tx, userId: string, email: string, now: Date): Promise<void> {
    await tx.update(users).set({ email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
  },

  /** The account's language; setting the one it has already changes nothing but the update time. */
  async setLanguage(db: Db, userId: string, language: Language, now: Date): Promise<void> {
    await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
  },

  /**
   * Sets a new password hash only while the user's row still holds the hash that was checked, so a change or
   * reset that committed meanwhile is never silently overwritten. False when it no longer does.
   */
  async replacePassword(tx: Tx, userId: string, checkedHash: string, newHash: string, now: Date): Promise<boolean> {
    const updated = await tx
      .update(users)
      .set({ passwordHash: newHash, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)))
      .returning({ id: users.id });
    return updated.length === 1;
  },
};
