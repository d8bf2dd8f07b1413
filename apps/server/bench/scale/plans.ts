/**
 * The EXPLAIN (ANALYZE, BUFFERS) plans of what each measure runs, taken by PostgreSQL's auto_explain on the
 * benchmark database while one request of each measure is made: the plans of the app's own statements
 * (functions' inner statements included), not of hand-copied SQL. They are read back from the server log
 * (SCALE_PG_LOG, default Debian's); without a readable log the report says so and has no plans.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import pg from 'pg';

/** Longest plan line kept, in characters. */
const LONGEST_LINE = 600;
const LOG = process.env.SCALE_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';

/** Turns plan logging on or off for new connections to `database` (the server must reconnect). */
export async function planLogging(adminUrl: string, database: string, on: boolean): Promise<void> {
  const db = new pg.Client({ connectionString: adminUrl });
  await db.connect();
  try {
    const settings = {
      session_preload_libraries: 'auto_explain',
      'auto_explain.log_min_duration': '0',
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_buffers': 'on',
      'auto_explain.log_nested_statements': 'on',
      'auto_explain.log_format': 'text',
    };
    for (const [name, value] of Object.entries(settings)) {
      await db.query(
        on ? `alter database ${database} set ${name} = '${value}'` : `alter database ${database} reset ${name}`,
      );
    }
  } finally {
    await db.end();
  }
}

export const logOffset = (): number | null => (existsSync(LOG) ? statSync(LOG).size : null);

/**
 * The plans logged since `offset`, one per statement, with the statement's text first. Statements that
 * only keep the session (the session touch, SET, BEGIN/COMMIT) are dropped: the plans of what was asked remain.
 */
export function plansSince(offset: number | null): string[] {
  if (offset === null || !existsSync(LOG)) return [];
  const text = readFileSync(LOG).subarray(offset).toString();
  const plans: string[] = [];
  for (const block of text.split(/\n(?=\S)/)) {
    const at = block.indexOf('plan:');
    if (!block.includes('duration:') || at < 0) continue;
    const plan = block
      .slice(at + 'plan:'.length)
      .replace(/^\n/, '')
      .replace(/\n\t/g, '\n')
      .replace(/^\t/, '');
    if (/Query Text: (set |begin|commit|select pg_advisory|select 1\b)/i.test(plan)) continue;
    // A statement binding 10,000 addresses prints them all, in its text and in its filter: cut long lines.
    plans.push(
      plan
        .trimEnd()
        .split('\n')
        .map((line) => (line.length > LONGEST_LINE ? `${line.slice(0, LONGEST_LINE)} …` : line))
        .join('\n'),
    );
  }
  return distinct(plans);
}

/** Most plans kept per measure: a watcher pass runs the same few statements for each of its 1,000 transfers. */
const MOST_PLANS = 25;

/** The first plan of each distinct statement (a CSV export runs one page statement fifty times). */
function distinct(plans: string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const plan of plans) {
    const text = /Query Text: ([\s\S]*?)\n(?=\S)/.exec(plan)?.[1] ?? plan;
    if (seen.has(text)) continue;
    seen.add(text);
    kept.push(plan);
  }
  return kept.slice(0, MOST_PLANS);
}
