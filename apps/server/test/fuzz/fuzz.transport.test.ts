import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.js';
import { contentTypes, deepNesting, rawBodyText } from './arbitraries.js';
import { replyProblems } from './oracle.js';
import { apiRoutes, partitionOf, unboundedStrings, type FuzzRoute } from './routes.js';
import { send, seedFor, runs, BASE_SEED } from './runner.js';
import { changedTables, snapshot } from './snapshot.js';
import { createWorld, ensureRole, type Role, type World } from './world.js';
import type { FuzzCase } from './cases.js';

// Transport-level abuse on every route: size limits, content types, broken and deeply nested JSON.
let world: World;
beforeAll(async () => {
  world = await createWorld(64);
}, 120_000);
afterAll(() => world?.close());

/** A role the route lets in, so the request reaches body parsing and validation. */
const roleFor = (route: FuzzRoute): Role =>
  route.access === 'public' ? 'anonymous' : route.access === 'admin' || route.access === 'admin-mfa' ? 'admin' : 'user';

const withBody = () => world.routes.filter((r) => r.method !== 'GET');
const plain = (payload: string | undefined, contentType: string | undefined): FuzzCase => ({
  segments: {},
  query: '',
  payload,
  contentType,
  idempotencyKey: undefined,
  csrf: true,
  sent: [],
});
/** Real ids for path parameters, so a refusal is about the body and not an unknown id. */
const segmentsOf = (route: FuzzRoute) =>
  Object.fromEntries(route.params.map((p) => [p, p === 'table' ? 'users' : world.ids.victimId]));

/** Sends one case; returns the problems with the reply, plus a change to the data if it was a refusal. */
async function probe(route: FuzzRoute, c: FuzzCase, mustRefuse: boolean): Promise<string[]> {
  const role = roleFor(route);
  await ensureRole(world, role);
  const before = await snapshot(world.t.database.db);
  const res = await send(world, role, route, { ...c, segments: segmentsOf(route) });
  const after = await snapshot(world.t.database.db);
  const where = `${route.method} ${route.url}`;
  const problems = replyProblems(res, c.sent).map((p) => `${where}: ${p}`);
  if (mustRefuse && res.status < 400) problems.push(`${where}: accepted (${res.status}) ${res.raw.slice(0, 120)}`);
  const changed = changedTables(before, after);
  if (res.status >= 400 && changed.length) problems.push(`${where}: a ${res.status} reply changed ${changed}`);
  return problems;
}

const TWO_MB = 2 * 1024 * 1024;

describe('fuzz: transport', () => {
  it('covers every route of the route table in one of the fuzz files', () => {
    const partitions = new Set(world.routes.map((r) => partitionOf(r.access)));
    expect([...partitions].sort()).toEqual(['admin', 'public', 'user']);
    expect(world.routes.length).toBe(apiRoutes(world.t.app).length);
  });

  it('bounds the length of every string a request schema accepts', () => {
    const unbounded = world.routes.flatMap((r) =>
      [
        ...unboundedStrings(r.body),
        ...Object.entries(r.query).flatMap(([k, s]) => unboundedStrings(s, `?${k}`)),
        ...Object.entries(r.paramSchemas).flatMap(([k, s]) => unboundedStrings(s, `:${k}`)),
      ].map((path) => `${r.method} ${r.url} ${path}`),
    );
    expect(unbounded).toEqual([]);
  });

  it('refuses a 2 MB body on every route (413), however it is shaped', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    const big = 'a'.repeat(TWO_MB);
    for (const route of withBody()) {
      const field = Object.keys(route.body?.properties ?? {})[0] ?? 'x';
      for (const payload of [JSON.stringify({ [field]: big }), `[${'1,'.repeat(TWO_MB / 2)}1]`, `{"${big}`]) {
        problems.push(...(await probe(route, plain(payload, 'application/json'), true)));
      }
    }
    expect(problems).toEqual([]);
  });

  it('refuses a body sent as anything but JSON on every route with a body schema', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    const notJson = contentTypes.filter((t) => t === undefined || !/json/i.test(t));
    for (const route of withBody().filter((r) => r.body)) {
      const seed = seedFor('content-type', route.url);
      const details = await fc.check(
        fc.asyncProperty(notJson, fc.constantFrom('{}', '{"amount":"1"}', 'amount=1', '<x/>'), async (type, text) => {
          const found = await probe(route, plain(text, type), true);
          if (found.length) throw new Error(found.join('\n'));
        }),
        { seed, numRuns: runs(4), endOnFailure: true },
      );
      if (details.failed) problems.push(`${String(details.errorInstance)} (FUZZ_SEED=${BASE_SEED}, seed ${seed})`);
    }
    expect(problems).toEqual([]);
  });

  it('answers broken, odd and deeply nested JSON with a 4xx at most', { timeout: 60_000 }, async () => {
    const problems: string[] = [];
    for (const route of withBody()) {
      const seed = seedFor('raw-json', route.url);
      const details = await fc.check(
        fc.asyncProperty(fc.oneof(rawBodyText, deepNesting), async (text) => {
          const found = await probe(route, plain(text, 'application/json'), false);
          if (found.length) throw new Error(found.join('\n'));
        }),
        { seed, numRuns: runs(6), endOnFailure: true },
      );
      if (details.failed) problems.push(`${String(details.errorInstance)} (FUZZ_SEED=${BASE_SEED}, seed ${seed})`);
    }
    expect(problems).toEqual([]);
  });

  it('keeps the ledger invariants after all of it', async () => {
    const report = await checkLedgerInvariants(world.t.database.db);
    expect(report).toMatchObject({ ok: true });
  });
});

describe('defects the fuzz found, fixed', () => {
  // app.ts `frameworkErrors`: the router's own refusals answer in the shared error shape.
  it('answers a 101-character path parameter and a broken %-encoding in the shared shape', async () => {
    const client = world.clients.anonymous;
    for (const url of [`/api/v1/tickets/${'a'.repeat(101)}`, '/api/v1/tickets/%zz']) {
      const res = await client.request({ method: 'GET', url });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body?.error?.code).toBe('VALIDATION_ERROR');
    }
  });

  // auth.routes.ts signIn(): the presented session is rotated only once the credentials are proven.
  it('keeps the caller signed in when a login attempt is refused', async () => {
    await ensureRole(world, 'user');
    const res = await world.clients.user.post(API.login, {
      email: 'nobody-at-all@example.com',
      password: 'wrong-pass',
    });
    expect(res.status).toBe(401);
    expect((await world.clients.user.get(API.me)).status).toBe(200);
  });
});
