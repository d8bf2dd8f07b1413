import { sql } from 'drizzle-orm';
import { queryRows, type Db } from './client.js';

/**
 * PostgreSQL settings the design relies on, read once at start. Several tables are written as queues or
 * rewritten in place (the overview's change rows, folded every second; sessions, accounts and outbox rows,
 * updated in place): without autovacuum their dead rows pile up, and the reads over them slow down for as long
 * as the server runs, which no benchmark of a fresh database shows. A warning, not a refusal: an operator
 * may vacuum on a schedule of their own.
 */
export function settingsWarnings(settings: Record<string, string | undefined>): string[] {
  const warnings: string[] = [];
  if (settings.autovacuum !== 'on' || settings.track_counts !== 'on') {
    warnings.push(
      'PostgreSQL autovacuum is off (autovacuum or track_counts): tables rewritten in place will bloat and slow ' +
        'down; turn it on, or vacuum on a schedule of your own',
    );
  }
  return warnings;
}

/**
 * The settings `settingsWarnings` judges, as the connected server has them (server.ts skips PGlite: one process,
 * no autovacuum daemon).
 */
export async function readSettings(db: Db): Promise<Record<string, string>> {
  const rows = await queryRows<{ name: string; setting: string }>(
    db,
    sql`select name, setting from pg_settings where name in ('autovacuum', 'track_counts')`,
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.setting]));
}
