import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { CSRF_COOKIE, CSRF_HEADER } from '@svp/shared';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../src/http/access.js';
import { Client, signedInAdmin, signedInUser, type TestApp } from '../helpers.js';

export interface ReviewedRoute {
  method: string;
  url: string;
  access: Access;
}

/** The reviewed access table (access-table.txt): what each route must demand, kept apart from the code. */
export function reviewedAccessTable(): ReviewedRoute[] {
  const text = readFileSync(new URL('./access-table.txt', import.meta.url), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [method, url, access] = line.trim().split(/\s+/);
      return { method: method!, url: url!, access: access as Access };
    });
}

/**
 * The routes the router really holds, counted from its own print-out rather than from our access hook:
 * "METHOD path" per route, HEAD twins aside. The print-out shortens some wildcard paths and shows a plugin's
 * prefix root twice ("/api/docs" and "/api/docs/", one registration), so compare counts, not texts.
 */
export function routerRoutes(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') out.push(`${method} ${stack.join('')}`);
  }
  const printed = new Set(out);
  return out.filter((route) => !printed.has(route + '/')).sort();
}

/** A concrete path for a route pattern: parameters and wildcards filled in. */
export const concretePath = (url: string) =>
  url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

export type CallerName = 'anonymous' | 'user' | 'otherUser' | 'admin';

/** Whether a caller of this kind may pass the route's access rule. */
export function mayPass(access: Access, caller: CallerName): boolean {
  const role = caller === 'anonymous' ? null : caller === 'admin' ? 'admin' : 'user';
  return (
    access === 'public' ||
    (access === 'authenticated' && role !== null) ||
    (access === 'admin-mfa' && role === 'admin') ||
    (access === 'user-mfa' && role === 'user') ||
    access === role
  );
}

let ip = 0;
/** Fresh signed-in callers (each with its own address, so rate limits of one cannot skew another). */
export async function freshCallers(t: TestApp, net = '10.7') {
  const user = await signedInUser(t.app, `${net}.0.${++ip}`);
  const other = await signedInUser(t.app, `${net}.0.${++ip}`);
  const admin = await signedInAdmin(t, `${net}.0.${++ip}`);
  const callers: Record<CallerName, Client> = {
    anonymous: new Client(t.app, `${net}.0.${++ip}`),
    user: user.client,
    otherUser: other.client,
    admin: admin.client,
  };
  return { callers, userEmail: user.email };
}

/** A request whose body passes no schema: what is checked is who gets past access control. */
export const probe = (client: Client, method: string, url: string) =>
  client.request({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });

/**
 * A request sent over a real socket with its path exactly as given: `app.inject` would resolve dot segments
 * and backslashes before the server saw them, as no attacker's client has to.
 */
export function rawProbe(
  port: number,
  client: Client,
  method: string,
  path: string,
): Promise<{ status: number; body: string }> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const headers: Record<string, string> = { cookie, [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '' };
  const payload = method === 'GET' ? undefined : '{}';
  if (payload) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Spellings of a path that no browser sends, each of which the router would decode to the same route:
 * encoded letters in the prefix and the last segment, encoded slashes, dot segments, doubled slashes, matrix
 * parameters, a backslash; plus a trailing slash and another letter case, which are other paths here.
 */
export function unusualSpellings(path: string): string[] {
  const encode = (c: string, lower = false) => {
    const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
    return '%' + (lower ? hex : hex.toUpperCase());
  };
  const segments = path.split('/');
  const last = segments.findLastIndex((s) => s !== '');
  const withSegment = (i: number, value: string) => segments.map((s, j) => (j === i ? value : s)).join('/');
  const out = new Set<string>([
    withSegment(1, encode(segments[1]![0]!) + segments[1]!.slice(1)),
    withSegment(1, segments[1]!.slice(0, -1) + encode(segments[1]!.at(-1)!, true)),
    withSegment(last, segments[last]!.slice(0, -1) + encode(segments[last]!.at(-1)!)),
    '/' + path,
    path.replace(/^(\/[^/]+)\//, '$1//'),
    path.replace(/^(\/[^/]+)/, '$1/.'),
    path.replace(/^(\/[^/]+)\/([^/]+)/, '$1/$2/../$2'),
    path.replace(/^(\/[^/]+)\/([^/]+)/, '$1/$2/%2e%2e/$2'),
    path.replace(/^(\/[^/]+)\//, '$1%2F'),
    path.replace(/^(\/[^/]+)\//, '$1%2f'),
    path.replace(/^(\/[^/]+)\//, '$1%5C'),
    path.replace(/^(\/[^/]+)\//, '$1\\'),
    path.replace(/^(\/[^/]+)/, '$1;v=1'),
    path + ';jsessionid=1',
    path + '/',
    path.toUpperCase(),
    segments.map((s, j) => (j === last ? s.charAt(0).toUpperCase() + s.slice(1) : s)).join('/'),
  ]);
  out.delete(path);
  return [...out];
}
