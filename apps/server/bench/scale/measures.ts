/** What `npm run bench:scale` measures, over HTTP against the real server, at 8 connections. */
import autocannon from 'autocannon';
import { API, API_PREFIX, CSRF_COOKIE, SESSION_COOKIE } from '@svp/shared';
import { adminToken, HEAVY_USER, sessionToken, userEmail } from './seed.js';

export const CONNECTIONS = 8;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);

export interface Figures {
  p50: number;
  p99: number;
  /** Requests that answered something other than 2xx, or failed. */
  errors: number;
  requests: number;
}

export interface HttpMeasure {
  name: string;
  paths: string[];
  cookie: string;
}

const cookieOf = (token: string) => `${CSRF_COOKIE}=scale-csrf; ${SESSION_COOKIE}=${token}`;
const p = (path: string) => `${API_PREFIX}${path}`;

/**
 * The HTTP measures for a database of `users` users. The caller of the user-facing pages is a user in the
 * middle of the leaderboard; the history pages are read by the user with the long history.
 */
export function httpMeasures(users: number): HttpMeasure[] {
  const middle = cookieOf(sessionToken(Math.ceil(users / 2)));
  const heavy = cookieOf(sessionToken(HEAVY_USER));
  const admin = cookieOf(adminToken);
  return [
    { name: 'GET /me', paths: [p(API.me)], cookie: middle },
    {
      name: 'dashboard first requests (/me, /config, /bot, /rewards)',
      paths: [API.me, API.config, API.bot, API.rewards].map(p),
      cookie: middle,
    },
    { name: 'staking leaderboard (top 100 + own rank)', paths: [p(API.stakingLeaderboard)], cookie: middle },
    {
      name: 'admin lookup by e-mail',
      paths: [p(`${API.adminUserLookup}?email=${encodeURIComponent(userEmail(Math.ceil(users / 3)))}`)],
      cookie: admin,
    },
    { name: 'admin users table', paths: [p(API.adminUsers)], cookie: admin },
    { name: 'history page (user with 100,000 entries)', paths: [p(API.history)], cookie: heavy },
    { name: 'history CSV export (100,000 entries)', paths: [p(API.historyCsv)], cookie: heavy },
    { name: 'admin overview', paths: [p(API.adminOverview)], cookie: admin },
  ];
}

/** One request of each path, timed: whether the measure fits a few seconds of load, and a check that it answers. */
export async function probe(base: string, m: HttpMeasure): Promise<number> {
  let took = 0;
  // Twice: the first request of a route pays for its statements' first planning and the process's warm-up.
  for (let round = 0; round < 2; round++) {
    const started = performance.now();
    for (const path of m.paths) {
      const res = await fetch(base + path, { headers: { cookie: m.cookie } });
      const body = await res.arrayBuffer();
      if (!res.ok) {
        throw new Error(`${m.name}: ${path} answered ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
      }
    }
    took = performance.now() - started;
  }
  return took;
}

/**
 * Runs an autocannon load and answers its p50 and p99 from each answered request's own time (autocannon's
 * 'response' event, in fractions of a millisecond): autocannon's own histogram keeps whole milliseconds, too coarse
 * for requests of a few.
 */
export async function timedLoad(options: autocannon.Options): Promise<Figures> {
  const timings: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon(options, (error: unknown, done: autocannon.Result) =>
      error ? reject(error as Error) : resolve(done),
    );
    run.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) timings.push(ms);
    });
  });
  return { ...percentiles(timings, result.errors + result.non2xx + result.timeouts), requests: result.requests.total };
}

/**
 * p50 and p99 latency at 8 connections. A measure whose single request takes long is run for a fixed
 * number of requests instead of a duration, so every request started is one that finishes and counts.
 */
export const measure = (base: string, m: HttpMeasure, probeMs: number): Promise<Figures> =>
  timedLoad({
    url: base,
    connections: CONNECTIONS,
    ...(probeMs > 500 ? { amount: CONNECTIONS * 2 } : { duration: SECONDS }),
    timeout: 300,
    headers: { cookie: m.cookie },
    requests: m.paths.map((path) => ({ method: 'GET', path })),
  });

/** p50 and p99 of timings taken one at a time (the watcher pass, the invariant report). */
export function percentiles(timings: number[], errors = 0): Figures {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: round(at(0.5)), p99: round(at(0.99)), errors, requests: sorted.length };
}

const round = (ms: number) => Math.round(ms * 100) / 100;
