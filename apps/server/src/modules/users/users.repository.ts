import { eq, sql } from 'drizzle-orm';
import type { Language } from '@svp/shared';
import { preparedStatement, type Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { Tx } from '../../db/transaction.js';
import { sessionCheckParams, sessionColumns, type SessionCheck, type SessionRow } from '../../db/session-row.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * Everything the §3 snapshot shows but the statement lines, and the engagement state GET /me adds for the
 * dashboard home (GET /rewards and /bot answers), read in one round trip (DESIGN §7).
 */
export interface SnapshotRow {
  id: string;
  email: string;
  role: 'user' | 'admin';
  username: string;
  wallet_address: string;
  referral_code: string | null;
  /** account code → balance in minor units (as text) */
  balances: Record<string, string> | null;
  /** entries on the user's accounts: names the statement the history cache may answer with */
  entries_total: string;
  /** daily coins or bot upkeep need settling before the numbers are current (DESIGN D11) */
  engagement_due: boolean;
  /** The engagement row's state, null before it exists (an admin, or a user not yet settled) */
  bot_status: 'inactive' | 'active' | 'paused' | null;
  bot_reason: string | null;
  bot_paid_through_ms: string | null;
  welcome_claimed: boolean;
  plan_name: string | null;
  ends_at_ms: string | null;
  expected_withdrawal: string | null;
  /** all that ever reached the earnings account, less withdrawals' movements (paid out, rejected and returned) */
  earned_total: string;
  /** the account's e-mail is verified (ADR 0023) */
  email_verified: boolean;
  /** the account's language (DESIGN D19) */
  language: Language;
}

/** The snapshot's columns and joins, from `users u`; `$2` is today (UTC date) and `$3` now. */
const SNAPSHOT_COLUMNS = `u.id, u.email, u.role, u.username, u.wallet_address, u.referral_code, b.balances, b.entries_total,
     (e.user_id is null or e.daily_settled_through < $2
       or (e.bot_status = 'active' and coalesce(e.bot_paid_through <= $3::timestamptz, true))) as engagement_due,
     e.bot_status, e.bot_reason, (extract(epoch from e.bot_paid_through) * 1000)::bigint::text as bot_paid_through_ms,
     e.welcome_claimed_at is not null as welcome_claimed, p.name as plan_name,
     (extract(epoch from i.ends_at) * 1000)::bigint::text as ends_at_ms,
     i.expected_withdrawal::text as expected_withdrawal, u.email_verified_at is not null as email_verified, u.language,
     (select coalesce(sum(le.amount), 0)::text from accounts ea
        join ledger_entries le on le.account_id = ea.id join ledger_transactions lt on lt.id = le.transaction_id
        where ea.owner = u.id::text and ea.code = 'usd.earnings' and lt.kind not like 'withdrawal%') as earned_total`;
const SNAPSHOT_JOINS = `cross join lateral (
     select json_object_agg(a.code, a.balance::text) as balances, coalesce(sum(a.entry_count), 0)::text as entries_total
     from accounts a where a.owner = u.id::text) b
   left join engagement e on e.user_id = u.id
   left join investments i on i.user_id = u.id and i.status = 'active'
   left join plans p on p.code = i.plan_code`;

const snapshotStatement = preparedStatement<SnapshotRow>(
  'users_snapshot',
  `select ${SNAPSHOT_COLUMNS} from users u ${SNAPSHOT_JOINS} where u.id = $1`,
);
// The snapshot's columns must not shadow the session's in GET /me's one statement: a compile error if they do.
const noSharedNames: [keyof SessionRow & keyof SnapshotRow] extends [never] ? true : never = true;
void noSharedNames;

/** GET /me's one round trip: the session look-up and the snapshot in one statement (SessionRead). */
/** GET /me's one statement; `npm run bench` also runs it bare, as the floor of what /me can reach. */
export const SNAPSHOT_BY_SESSION_SQL = `select ${sessionColumns(3)}, ${SNAPSHOT_COLUMNS}
   from sessions s join users u on u.id = s.user_id ${SNAPSHOT_JOINS}
   where s.token_hash = $1`;
const snapshotBySessionStatement = preparedStatement<SessionRow & SnapshotRow>(
  'users_snapshot_by_session',
  SNAPSHOT_BY_SESSION_SQL,
);

/** The user whose `column` equals `value` regardless of case, as the column's unique index on lower() compares. */
async function findIgnoringCase(
  db: Db,
  column: typeof users.email | typeof users.username | typeof users.referralCode,
  value: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${column}) = lower(${value})`);
  return row;
}

/** Queries only. E-mail, username and referral code compare case-insensitively, like their indexes. */
export const usersRepository = {
  async findById(db: Db, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  /**
   * The user, locked until the transaction ends: `update` for an edit (its "before" is the value it
   * replaces), `share` for a read that must not change under the transaction (a withdrawal's wallet).
   */
  async lockById(tx: Tx, id: string, mode: 'update' | 'share' = 'update'): Promise<UserRow | undefined> {
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for(mode);
    return row;
  },
  async snapshotRow(db: Db, id: string, now: Date): Promise<SnapshotRow | undefined> {
    const day = now.toISOString().slice(0, 10);
    const [row] = await snapshotStatement(db, [id, day, now.toISOString()]);
    return row;
  },
  /** A SessionRead: the session's own columns and its user's snapshot. */
  async snapshotBySession(
    db: Db,
    tokenHash: string,
    check: SessionCheck,
  ): Promise<(SessionRow & SnapshotRow) | undefined> {
    const day = check.now.toISOString().slice(0, 10);
    // `$3`, the session check's now, is the snapshot's now too.
    const values = [tokenHash, day, ...sessionCheckParams(check)];
    const [row] = await snapshotBySessionStatement(db, values);
    return row;
  },
  findByEmail: (db: Db, email: string) => findIgnoringCase(db, users.email, email),
  async findByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    return row;
  },
  findByReferralCode: (db: Db, code: string) => findIgnoringCase(db, users.referralCode, code),
  findByUsername: (db: Db, username: string) => findIgnoringCase(db, users.username, username),
  usernameTaken: async (db: Db, username: string) =>
    (await findIgnoringCase(db, users.username, username)) !== undefined,
  async insert(db: Db, values: NewUser): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  },
  async updatePassword(db: Db, id: string, passwordHash: string, now: Date): Promise<void> {
    await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
  },
  async anyAdmin(db: Db): Promise<boolean> {
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    return Boolean(row);
  },
};
