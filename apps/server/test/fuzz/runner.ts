import fc from 'fast-check';
import { IDEMPOTENCY_HEADER } from '@svp/shared';
import type { Response } from '../helpers.js';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.js';
import { caseFor, type FuzzCase } from './cases.js';
import { describeCase, replyProblems } from './oracle.js';
import { fillPath, type FuzzRoute } from './routes.js';
import { changedTables, snapshot } from './snapshot.js';
import { ensureRole, type Role, type World } from './world.js';

/** Base seed of every property; FUZZ_SEED replays another run, FUZZ_RUNS scales the effort. */
export const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20_260_302);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
export const runs = (n: number) => Math.max(1, Math.round(n * SCALE));

/** A fixed seed per (role, route): each property replays alone, whatever ran before it. */
export function seedFor(...parts: string[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join(' ')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (h ^ BASE_SEED) | 0;
}

export function allowed(role: Role, route: FuzzRoute): boolean {
  switch (route.access) {
    case 'public':
      return true;
    case 'authenticated':
      return role !== 'anonymous';
    case 'admin-mfa':
    case 'admin':
      return role === 'admin';
    case 'user':
    case 'user-mfa':
      return role === 'user' || role === 'otherUser';
  }
}

/** Routes after which the caller may have no session any more. */
const ENDS_SESSION = /\/auth\/(login|admin\/login|logout)$/;

export async function send(world: World, role: Role, route: FuzzRoute, c: FuzzCase): Promise<Response> {
  const headers: Record<string, string | string[]> = {};
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  if (c.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = c.idempotencyKey;
  const client = world.clients[role];
  const url = fillPath(route.url, c.segments) + (c.query ? `?${c.query}` : '');
  const res = await client.request({
    method: route.method as 'GET',
    url,
    ...(c.payload === undefined ? {} : { payload: c.payload }),
    headers: headers as Record<string, string>,
    csrf: c.csrf,
  });
  // The test clock is public: put it back at once so no later request runs years ahead.
  if (route.url.endsWith('/test/clock')) world.t.clock.reset();
  return res;
}

/**
 * Fuzzes one route as one role. Every reply is checked; every 4xx is bracketed by database
 * snapshots and must leave them equal. Returns failure reports (empty when the property held).
 */
export async function fuzzRoute(
  world: World,
  route: FuzzRoute,
  role: Role,
  numRuns: number,
): Promise<{ failures: string[]; statuses: number[] }> {
  const statuses: number[] = [];
  const seed = seedFor(role, route.method, route.url);
  const db = world.t.database.db;
  await ensureRole(world, role);
  let before = await snapshot(db);
  const property = fc.asyncProperty(caseFor(route, world), async (c) => {
    if (ENDS_SESSION.test(route.url)) {
      await ensureRole(world, role);
      before = await snapshot(db);
    }
    const res = await send(world, role, route, c);
    statuses.push(res.status);
    const after = await snapshot(db);
    const problems = replyProblems(res, c.sent);
    const ok = res.status >= 200 && res.status < 300;
    if (!allowed(role, route) && ok) problems.push(`${role} was let through (${res.status})`);
    if (!c.csrf && ok) problems.push(`accepted without a CSRF token (${res.status})`);
    if (role === 'otherUser' && ok && world.ownedByUser.some((id) => c.payload?.includes(id) || hasSegment(c, id))) {
      problems.push(`another user's id was accepted (${res.status}): ${res.raw.slice(0, 200)}`);
    }
    if (res.status >= 400 && res.status < 500) {
      const changed = changedTables(before, after);
      if (changed.length)
        problems.push(`a ${res.status} reply changed ${changed.join(', ')}: ${res.raw.slice(0, 200)}`);
    }
    before = after;
    if (problems.length) throw new Error(problems.join('\n'));
  });
  const details = await fc.check(property, { seed, numRuns, endOnFailure: true });
  const failures: string[] = [];
  if (details.failed) {
    const error =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    failures.push(
      `${role} ${route.method} ${route.url}\n  ${error.replace(/\n/g, '\n  ')}\n` +
        `  replay: FUZZ_SEED=${BASE_SEED} (property seed ${details.seed}, path ${details.counterexamplePath})\n` +
        `  case: ${describeCase(details.counterexample?.[0])}`,
    );
  }
  const invariants = await checkLedgerInvariants(db);
  if (!invariants.ok) failures.push(`ledger invariants broken after ${role} ${route.method} ${route.url}`);
  return { failures, statuses };
}

const hasSegment = (c: FuzzCase, id: string) => Object.values(c.segments).some((s) => s.toLowerCase() === id);
