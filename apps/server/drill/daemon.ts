import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { sleep } from '../stress/processes.js';

/* The drill's processes: each one as the postgres OS user, in its own process group, and the waits around them. */

export function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres OS user (install postgresql)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** One long-running process of the cluster, as the postgres user, in its own process group, output to a file. */
export class Daemon {
  child: ChildProcess | null = null;
  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly logFile: string,
    private readonly user: { uid: number; gid: number },
  ) {}

  start(): void {
    const log = createWriteStream(this.logFile, { flags: 'a' });
    const child = spawn(this.command, this.args, {
      uid: this.user.uid,
      gid: this.user.gid,
      detached: true, // its own process group: Ctrl-C reaches only the drill, which stops everything in order
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: `/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin`,
        HOME: path.dirname(this.logFile),
        LANG: 'C.UTF-8',
        LC_ALL: 'C.UTF-8',
      },
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    child.on('exit', () => {
      if (this.child === child) this.child = null;
    });
    this.child = child;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Signals the whole process group (the daemon and whatever it forked into it). */
  signal(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, signal);
    } catch {
      /* already gone */
    }
  }

  async stop(timeoutMs = 15_000): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.signal('SIGTERM');
    const timer = setTimeout(() => this.signal('SIGKILL'), timeoutMs);
    await exited;
    clearTimeout(timer);
  }
}

/** Pids of `pid`'s children (by pid, never by name). */
export function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((s) => Number(s.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
}

export function killPid(pid: number, signal: NodeJS.Signals = 'SIGKILL'): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

export async function canQuery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Polls `ready` every 200 ms until it says true; throws after `timeoutMs`. */
export async function waitFor(what: string, timeoutMs: number, ready: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await ready().catch(() => false)) return Date.now() - started;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}
