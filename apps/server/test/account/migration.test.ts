import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import type { Database } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { createTestDatabase } from '../helpers.js';

const drizzleFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The migrations folder as it stood before 0013: the same files, the journal cut after 0012. */
function foldersBefore0013(): string {
  const dir = mkdtempSync(join(tmpdir(), 'svp-migrations-'));
  cpSync(drizzleFolder, dir, { recursive: true });
  const journalFile = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 13);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function migrateTo(database: Database, folder: string) {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await migratePg(drizzle(client), { migrationsFolder: folder });
  } finally {
    client.release();
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freshDatabase(): Promise<Database> {
  const { database, drop } = await createTestDatabase({ migrate: false });
  cleanups.push(drop);
  return database;
}

describe('migration 0013 (ADR 0023)', () => {
  it('treats accounts that exist before it as verified, and gives live sessions a public id', async () => {
    const database = await freshDatabase();
    const before = foldersBefore0013();
    cleanups.push(async () => rmSync(before, { recursive: true, force: true }));
    await migrateTo(database, before);
    const [user] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into users (email, username, wallet_address, password_hash, role, created_at, updated_at)
          values ('old@example.com', 'old_timer', ${'0x' + 'ab'.repeat(20)}, 'x', 'user', now(), now()) returning id`,
    );
    await database.db.execute(
      sql`insert into sessions (token_hash, user_id, role, created_at, last_seen_at, expires_at)
          values ('h1', ${user!.id}, 'user', now(), now(), now() + interval '1 day')`,
    );

    await runMigrations(database);
    const [row] = await queryRows<{ verified: boolean }>(
      database.db,
      sql`select email_verified_at is not null as verified from users where id = ${user!.id}`,
    );
    expect(row!.verified).toBe(true);
    const [session] = await queryRows<{ public_id: string }>(
      database.db,
      sql`select public_id::text from sessions where token_hash = 'h1'`,
    );
    expect(session!.public_id).toMatch(/^[0-9a-f-]{36}$/);
    // Accounts created afterwards start unverified.
    const [later] = await queryRows<{ verified: boolean }>(
      database.db,
      sql`insert into users (email, username, wallet_address, password_hash, role, created_at, updated_at)
          values ('new@example.com', 'newcomer', ${'0x' + 'ab'.repeat(20)}, 'x', 'user', now(), now())
          returning email_verified_at is not null as verified`,
    );
    expect(later!.verified).toBe(false);
  });
});
