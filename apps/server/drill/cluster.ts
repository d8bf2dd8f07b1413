import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { haproxyCfg, patroniYaml, pgbouncerIni, PORTS } from './cluster-config.js';
import { canQuery, childrenOf, Daemon, killPid, postgresUser, waitFor } from './daemon.js';

/**
 * A throw-away PostgreSQL 15 cluster as production runs it (DESIGN §8), on 127.0.0.1 only, all under one temp dir,
 * every process as the `postgres` OS user: one etcd member (the DCS), two Patroni nodes with synchronous replication,
 * HAProxy routing to whichever node Patroni's REST API calls the primary, and (optionally) PgBouncer in transaction
 * pooling in front of HAProxy. Ports keep clear of the machine's own PostgreSQL on 5432.
 */
export interface MemberState {
  name: string;
  role: string;
  state: string;
  lag?: number | string;
}

export class Cluster {
  readonly dir: string;
  private readonly user = postgresUser();
  private readonly etcd: Daemon;
  readonly nodes: Daemon[];
  private readonly haproxy: Daemon;
  private readonly pgbouncer: Daemon | null;
  private removed = false;

  constructor(
    readonly size: number,
    withPgbouncer: boolean,
  ) {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'svp-drill-'));
    const logs = path.join(this.dir, 'logs');
    mkdirSync(logs);
    const etcdDir = path.join(this.dir, 'etcd');
    this.etcd = new Daemon(
      'etcd',
      'etcd',
      [
        '--name=drill',
        `--data-dir=${etcdDir}`,
        `--listen-client-urls=http://127.0.0.1:${PORTS.etcdClient}`,
        `--advertise-client-urls=http://127.0.0.1:${PORTS.etcdClient}`,
        `--listen-peer-urls=http://127.0.0.1:${PORTS.etcdPeer}`,
        `--initial-advertise-peer-urls=http://127.0.0.1:${PORTS.etcdPeer}`,
        `--initial-cluster=drill=http://127.0.0.1:${PORTS.etcdPeer}`,
        '--initial-cluster-state=new',
        '--initial-cluster-token=svp-drill',
      ],
      path.join(logs, 'etcd.log'),
      this.user,
    );
    this.nodes = Array.from({ length: size }, (_, i) => {
      const name = `node${i + 1}`;
      const nodeDir = path.join(this.dir, name);
      mkdirSync(nodeDir, { mode: 0o700 });
      const config = path.join(nodeDir, 'patroni.yml');
      writeFileSync(config, patroniYaml(this.dir, i));
      return new Daemon(name, 'patroni', [config], path.join(logs, `${name}.log`), this.user);
    });
    const haproxyConfig = path.join(this.dir, 'haproxy.cfg');
    writeFileSync(haproxyConfig, haproxyCfg(size));
    this.haproxy = new Daemon(
      'haproxy',
      'haproxy',
      ['-db', '-f', haproxyConfig],
      path.join(logs, 'haproxy.log'),
      this.user,
    );
    if (withPgbouncer) {
      mkdirSync(path.join(this.dir, 'pgbouncer'));
      writeFileSync(path.join(this.dir, 'pgbouncer', 'pgbouncer.ini'), pgbouncerIni(this.dir));
      writeFileSync(path.join(this.dir, 'pgbouncer', 'userlist.txt'), '"postgres" ""\n');
      this.pgbouncer = new Daemon(
        'pgbouncer',
        'pgbouncer',
        [path.join(this.dir, 'pgbouncer', 'pgbouncer.ini')],
        path.join(logs, 'pgbouncer-stdout.log'),
        this.user,
      );
    } else this.pgbouncer = null;
    execFileSync('chown', ['-R', `${this.user.uid}:${this.user.gid}`, this.dir]);
    chownSync(this.dir, this.user.uid, this.user.gid);
  }

  /** The URL the app's pooled queries use: PgBouncer when there is one, else HAProxy. */
  get appUrl(): string {
    return this.pgbouncer ? this.url(PORTS.pgbouncer) : this.url(PORTS.haproxy);
  }
  /** The primary, whichever node it is, through HAProxy: sessions (LISTEN, locks), migrations, the checks. */
  get primaryUrl(): string {
    return this.url(PORTS.haproxy);
  }
  nodeUrl(i: number): string {
    return this.url(PORTS.postgres + i);
  }
  private url(port: number): string {
    return `postgres://postgres@127.0.0.1:${port}/postgres`;
  }
  nodeName(i: number): string {
    return `node${i + 1}`;
  }
  indexOf(name: string): number {
    return Number(name.replace('node', '')) - 1;
  }

  /** etcd, then node1 (bootstraps as primary), then the others (clone and stream), then HAProxy and PgBouncer. */
  async start(): Promise<void> {
    this.etcd.start();
    await waitFor('etcd', 20_000, async () => {
      const res = await fetch(`http://127.0.0.1:${PORTS.etcdClient}/health`, { signal: AbortSignal.timeout(1_000) });
      return res.ok;
    });
    this.nodes[0]!.start();
    await waitFor('node1 primary', 60_000, async () => (await this.restStatus(0, '/primary')) === 200);
    for (const node of this.nodes.slice(1)) node.start();
    await this.waitHealthy(90_000);
    this.haproxy.start();
    if (this.pgbouncer) this.pgbouncer.start();
    await waitFor('HAProxy → primary', 20_000, () => canQuery(this.primaryUrl));
    if (this.pgbouncer) await waitFor('PgBouncer → primary', 20_000, () => canQuery(this.appUrl));
  }

  /** Waits for one leader and every other member a running synchronous standby. */
  async waitHealthy(timeoutMs: number): Promise<MemberState[]> {
    let members: MemberState[] = [];
    await waitFor('a primary and its synchronous standby', timeoutMs, async () => {
      members = await this.members();
      return (
        members.length === this.size &&
        members.filter((m) => m.role === 'leader' && m.state === 'running').length === 1 &&
        members.filter((m) => m.role === 'sync_standby' && ['running', 'streaming'].includes(m.state)).length ===
          this.size - 1
      );
    });
    return members;
  }

  /** The cluster as Patroni sees it (asks each node's REST API until one answers). */
  async members(): Promise<MemberState[]> {
    for (let i = 0; i < this.size; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORTS.rest + i}/cluster`, { signal: AbortSignal.timeout(1_000) });
        if (res.ok) return ((await res.json()) as { members: MemberState[] }).members;
      } catch {
        /* that node is down */
      }
    }
    return [];
  }

  async leader(): Promise<string | null> {
    return (await this.members()).find((m) => m.role === 'leader')?.name ?? null;
  }

  /** The HTTP status of a Patroni health endpoint on node i (0 when it does not answer). */
  async restStatus(i: number, endpoint: string): Promise<number> {
    try {
      const res = await fetch(`http://127.0.0.1:${PORTS.rest + i}${endpoint}`, { signal: AbortSignal.timeout(1_000) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /** A planned switchover through Patroni's REST API (what `patronictl switchover --force` does). */
  async switchover(leader: string, candidate: string): Promise<string> {
    const res = await fetch(`http://127.0.0.1:${PORTS.rest + this.indexOf(leader)}/switchover`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ leader, candidate }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`switchover ${leader} → ${candidate}: ${res.status} ${text}`);
    return text;
  }

  /**
   * A command on PgBouncer's admin console. PAUSE waits for the transactions in flight, closes every server
   * connection and holds new queries (up to query_wait_timeout); RESUME lets them go to whatever HAProxy now reaches.
   */
  async pgbouncerCommand(command: 'PAUSE' | 'RESUME'): Promise<void> {
    if (!this.pgbouncer) throw new Error('no PgBouncer in this cluster');
    const client = new pg.Client({ connectionString: this.url(PORTS.pgbouncer).replace(/\/postgres$/, '/pgbouncer') });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query(command);
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  get hasPgbouncer(): boolean {
    return this.pgbouncer !== null;
  }

  /** Loses node i as a machine dies: SIGKILL to Patroni, the postmaster and every PostgreSQL process under it. */
  kill(i: number): number[] {
    const killed: number[] = [];
    const patroni = this.nodes[i]!.pid;
    if (patroni && killPid(patroni)) killed.push(patroni);
    const postmaster = this.postmasterPid(i);
    if (postmaster) {
      const backends = childrenOf(postmaster);
      if (killPid(postmaster)) killed.push(postmaster);
      for (const pid of backends) if (killPid(pid)) killed.push(pid);
    }
    return killed;
  }

  /** Starts node i's Patroni again: it rewinds its old timeline if it must and rejoins as a standby. */
  restart(i: number): void {
    this.nodes[i]!.start();
  }

  private postmasterPid(i: number): number | null {
    const file = path.join(this.dir, this.nodeName(i), 'data', 'postmaster.pid');
    try {
      const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
      return pid > 0 ? pid : null;
    } catch {
      return null;
    }
  }

  /** The last lines of each log, for a failure report. */
  logTails(lines = 15): string {
    const logs = path.join(this.dir, 'logs');
    return ['etcd', ...this.nodes.map((n) => n.name), 'haproxy', ...(this.pgbouncer ? ['pgbouncer/pgbouncer'] : [])]
      .map((name) => {
        const file = name.includes('/') ? path.join(this.dir, `${name}.log`) : path.join(logs, `${name}.log`);
        const text = existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines) : [];
        return `--- ${name}\n${text.join('\n')}`;
      })
      .join('\n');
  }

  /** Orderly stop: PgBouncer, HAProxy, the standbys' and the primary's Patroni (each stops its PostgreSQL), etcd. */
  async stop(keep = false): Promise<void> {
    await Promise.all([this.pgbouncer?.stop(), this.haproxy.stop()]);
    await Promise.all(this.nodes.map((n) => n.stop(30_000)));
    await this.etcd.stop();
    this.killAll();
    if (!keep) this.remove();
    else console.log(`cluster files kept in ${this.dir}`);
  }

  /** Synchronous last resort (process exit, Ctrl-C, a failed run): SIGKILL everything still there, remove the dir. */
  killAll(): void {
    for (let i = 0; i < this.size; i++) {
      const postmaster = this.postmasterPid(i);
      // Only a postmaster that is one of this run's: its data dir is under ours (the pid file could be stale).
      if (postmaster && existsSync(`/proc/${postmaster}`)) {
        const cmdline = readFileSync(`/proc/${postmaster}/cmdline`, 'utf8');
        if (cmdline.includes(this.dir)) {
          const backends = childrenOf(postmaster);
          killPid(postmaster);
          for (const pid of backends) killPid(pid);
        }
      }
    }
    for (const daemon of [this.pgbouncer, this.haproxy, ...this.nodes, this.etcd]) daemon?.signal('SIGKILL');
  }

  remove(): void {
    if (this.removed) return;
    this.removed = true;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
