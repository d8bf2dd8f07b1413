#!/usr/bin/env bash
# Starts a local PgBouncer in transaction pooling (what operators put in front of PostgreSQL) on
# 127.0.0.1:${PGBOUNCER_PORT:-6432}, in front of the PostgreSQL server on 127.0.0.1:5432, for every database
# (trust auth, as the local server's). Installs Debian's pgbouncer when it is missing. Then:
#   DATABASE_URL=postgres://postgres@127.0.0.1:6432/postgres \
#   DATABASE_DIRECT_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:pg
# `scripts/pgbouncer.sh stop` stops it.
set -euo pipefail
PORT="${PGBOUNCER_PORT:-6432}"
DIR="${PGBOUNCER_DIR:-/tmp/svp-pgbouncer-$PORT}"

if [ "${1:-start}" = stop ]; then
  [ -f "$DIR/pgbouncer.pid" ] && kill "$(cat "$DIR/pgbouncer.pid")" 2>/dev/null || true
  exit 0
fi

if ! command -v pgbouncer >/dev/null 2>&1; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq pgbouncer >/dev/null
fi
if pg_isready -q -h 127.0.0.1 -p "$PORT"; then
  echo "PgBouncer already listening on 127.0.0.1:$PORT"
  exit 0
fi

mkdir -p "$DIR"
cat >"$DIR/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
auth_type = trust
auth_file = $DIR/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 40
; the app's startup parameters a pooler must accept (pg sends none beyond these by default)
ignore_startup_parameters = extra_float_digits
logfile = $DIR/pgbouncer.log
pidfile = $DIR/pgbouncer.pid
INI
echo '"postgres" ""' >"$DIR/userlist.txt"
# PgBouncer refuses to run as root: run it as the database's own system user when there is one.
if [ "$(id -u)" = 0 ] && id postgres >/dev/null 2>&1; then
  chown -R postgres "$DIR"
  su postgres -s /bin/sh -c "pgbouncer -d '$DIR/pgbouncer.ini'"
else
  pgbouncer -d "$DIR/pgbouncer.ini"
fi
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$PORT" && break; sleep 0.5; done
pg_isready -h 127.0.0.1 -p "$PORT"
