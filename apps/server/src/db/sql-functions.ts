import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { preparedStatement, type Db } from './client.js';

/*
 * The database's functions as files (apps/server/sql/README.md, docs/decisions/0042-sql-functions-as-files.md):
 * each function's current text lives in apps/server/sql/functions/<area>/<name>.sql and is applied after the
 * numbered migrations whenever the file's checksum is not the one recorded in sql_function_files.
 */

export const functionsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../sql/functions');

/** Drops of functions that are gone (old signatures included): applied before the files, like one of them. */
export const REMOVED_FILE = 'REMOVED.sql';

/** One connection: node-postgres's client (held under the migration lock) or PGlite. */
export interface SqlRunner {
  /** Runs one or more statements without parameters. */
  exec(text: string): Promise<void>;
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface FunctionFile {
  /** Relative to the functions folder, with '/' separators: `ledger/ledger_post.sql`. */
  path: string;
  text: string;
  checksum: string;
}

async function listSql(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, prefix), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...(await listSql(folder, relative)));
    else if (entry.name.endsWith('.sql')) found.push(relative);
  }
  return found;
}

/** Every file, REMOVED.sql first, then by path: the order they are applied in. */
export async function readFunctionFiles(folder = functionsFolder): Promise<FunctionFile[]> {
  const paths = (await listSql(folder)).sort((a, b) =>
    a === REMOVED_FILE ? -1 : b === REMOVED_FILE ? 1 : a < b ? -1 : a > b ? 1 : 0,
  );
  return Promise.all(
    paths.map(async (p) => {
      const text = await readFile(path.join(folder, p), 'utf8');
      return { path: p, text, checksum: createHash('sha256').update(text).digest('hex') };
    }),
  );
}

/**
 * A function file's statement as pg_get_functiondef would print it, for comparison: without the file's leading
 * comment lines and `DROP FUNCTION` lines (a signature change drops the old one first), without the final
 * semicolon, and with every run of white space as one space.
 */
export function comparableDefinition(text: string): string {
  const lines = text.split('\n');
  let start = 0;
  while (start < lines.length && /^\s*(--.*|DROP FUNCTION [^;]*;\s*)?$/i.test(lines[start]!)) start++;
  return lines.slice(start).join('\n').replace(/;\s*$/, '').replace(/\s+/g, ' ').trim();
}

/** The name a file's CREATE FUNCTION gives, schema-less: `ledger_post`. */
export function definedName(text: string): string | undefined {
  return /CREATE OR REPLACE FUNCTION (?:public\.)?"?([a-z0-9_]+)"?\s*\(/i.exec(comparableDefinition(text))?.[1];
}

const TRACKING_TABLE = `create table if not exists sql_function_files (
  path text primary key,
  checksum text not null,
  applied_at timestamptz not null default now()
)`;

/** An error that another file not yet applied may cure (a SQL function's body naming a function to come). */
const isOrderError = (error: unknown) => ['42883', '42P01', '42704'].includes((error as { code?: string }).code ?? '');

/**
 * Applies the files whose checksum is not the recorded one, in one transaction (all or nothing), and records
 * them; forgets files that no longer exist. A file that fails because it names a function another file creates
 * is tried again after the others. Returns the paths applied.
 */
export async function applySqlFunctions(runner: SqlRunner, folder = functionsFolder): Promise<string[]> {
  await runner.exec(TRACKING_TABLE);
  const files = await readFunctionFiles(folder);
  const recorded = new Map(
    (await runner.rows<{ path: string; checksum: string }>('select path, checksum from sql_function_files')).map(
      (r) => [r.path, r.checksum],
    ),
  );
  const changed = files.filter((f) => recorded.get(f.path) !== f.checksum);
  const gone = [...recorded.keys()].filter((p) => !files.some((f) => f.path === p));
  if (changed.length === 0 && gone.length === 0) return [];
  await runner.exec('begin');
  try {
    let pending = changed;
    while (pending.length > 0) {
      const failed: { file: FunctionFile; error: unknown }[] = [];
      for (const file of pending) {
        await runner.exec('savepoint sql_function_file');
        try {
          await runner.exec(file.text);
          await runner.exec('release savepoint sql_function_file');
        } catch (error) {
          await runner.exec('rollback to savepoint sql_function_file');
          if (!isOrderError(error)) throw Object.assign(error as object, { sqlFunctionFile: file.path });
          failed.push({ file, error });
        }
      }
      if (failed.length === pending.length)
        throw Object.assign(failed[0]!.error as object, { sqlFunctionFile: failed[0]!.file.path });
      pending = failed.map((f) => f.file);
    }
    for (const file of changed) {
      await runner.rows(
        `insert into sql_function_files (path, checksum, applied_at) values ($1, $2, now())
         on conflict (path) do update set checksum = excluded.checksum, applied_at = excluded.applied_at`,
        [file.path, file.checksum],
      );
    }
    if (gone.length > 0) await runner.rows('delete from sql_function_files where path = any($1::text[])', [gone]);
    await runner.exec('commit');
  } catch (error) {
    await runner.exec('rollback');
    throw error;
  }
  return changed.map((f) => f.path);
}

/**
 * A call of one of the database's functions with named arguments (`p_key => $5::text`), as a prepared statement
 * (client.ts): `args` gives each argument's SQL type and a call passes each value by name, so no value can slide
 * into a neighbour's place, and every row is parsed by `row` rather than cast.
 */
export function functionCall<A extends Record<string, string>, R>(
  fn: string,
  columns: string,
  args: A,
  row: z.ZodType<R>,
): (executor: Pick<Db, 'execute'>, values: { [K in keyof A]: unknown }) => Promise<R[]> {
  const names = Object.keys(args);
  const list = names.map((name, i) => `${name} => $${i + 1}::${args[name]}`).join(', ');
  const statement = preparedStatement<unknown>(fn, `select ${columns} from ${fn}(${list})`);
  return async (executor, values) => {
    const rows = await statement(
      executor,
      names.map((name) => values[name as keyof A]),
    );
    return rows.map((r) => row.parse(r));
  };
}
