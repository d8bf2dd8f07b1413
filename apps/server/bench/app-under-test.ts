/** Starts the real server on a fresh PostgreSQL database and signs users in the way a browser does. */
import { createHash } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, API_PREFIX, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@svp/shared';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '../../..');
export const PASSWORD = 'bench-password-1';

/** CPU seconds a process has used so far (Linux /proc), or NaN once it is gone. */
export function cpuSecondsOf(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Runs `use` with a temporary file holding `text` (a list a reference server or pgbench reads), removed after. */
export async function withTempFile<T>(text: string, use: (file: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'svp-bench-'));
  const file = path.join(dir, 'input');
  writeFileSync(file, text);
  try {
    return await use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startServer(dbUrl: string, port: number, nodeArgs: string[] = []): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'apps/server/src/server.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-admin-password',
        // Many users from one machine: each gets its own X-Forwarded-For, as behind a proxy.
        TRUST_PROXY: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('server did not start');
}

/** The hash the sessions table keys a bench user's session by (modules/auth/sessions.ts). */
export function sessionTokenHash(user: BenchUser): string {
  const token = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(user.cookie)?.[1];
  if (!token) throw new Error(`no session cookie for ${user.email}`);
  return createHash('sha256').update(decodeURIComponent(token)).digest('hex');
}

export interface BenchUser {
  email: string;
  username: string;
  /** Cookie header (CSRF + session) and the CSRF token a browser would send. */
  cookie: string;
  csrf: string;
  ip: string;
}

export function client(base: string) {
  const url = (p: string) => `${base}${API_PREFIX}${p}`;
  async function csrfPair(ip: string) {
    const res = await fetch(url(API.csrf), { headers: { 'x-forwarded-for': ip } });
    const csrf = ((await res.json()) as { csrfToken: string }).csrfToken;
    return {
      csrf,
      headers: { 'content-type': 'application/json', cookie: `${CSRF_COOKIE}=${csrf}`, [CSRF_HEADER]: csrf },
    };
  }
  return {
    url,
    csrfPair,
    async register(n: number): Promise<BenchUser> {
      const ip = `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      const { csrf, headers } = await csrfPair(ip);
      const email = `bench-${n}-${Date.now().toString(36)}@example.com`;
      const body = JSON.stringify({ email, password: PASSWORD, walletAddress: '0x' + 'ab'.repeat(20) });
      const h = { ...headers, 'x-forwarded-for': ip };
      const reg = await fetch(url(API.register), { method: 'POST', headers: h, body });
      if (!reg.ok) throw new Error(`register: ${reg.status} ${await reg.text()}`);
      const res = await fetch(url(API.login), { method: 'POST', headers: h, body });
      if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
      const session = (res.headers.get('set-cookie') ?? '').split(';')[0];
      // The login answer carries the user's snapshot: no GET /me needed (nor its being up to date here).
      const signedIn = (await res.json()) as { user: { username: string } };
      return { email, username: signedIn.user.username, cookie: `${headers.cookie}; ${session}`, csrf, ip };
    },
    async post(user: BenchUser, p: string, body: unknown) {
      const res = await fetch(url(p), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: user.cookie, [CSRF_HEADER]: user.csrf },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    },
  };
}

export const writeHeaders = (user: BenchUser) => ({
  'content-type': 'application/json',
  cookie: user.cookie,
  [CSRF_HEADER]: user.csrf,
});
