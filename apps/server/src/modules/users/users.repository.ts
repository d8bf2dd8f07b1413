import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Queries only. E-mail, username and referral code compare case-insensitively, like their indexes. */
export const usersRepository = {
  async findById(db: Db, id: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row;
  },
  async findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    return row;
  },
  async findByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(eq(users.phone, phone));
    return row;
  },
  async findByReferralCode(db: Db, code: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.referralCode}) = lower(${code})`);
    return row;
  },
  async findByUsername(db: Db, username: string): Promise<UserRow | undefined> {
    const [row] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return row;
  },
  async usernameTaken(db: Db, username: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${username})`);
    return Boolean(row);
  },
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
