import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * What the drill's cluster is made of: its ports, Patroni's timing, the packages it installs and the
 * configuration files it writes for Patroni, HAProxy and PgBouncer (cluster.ts starts and drives them).
 */
export const PORTS = {
  pgbouncer: 5439,
  haproxy: 5440,
  /** Node i (0-based): PostgreSQL on 5441 + i, Patroni REST on 8441 + i. */
  postgres: 5441,
  rest: 8441,
  etcdClient: 2381,
  etcdPeer: 2382,
};
export const PG_BIN = '/usr/lib/postgresql/15/bin';
export const SCOPE = 'svp-drill';
const PACKAGES = { patroni: 'patroni', etcd: 'etcd-server', haproxy: 'haproxy', pgbouncer: 'pgbouncer' };

/** Patroni's timing: a dead primary's leader key expires after `ttl` s; the HA loop runs every `loop_wait` s. */
export const PATRONI_TIMING = { ttl: 10, loop_wait: 1, retry_timeout: 4 };

const which = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Installs Debian's patroni, etcd-server and haproxy (and pgbouncer) when they are missing. */
export function ensurePackages(withPgbouncer: boolean): void {
  const missing = [
    which('patroni') ? null : PACKAGES.patroni,
    which('etcd') ? null : PACKAGES.etcd,
    which('haproxy') ? null : PACKAGES.haproxy,
    !withPgbouncer || which('pgbouncer') ? null : PACKAGES.pgbouncer,
  ].filter((p): p is string => p !== null);
  if (!existsSync(`${PG_BIN}/postgres`)) throw new Error(`PostgreSQL 15 is not installed (${PG_BIN})`);
  if (missing.length === 0) return;
  console.log(`installing ${missing.join(', ')} (apt-get)…`);
  execFileSync(
    'sh',
    ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`],
    { stdio: ['ignore', 'ignore', 'inherit'], timeout: 300_000 },
  );
}

/** One Patroni node's configuration (YAML; Patroni reads no other format). */
export function patroniYaml(dir: string, i: number): string {
  const name = `node${i + 1}`;
  const nodeDir = path.join(dir, name);
  return `scope: ${SCOPE}
namespace: /svp-drill/
name: ${name}
log:
  level: INFO
restapi:
  listen: 127.0.0.1:${PORTS.rest + i}
  connect_address: 127.0.0.1:${PORTS.rest + i}
etcd3:
  hosts: 127.0.0.1:${PORTS.etcdClient}
bootstrap:
  dcs:
    ttl: ${PATRONI_TIMING.ttl}
    loop_wait: ${PATRONI_TIMING.loop_wait}
    retry_timeout: ${PATRONI_TIMING.retry_timeout}
    maximum_lag_on_failover: 1048576
    # A commit returns only once the synchronous standby has flushed it: an acknowledged operation survives losing
    # the primary. Not strict: with no standby left, the primary goes on alone (asynchronous) instead of blocking.
    synchronous_mode: true
    synchronous_mode_strict: false
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        max_connections: 200
        max_wal_senders: 10
        max_replication_slots: 10
        wal_keep_size: 256MB
        synchronous_commit: 'on'
  initdb:
    - encoding: UTF8
    - locale: C.UTF-8
    - data-checksums
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${PORTS.postgres + i}
  connect_address: 127.0.0.1:${PORTS.postgres + i}
  data_dir: ${nodeDir}/data
  bin_dir: ${PG_BIN}
  pgpass: ${nodeDir}/pgpass
  authentication:
    superuser:
      username: postgres
      password: drill
    replication:
      username: replicator
      password: drill
  parameters:
    unix_socket_directories: ${nodeDir}
    shared_buffers: 64MB
    logging_collector: 'on'
    log_directory: ${nodeDir}/log
    log_filename: postgresql.log
tags: {}
`;
}

export function haproxyCfg(nodes: number): string {
  const servers = Array.from(
    { length: nodes },
    (_, i) => `  server node${i + 1} 127.0.0.1:${PORTS.postgres + i} maxconn 200 check port ${PORTS.rest + i}`,
  );
  return `global
  maxconn 2000
defaults
  mode tcp
  timeout connect 2s
  timeout client 1h
  timeout server 1h
  timeout check 2s
# Connections go to the one node whose Patroni says it is the primary (GET /primary → 200); when a node stops being
# it (switchover, death), HAProxy closes the sessions it holds so that no client keeps writing to an old primary.
listen primary
  bind 127.0.0.1:${PORTS.haproxy}
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers.join('\n')}
`;
}

export function pgbouncerIni(dir: string): string {
  return `[databases]
* = host=127.0.0.1 port=${PORTS.haproxy}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${PORTS.pgbouncer}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/pgbouncer/userlist.txt
; the admin console (PAUSE / RESUME around a planned switchover)
admin_users = postgres
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 40
ignore_startup_parameters = extra_float_digits
; a failed login to the server (no primary for a moment) is retried after 1 s, not the default 15 s
server_login_retry = 1
; a client waits at most this long for a server connection while there is no primary
query_wait_timeout = 20
logfile = ${dir}/pgbouncer/pgbouncer.log
`;
}
