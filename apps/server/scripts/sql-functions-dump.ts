/*
 * Writes each function of schema public (extensions' excluded) to apps/server/sql/functions/<area>/<name>.sql
 * from pg_get_functiondef, so the files are a database's text, never retyped by hand (apps/server/sql/README.md).
 *
 *   npx tsx scripts/sql-functions-dump.ts            a fresh database on DATABASE_URL's server, migrated, dumped
 *   npx tsx scripts/sql-functions-dump.ts --from URL  that database as it is (after editing a function in psql)
 *
 * A file keeps its folder and its leading comment lines; a new one gets an area from AREAS and a first line
 * naming the migration that last defined it, if any. Files whose function the database lacks are listed.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { definedName, functionsFolder, readFunctionFiles, REMOVED_FILE } from '../src/db/sql-functions.js';

/** A new function's folder by its name: the module that calls it. The first match wins. */
const AREAS: [RegExp, string][] = [
  [/^(epoch_ms|uuid_time_ordered)$/, 'common'],
  [/^(api_session_open|api_request_|api_settlement_due)/, 'sessions'],
  [/^(api_user_posting|api_statement_legs|api_move|ledger_)/, 'ledger'],
  [/^platform_count/, 'overview'],
  [/^api_credit_deposits/, 'deposits'],
  [/^api_invest/, 'plans'],
  [/^(api_withdrawal_|withdrawal_)/, 'withdrawals'],
  [/^(api_stake|api_withdraw_earned|api_lock_earned|stake_|staking_)/, 'staking'],
  [/^(api_claim_daily|api_save_taps|api_coins_text)/, 'engagement'],
  [/^notification_/, 'notifications'],
];

const migrationsFolder = path.resolve(functionsFolder, '../../drizzle');

async function lastMigrationDefining(name: string): Promise<string | undefined> {
  const files = (await readdir(migrationsFolder)).filter((f) => f.endsWith('.sql')).sort();
  const pattern = new RegExp(`FUNCTION\\s+(public\\.)?${name}\\s*\\(`, 'i');
  let last: string | undefined;
  for (const f of files) if (pattern.test(await readFile(path.join(migrationsFolder, f), 'utf8'))) last = f;
  return last;
}

async function freshDatabase(server: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `svp_dump_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  await database.close();
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main(): Promise<void> {
  const fromIndex = process.argv.indexOf('--from');
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const fresh = fromIndex < 0 ? await freshDatabase(server) : undefined;
  const client = new pg.Client({ connectionString: fresh?.url ?? process.argv[fromIndex + 1] });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; overloads: number; definition: string }>(
      `select p.proname as name, count(*) over (partition by p.proname)::int as overloads,
              pg_get_functiondef(p.oid) as definition
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public'
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
                         and d.deptype = 'e')
       order by 1`,
    );
    const overloaded = rows.filter((r) => r.overloads > 1).map((r) => r.name);
    if (overloaded.length > 0)
      throw new Error(`one file per name: drop the old overloads of ${[...new Set(overloaded)].join(', ')}`);
    const existing = new Map<string, { path: string; text: string }>();
    for (const f of await readFunctionFiles()) {
      if (f.path === REMOVED_FILE) continue;
      const name = definedName(f.text);
      if (name) existing.set(name, f);
    }
    let written = 0;
    for (const { name, definition } of rows) {
      const old = existing.get(name);
      existing.delete(name);
      const area = old ? path.dirname(old.path) : (AREAS.find(([re]) => re.test(name))?.[1] ?? 'misc');
      let header: string[];
      if (old) {
        header = [];
        for (const line of old.text.split('\n')) {
          if (!/^\s*(--.*|DROP FUNCTION [^;]*;\s*)?$/i.test(line)) break;
          header.push(line);
        }
      } else {
        const migration = await lastMigrationDefining(name);
        header = migration
          ? [`-- Last defined by a numbered migration, drizzle/${migration}: its comments say why.`]
          : [];
      }
      const text = `${[...header, definition.trimEnd()].join('\n')};\n`;
      if (old?.text === text) continue;
      await mkdir(path.join(functionsFolder, area), { recursive: true });
      await writeFile(path.join(functionsFolder, area, `${name}.sql`), text);
      written++;
    }
    console.log(`${written} file(s) written, ${rows.length} function(s) in the database`);
    for (const [name, f] of existing) {
      if (process.argv.includes('--delete-missing')) await unlink(path.join(functionsFolder, f.path));
      console.log(`not in the database: ${name} (${f.path}); list its signature in ${REMOVED_FILE}`);
    }
  } finally {
    await client.end();
    await fresh?.drop();
  }
}

await main();
