/**
 * The physical reference of a watcher pass's growth (lab notes, twelfth round): what touching rows nobody touched
 * since the last checkpoint costs on this machine, apart from anything the app does. A table of ten rows a user (the
 * size's accounts: pgbench_accounts' row width) and passes of 1,000 random rows, each updated with one row
 * appended beside it, in four connections committing every 200 rows — the watcher's lanes and batches (ADR 0034),
 * timed after a checkpoint as the watcher's passes are. At a thousand users the table sits in shared buffers; at a
 * million it is many times their size, and each row is a page read, often a dirty page written out to make room,
 * and a full-page image in the WAL. A credit touches about five such pages (docs/benchmarks.md), this one.
 */
import pg from 'pg';
import { WATCHER_PASSES } from './in-process.js';
import { percentiles, type Figures } from './measures.js';

export const COLD_ROWS_REFERENCE = 'physical reference: 1,000 random rows updated (4 connections, 200 a commit)';
const ROWS_PER_USER = 10;
const ROWS_PER_PASS = 1_000;
const LANES = 4;
const BATCH = 200;

export async function coldRowsReference(
  databaseUrl: string,
  users: number,
  log: (line: string) => void,
): Promise<Figures> {
  const rows = users * ROWS_PER_USER;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: LANES });
  try {
    const started = performance.now();
    await pool.query(`create unlogged table if not exists reference_log (id bigserial, row_id int, at timestamptz)`);
    await pool.query(`drop table if exists reference_rows`);
    // pgbench_accounts' shape: an int key, a balance and 84 bytes of filler, about 120 bytes a row.
    await pool.query(
      `create table reference_rows as
       select g as id, 0::bigint as balance, repeat(' ', 84)::char(84) as filler from generate_series(1, $1::int) g`,
      [rows],
    );
    await pool.query('alter table reference_rows add primary key (id)');
    // One batch: its rows in key order (as the ledger's one lock order keeps the lanes from deadlocking).
    await pool.query(`create or replace function reference_batch(p_ids int[]) returns void as $$
      declare v int;
      begin
        foreach v in array (select array_agg(x order by x) from unnest(p_ids) x) loop
          update reference_rows set balance = balance + 1 where id = v;
          insert into reference_log (row_id, at) values (v, now());
        end loop;
      end $$ language plpgsql`);
    await pool.query('vacuum analyze reference_rows');
    await pool.query('checkpoint');
    log(
      `  physical reference: ${rows.toLocaleString('en')} rows made in ${(performance.now() - started).toFixed(0)} ms`,
    );

    const passes: number[] = [];
    for (let pass = 1; pass <= WATCHER_PASSES; pass++) {
      const ids = Array.from({ length: ROWS_PER_PASS }, () => 1 + Math.floor(Math.random() * rows));
      const lanes = Array.from({ length: LANES }, (_, lane) => ids.filter((_, i) => i % LANES === lane));
      const passStarted = performance.now();
      await Promise.all(
        lanes.map(async (lane) => {
          for (let at = 0; at < lane.length; at += BATCH) {
            await pool.query('select reference_batch($1::int[])', [lane.slice(at, at + BATCH)]);
          }
        }),
      );
      passes.push(performance.now() - passStarted);
      log(`  physical reference pass ${pass}: ${ROWS_PER_PASS} rows in ${passes.at(-1)!.toFixed(0)} ms`);
    }
    return percentiles(passes);
  } finally {
    await pool.query('drop table if exists reference_rows, reference_log').catch(() => undefined);
    await pool.query('drop function if exists reference_batch(int[])').catch(() => undefined);
    await pool.end();
  }
}
