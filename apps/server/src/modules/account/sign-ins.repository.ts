import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';

/** An attempt that gave the password but never a valid code, claimed for the account's security mail. */
export interface UnfinishedSignIn {
  userId: string;
  at: Date;
  device: string;
  ip: string | null;
}

/** Queries of the sign-in history's unfinished attempts (sign-ins.ts): completing them, and reporting them. */
export const signInsRepository = {
  /** The pending session gave its code: its 'password-only' attempt is a sign-in. False when there is none. */
  async complete(db: Db, userId: string, sessionHash: string): Promise<boolean> {
    const rows = await queryRows(
      db,
      sql`update sign_in_events set outcome = 'success', session_hash = null
          where user_id = ${userId} and session_hash = ${sessionHash} and outcome = 'password-only'
          returning 1`,
    );
    return rows.length > 0;
  },

  /**
   * Marks reported, and returns, the attempts made before `due` that never finished and were not reported yet, of
   * accounts not reported to since `quietSince` (their attempts wait for the next mail, which lists them all).
   * One instance at a time (a transaction lock; another that finds it taken claims nothing this pass), so no
   * attempt and no account is mailed twice.
   */
  async claimUnreported(db: Db, now: Date, due: Date, quietSince: Date): Promise<UnfinishedSignIn[]> {
    return inTransaction(db, async (tx) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(hashtext('svp:sign-in-reports')) as locked`,
      );
      if (!lock?.locked) return [];
      const rows = await queryRows<{ user_id: string; created_at: string | Date; device: string; ip: string | null }>(
        tx,
        sql`update sign_in_events e set reported_at = ${now.toISOString()}::timestamptz
            where e.outcome = 'password-only' and e.reported_at is null
              and e.created_at <= ${due.toISOString()}::timestamptz
              and not exists (
                select 1 from sign_in_events r
                where r.user_id = e.user_id and r.reported_at > ${quietSince.toISOString()}::timestamptz)
            returning e.user_id, e.created_at, e.device, e.ip`,
      );
      return rows.map((r) => ({ userId: r.user_id, at: new Date(r.created_at), device: r.device, ip: r.ip }));
    });
  },
};
