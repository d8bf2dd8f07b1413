import { existsSync } from 'node:fs';

const SOCKET_DIR = '/var/run/postgresql';

/**
 * The PostgreSQL the benchmark runs on: `DATABASE_URL`, else the local server over its Unix socket when
 * there is one (a loopback TCP round trip costs the app about a quarter of its CPU in `writev`; the
 * socket is how a co-located PostgreSQL should be reached), else TCP on 127.0.0.1. Every reference
 * (the one-query GET, pgbench) connects the same way as the app, so the ratios stay fair.
 */
export const benchDatabaseUrl = (): string =>
  process.env.DATABASE_URL ??
  (existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`)
    ? `postgres://postgres@localhost/postgres?host=${SOCKET_DIR}`
    : 'postgres://postgres@127.0.0.1:5432/postgres');

/** How a URL reaches the server, for the report: a `host` that is a directory names a Unix socket. */
export const connectionKind = (url: string): string =>
  new URL(url).searchParams.get('host')?.startsWith('/') ? 'a Unix socket' : 'TCP';

/** The same server and credentials, another database. */
export const databaseUrlFor = (baseUrl: string, name: string): string =>
  Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();
