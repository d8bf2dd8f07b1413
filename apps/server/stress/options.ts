/** Command-line flags and STRESS_* variables of `npm run stress` and `npm run stress:crash`. */
export interface Options {
  users: number;
  ops: number;
  /** Operations in flight at once. */
  concurrency: number;
  instances: number;
  seed: number;
  /** Base PostgreSQL URL; a fresh `svp_stress_*` database is created next to it. */
  databaseUrl: string;
  /** DATABASE_DIRECT_URL: the server itself when DATABASE_URL is a transaction pooler (PgBouncer) in front of it. */
  directUrl: string | null;
  port: number;
  /** Crash mode: SIGKILLs of an app process during the load. */
  kills: number;
  /** Crash mode: restart PostgreSQL once mid-run. */
  pgRestart: boolean;
  keepDatabase: boolean;
  short: boolean;
}

const HELP = `Flags (or STRESS_* variables):
  --short                ~10 users, ~1,000 operations (CI)
  --users N              STRESS_USERS        (default 50)
  --ops N                STRESS_OPS          (default 10000)
  --concurrency N        STRESS_CONCURRENCY  (default 24)
  --instances N          STRESS_INSTANCES    (default 1; crash mode always 1)
  --seed N               STRESS_SEED         (default: random)
  --port N               STRESS_PORT         (first port; instance i listens on port + i)
  --kills N              STRESS_KILLS        (crash mode; default 20, short 5)
  --no-pg-restart        crash mode: do not restart PostgreSQL
  --keep-db              leave the svp_stress_* database for inspection
DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); with
DATABASE_DIRECT_URL as well, DATABASE_URL is a transaction pooler (PgBouncer) in front of that server: the app
processes' queries go through it, and the database is created, checked and dropped on the direct connection.`;

export function parseOptions(argv: string[], mode: 'stress' | 'crash'): Options {
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) throw new Error(`unexpected argument ${arg}\n${HELP}`);
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    const next = argv[i + 1];
    if (inline !== undefined) flags.set(name, inline);
    else if (next !== undefined && !next.startsWith('--')) flags.set(name, argv[++i]!);
    else flags.set(name, true);
  }
  if (flags.has('help')) {
    console.log(HELP);
    process.exit(0);
  }
  const short = flags.has('short') || process.env.STRESS_SHORT === '1';
  const num = (flag: string, env: string, fallback: number) => {
    const raw = flags.get(flag) ?? process.env[env];
    if (raw === undefined || raw === true || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${flag} must be a whole number, got ${raw}`);
    return value;
  };
  const options: Options = {
    short,
    users: num('users', 'STRESS_USERS', short ? 10 : 50),
    ops: num('ops', 'STRESS_OPS', short ? 1_000 : 10_000),
    concurrency: num('concurrency', 'STRESS_CONCURRENCY', short ? 16 : 24),
    instances: mode === 'crash' ? 1 : num('instances', 'STRESS_INSTANCES', 1),
    seed: num('seed', 'STRESS_SEED', Math.floor(Math.random() * 2 ** 31)),
    databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    directUrl: process.env.DATABASE_DIRECT_URL ?? null,
    port: num('port', 'STRESS_PORT', mode === 'crash' ? 3220 : 3200),
    kills: num('kills', 'STRESS_KILLS', short ? 5 : 20),
    pgRestart: !flags.has('no-pg-restart'),
    keepDatabase: flags.has('keep-db'),
  };
  if (options.users < 2) throw new Error('--users must be at least 2 (transfers need a recipient)');
  if (options.instances < 1) throw new Error('--instances must be at least 1');
  return options;
}

/** Small seeded PRNG (mulberry32): the same seed draws the same operations (timing still varies). */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** A dollar amount with two decimals between min and max dollars, as the API takes it. */
  dollars(min: number, max: number): string {
    return (this.int(min * 100, max * 100) / 100).toFixed(2);
  }
  /** Picks a key of `weights` with probability proportional to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const entries = Object.entries(weights) as [K, number][];
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      r -= w;
      if (r < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }
}
