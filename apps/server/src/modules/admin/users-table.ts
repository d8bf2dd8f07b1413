import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { MSG, type AdminUsersQuery } from '@svp/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

/*
 * The Manage Users table at any number of users: a page at a time by keyset, never OFFSET, so page
 * 20,000 costs what page 1 does. Each order reads an index in its order (users_created_at_idx for sign-up time,
 * users_email_lower_key for e-mail); the filter by the start of an e-mail or username reads the
 * text_pattern_ops indexes (db/tables/users.ts), whatever the database's collation.
 */

type Sort = AdminUsersQuery['sort'];
/** Where the previous page stopped: the last row's sort key (and id, for sign-up time, which can tie). */
type Cursor = { sort: Sort; key: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString('base64url');
}

/** The cursor of `after`, or a 400 when it is not one this order wrote. */
function decodeCursor(after: string, sort: Sort): Cursor {
  const refuse = () => new AppError('VALIDATION_ERROR', MSG.admin.badCursor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) throw refuse();
  const [, key, id] = parsed as unknown[];
  if (typeof key !== 'string' || typeof id !== 'string' || !UUID.test(id) || key.length > 300) throw refuse();
  if (sort !== 'email' && Number.isNaN(Date.parse(key))) throw refuse();
  return { sort, key, id };
}

/** `text` as the start of a LIKE pattern: its own %, _ and \ match themselves. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const emailKey = sql<string>`lower(${users.email})`;

export async function usersTablePage(db: Db, query: AdminUsersQuery) {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = likePrefix(query.q.toLowerCase());
    where.push(sql`(lower(${users.email}) like ${pattern} or lower(${users.username}) like ${pattern})`);
  }
  if (query.status !== 'all') where.push(eq(users.disabled, query.status === 'disabled'));
  if (query.after) {
    const c = decodeCursor(query.after, query.sort);
    if (query.sort === 'email') where.push(sql`${emailKey} > ${c.key}`);
    else if (query.sort === 'newest')
      where.push(sql`(${users.createdAt}, ${users.id}) < (${c.key}::timestamptz, ${c.id}::uuid)`);
    else where.push(sql`(${users.createdAt}, ${users.id}) > (${c.key}::timestamptz, ${c.id}::uuid)`);
  }
  const order =
    query.sort === 'email'
      ? [asc(emailKey)]
      : query.sort === 'newest'
        ? [desc(users.createdAt), desc(users.id)]
        : [asc(users.createdAt), asc(users.id)];
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      username: users.username,
      role: users.role,
      disabled: users.disabled,
      // The exact time as text: a Date keeps milliseconds, the column microseconds, and a cursor must not skip.
      createdKey: sql<string>`${users.createdAt}::text`,
      emailKey,
    })
    .from(users)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ sort: query.sort, key: query.sort === 'email' ? last.emailKey : last.createdKey, id: last.id })
      : null;
  return {
    users: page.map((u) => ({
      id: u.id,
      name: u.name ?? '',
      email: u.email,
      username: u.username,
      role: u.role,
      disabled: u.disabled,
    })),
    nextCursor,
  };
}
