import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sessionPool, type Database } from '../../src/db/client.js';
import {
  applySqlFunctions,
  comparableDefinition,
  definedName,
  functionsFolder,
  readFunctionFiles,
  REMOVED_FILE,
  type SqlRunner,
} from '../../src/db/sql-functions.js';
import { createTestDatabase } from '../helpers.js';

// apps/server/sql/functions holds every function's current text (sql/README.md): the migrated database must have
// exactly those functions with exactly that text, none of REMOVED.sql's, and no numbered migration after the
// files took over may define, alter or drop a function (its text would be lost to the file's, or differ from it).

/** The last numbered migration that may touch a function: later ones leave them to the files. */
const LAST_MIGRATION_WITH_FUNCTIONS = 41;
const migrationsFolder = path.resolve(functionsFolder, '../../drizzle');

const normalized = (definition: string) => definition.replace(/\s+/g, ' ').trim();

/** Each `DROP FUNCTION IF EXISTS public.name(types);` of REMOVED.sql, as `public.name(types)`. */
async function removedSignatures(): Promise<string[]> {
  const text = (await readFile(path.join(functionsFolder, REMOVED_FILE), 'utf8')).replace(/--.*$/gm, '');
  return [...text.matchAll(/DROP FUNCTION IF EXISTS\s+([^;]+);/gi)].map((m) => m[1]!.replace(/\s+/g, ' ').trim());
}

/** A runner on the test database, as migrate.ts builds one. */
async function runnerOf(database: Database): Promise<{ runner: SqlRunner; release(): void }> {
  if (database.kind === 'pglite') {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return {
      runner: {
        exec: async (text) => void (await client.exec(text)),
        rows: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      },
      release: () => undefined,
    };
  }
  const client = await sessionPool(database.pool!).connect();
  return {
    runner: {
      exec: async (text) => void (await client.query(text)),
      rows: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    },
    release: () => client.release(),
  };
}

describe('SQL functions as files', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(() => drop());

  const functionsInDatabase = () =>
    queryRows<{ name: string; signature: string; definition: string }>(
      database.db,
      sql`select p.proname as name, p.oid::regprocedure::text as signature, pg_get_functiondef(p.oid) as definition
          from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = 'public'
            and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                            and d.deptype = 'e')
          order by 1`,
    );

  it("gives every function of the database a file holding its text, and every file's function exists", async () => {
    const files = (await readFunctionFiles()).filter((f) => f.path !== REMOVED_FILE);
    const inDatabase = await functionsInDatabase();
    expect(inDatabase.length).toBeGreaterThan(40);
    const byName = new Map(inDatabase.map((f) => [f.name, f]));
    for (const file of files) {
      const name = definedName(file.text);
      expect(path.basename(file.path), `${file.path} defines ${name}`).toBe(`${name}.sql`);
      expect(file.path, 'a file sits in an area folder').toMatch(/^[a-z]+\/[a-z0-9_]+\.sql$/);
      const found = byName.get(name!);
      expect(found, `${file.path}: no function ${name} in the migrated database`).toBeDefined();
      expect(normalized(found!.definition), `${file.path} differs from the database's ${name}`).toBe(
        comparableDefinition(file.text),
      );
    }
    const named = new Set(files.map((f) => definedName(f.text)));
    const withoutFile = inDatabase.filter((f) => !named.has(f.name)).map((f) => f.signature);
    expect(withoutFile, 'functions with no file in sql/functions (or old overloads to list in REMOVED.sql)').toEqual(
      [],
    );
  });

  it('has none of the functions REMOVED.sql lists', async () => {
    const signatures = await removedSignatures();
    expect(signatures.length).toBeGreaterThan(0);
    for (const signature of signatures) {
      const [row] = await queryRows<{ found: string | null }>(
        database.db,
        sql`select to_regprocedure(${signature})::text as found`,
      );
      expect(row!.found, `${signature} was removed`).toBeNull();
    }
  });

  it('records each file with its checksum once applied', async () => {
    const files = await readFunctionFiles();
    const rows = await queryRows<{ path: string; checksum: string }>(
      database.db,
      sql`select path, checksum from sql_function_files order by path`,
    );
    expect(new Map(rows.map((r) => [r.path, r.checksum]))).toEqual(new Map(files.map((f) => [f.path, f.checksum])));
  });

  it('leaves functions to the files in every numbered migration after 0041', async () => {
    const late = (await readdir(migrationsFolder)).filter(
      (f) => f.endsWith('.sql') && Number(f.slice(0, 4)) > LAST_MIGRATION_WITH_FUNCTIONS,
    );
    for (const migration of late) {
      const text = (await readFile(path.join(migrationsFolder, migration), 'utf8')).replace(/--.*$/gm, '');
      expect(text, `${migration} defines a function: edit sql/functions instead`).not.toMatch(
        /\b(CREATE|ALTER|DROP)\s+(OR\s+REPLACE\s+)?FUNCTION\b/i,
      );
    }
  });

  it('applies a changed file once, an old signature dropped by its first line, all or nothing', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'sql-functions-'));
    const { runner, release } = await runnerOf(database);
    const probe = (args: string, body: string) =>
      `CREATE OR REPLACE FUNCTION public.sqlf_probe(${args})\n RETURNS integer\n LANGUAGE sql\nAS $function$ ${body} $function$;\n`;
    const answer = async (call: string) => (await runner.rows<{ n: number }>(`select ${call} as n`))[0]!.n;
    try {
      await writeFile(path.join(folder, REMOVED_FILE), '-- nothing yet\n');
      await writeFile(path.join(folder, 'sqlf_probe.sql'), probe('p integer', 'select p + 1'));
      // The probe folder has a tracking table of its own: the real one is set aside meanwhile.
      await runner.exec('alter table sql_function_files rename to sql_function_files_real');
      try {
        expect(await applySqlFunctions(runner, folder)).toEqual([REMOVED_FILE, 'sqlf_probe.sql']);
        expect(await answer('sqlf_probe(1)')).toBe(2);
        expect(await applySqlFunctions(runner, folder), 'unchanged files are not run again').toEqual([]);

        // A signature change: the file drops the old one first, so no overload stays behind.
        await writeFile(
          path.join(folder, 'sqlf_probe.sql'),
          `DROP FUNCTION IF EXISTS public.sqlf_probe(integer);\n${probe('p integer, q integer', 'select p + q')}`,
        );
        expect(await applySqlFunctions(runner, folder)).toEqual(['sqlf_probe.sql']);
        expect(await answer('sqlf_probe(1, 2)')).toBe(3);
        expect(await answer("(select count(*)::int from pg_proc where proname = 'sqlf_probe')")).toBe(1);

        // A broken file rolls every file of the run back, and stays unrecorded.
        await writeFile(
          path.join(folder, REMOVED_FILE),
          'DROP FUNCTION IF EXISTS public.sqlf_probe(integer, integer);\n',
        );
        await writeFile(path.join(folder, 'sqlf_probe.sql'), probe('p integer, q integer', 'select no_such_column'));
        await expect(applySqlFunctions(runner, folder)).rejects.toThrow();
        expect(await answer('sqlf_probe(1, 2)')).toBe(3);
        await runner.exec('drop function public.sqlf_probe(integer, integer)');
        await runner.exec('drop table sql_function_files');
      } finally {
        await runner.exec('alter table sql_function_files_real rename to sql_function_files');
      }
    } finally {
      release();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
