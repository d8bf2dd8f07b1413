#!/usr/bin/env bash
# Makes a streaming read replica of the local PostgreSQL server (127.0.0.1:5432) and starts it on
# 127.0.0.1:${REPLICA_PORT:-5433}: a base backup taken with `pg_basebackup -R` (which writes the standby's
# primary_conninfo and standby.signal), a minimal configuration of its own, run as the postgres system user.
# Any earlier replica at that port is stopped and replaced: the copy holds every database of the primary now.
# Then:
#   DATABASE_READ_URL=postgres://postgres@127.0.0.1:5433/postgres npm start
# `scripts/replica.sh stop` stops it. The primary needs replication connections allowed from 127.0.0.1
# (pg_hba.conf `host replication ...`, or `host all` with trust as on this machine) and wal_level replica (default).
set -euo pipefail
PORT="${REPLICA_PORT:-5433}"
DIR="${REPLICA_DIR:-/tmp/svp-replica-$PORT}"
PRIMARY_PORT="${PRIMARY_PORT:-5432}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$BIN/pg_ctl" ] || { echo "replica.sh: PostgreSQL's server binaries are not installed" >&2; exit 1; }

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

stop() {
  if [ -f "$DIR/data/postmaster.pid" ]; then as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true; fi
}

if [ "${1:-start}" = stop ]; then
  stop
  exit 0
fi

# A replication connection is its own pg_hba.conf entry ("host all" does not cover it): allow the local one on a
# Debian cluster of this machine that lacks it, and reload. On any other primary that is the operator's step.
HBA_FILE="$(psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -Atc 'show hba_file')"
if [ -w "$HBA_FILE" ] && ! grep -Eq '^host[[:space:]]+replication[[:space:]]+(all|postgres)[[:space:]]+127\.0\.0\.1' "$HBA_FILE"; then
  echo "host replication postgres 127.0.0.1/32 trust" >>"$HBA_FILE"
  psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -Atc 'select pg_reload_conf()' >/dev/null
  echo "replica.sh: allowed local replication connections in $HBA_FILE"
fi

stop
rm -rf "$DIR"
mkdir -p "$DIR"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
# The whole cluster as of now, with the WAL to make it consistent, streamed while it is copied.
as_postgres "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -D "$DIR/data" -R -X stream -c fast
# Debian keeps postgresql.conf and pg_hba.conf outside the data directory: the copy has none, so it gets its own.
cat >"$DIR/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PORT
unix_socket_directories = '$DIR'
hot_standby = on
# Long lag-tolerant reads are not cancelled by the cleanup they would conflict with: the primary is told
# what the replica still reads (it keeps those row versions a little longer).
hot_standby_feedback = on
shared_buffers = 32MB
jit = off
CONF
# A standby refuses to run with less of these than its primary has.
for setting in max_connections max_worker_processes max_prepared_transactions max_locks_per_transaction max_wal_senders; do
  echo "$setting = $(psql -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres -Atc "show $setting")" >>"$DIR/data/postgresql.conf"
done
: >"$DIR/data/pg_ident.conf"
cat >"$DIR/data/pg_hba.conf" <<HBA
local all all trust
host all all 127.0.0.1/32 trust
HBA
[ "$(id -u)" = 0 ] && chown postgres "$DIR/data/postgresql.conf" "$DIR/data/pg_hba.conf" "$DIR/data/pg_ident.conf"
as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/replica.log" -w -t 60 start >/dev/null
for _ in $(seq 1 60); do pg_isready -q -h 127.0.0.1 -p "$PORT" && break; sleep 0.5; done
pg_isready -h 127.0.0.1 -p "$PORT"
