import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PGlite } from '@electric-sql/pglite';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { sessionPool, type Database } from './client.js';
import { applySqlFunctions, type SqlRunner } from './sql-functions.js';

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Arbitrary constant: serializes migrations when several app processes start on one PostgreSQL. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the forward-only migrations in apps/server/drizzle, then the function files of apps/server/sql/functions
 * whose text changed (sql-functions.ts): the files, not the migrations, hold each function's current text.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    const db = database.db as unknown as PgliteDatabase & { $client: PGlite };
    await migratePglite(db, { migrationsFolder });
    const client = db.$client;
    await applySqlFunctions({
      exec: async (text) => void (await client.exec(text)),
      rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    });
    return;
  }
  // A session advisory lock: on a direct connection, never through a transaction pooler.
  const client = await sessionPool(database.pool!).connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzle(client), { migrationsFolder });
    const runner: SqlRunner = {
      exec: async (text) => void (await client.query(text)),
      rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    };
    await applySqlFunctions(runner);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
