/**
 * The money writes of `npm run bench:scale`: a request a user makes once (an investment, a withdrawal request, the
 * daily coins' claim) needs a fresh user each, so those users are seeded into the scale database
 * (bench/seed-users.ts) beside the million, and each request goes to the real route as the next of them, with its
 * own Idempotency-Key. These are the paths where whole-table reads hid (migrations 0022, 0023): a user's plans,
 * the platform's accounts.
 */
import { randomUUID } from 'node:crypto';
import { API, API_PREFIX, IDEMPOTENCY_HEADER } from '@svp/shared';
import { writeHeaders, type BenchUser } from '../app-under-test.js';
import { INVEST_BODY, seedCount, seedUsers, type SeedKind } from '../seed-users.js';
import { CONNECTIONS, SECONDS, timedLoad, type Figures } from './measures.js';

export interface WriteMeasure {
  name: string;
  path: string;
  body: unknown;
  /** Who may make it once: seeded before the measure, one per request. */
  seed: SeedKind;
}

export const writeMeasures: WriteMeasure[] = [
  { name: 'investment (a fresh investor each)', path: API.investments, body: INVEST_BODY, seed: 'investor' },
  {
    name: 'withdrawal request (a fresh matured plan each)',
    path: API.withdrawals,
    body: { kind: 'maturity' },
    seed: 'matured-plan',
  },
  {
    // Its first request settles the plan's daily coins since it started: the accrual reads the user's plans.
    name: "daily coins' claim (a fresh plan owner each, today's coins due)",
    path: API.rewardsDaily,
    body: {},
    seed: 'daily-coins',
  },
];

/** Seeds the measure's users: more than the run can use at any speed this machine reaches. */
export const seedFor = (url: string, m: WriteMeasure) => seedUsers(url, m.seed, seedCount(SECONDS));

/** A write's headers for `user`: the session, CSRF and a fresh Idempotency-Key, as the web client sends them. */
const headersFor = (user: BenchUser) => ({ ...writeHeaders(user), [IDEMPOTENCY_HEADER]: randomUUID() });

/** One request of the write by `user` (the plans are taken from it); the HTTP status. */
export async function sendOnce(base: string, m: WriteMeasure, user: BenchUser): Promise<number> {
  const res = await fetch(`${base}${API_PREFIX}${m.path}`, {
    method: 'POST',
    headers: headersFor(user),
    body: JSON.stringify(m.body),
  });
  return res.status;
}

/** p50 and p99 at 8 connections for `SECONDS`, each request from the next of `users`. */
export async function measureWrite(base: string, m: WriteMeasure, users: BenchUser[]): Promise<Figures> {
  let next = 0;
  const body = JSON.stringify(m.body);
  const figures = await timedLoad({
    url: `${base}${API_PREFIX}${m.path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    timeout: 60,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => ({ ...req, headers: headersFor(users[next++ % users.length]!), body }),
      },
    ],
  });
  // A user asked twice is refused (counted among the errors): the run says why.
  if (next > users.length) console.warn(`  ${m.name}: ${next} requests for ${users.length} seeded users`);
  return figures;
}
