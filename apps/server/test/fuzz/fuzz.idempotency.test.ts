import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, API_PREFIX, IDEMPOTENCY_HEADER } from '@svp/shared';
import type { Client } from '../helpers.js';
import { replyProblems } from './oracle.js';
import { runs, seedFor } from './runner.js';
import { changedTables, snapshot } from './snapshot.js';
import { createWorld, ensureRole, type World } from './world.js';

// Idempotency-Key abuse on routes that take one: malformed keys, reuse with another body, another caller.
let world: World;
beforeAll(async () => {
  world = await createWorld(65);
}, 120_000);
afterAll(() => world?.close());

const KEY = /^[A-Za-z0-9_-]{8,100}$/;
const validKey = fc.stringMatching(KEY);
let used = 0;
/** A generated key made unique, so no run replays a reply stored by an earlier run. */
const unique = (key: string) => `${++used}_${key}`.slice(0, 100);
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) });
const badKey: fc.Arbitrary<string | string[]> = fc.oneof(
  printable.filter((s) => !KEY.test(s)),
  fc.constantFrom('', 'short', 'a'.repeat(101), 'a'.repeat(10_000), 'key with spaces', "' OR 1=1 --", '../../x/y'),
  fc.tuple(validKey, validKey).map(([a, b]) => [a, b]),
);
/** Idempotent routes with a body each accepts, so only the key decides the outcome. */
const TARGETS = [
  { path: API.tickets, body: (n: string) => ({ subject: `Subject ${n}`, message: 'Body' }) },
  { path: API.topup, body: (n: string) => ({ amount: String(10 + n.length) }) },
  { path: API.referral, body: () => ({ source: 'generate' }) },
];

const post = (client: Client, path: string, body: unknown, key: string | string[]) =>
  client.request({
    method: 'POST',
    url: API_PREFIX + path,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', [IDEMPOTENCY_HEADER]: key as string },
  });

async function check<Ts extends [unknown, ...unknown[]]>(name: string, property: fc.IAsyncProperty<Ts>) {
  await ensureRole(world, 'user');
  const details = await fc.check(property, {
    seed: seedFor('idempotency', name),
    numRuns: runs(15),
    endOnFailure: true,
  });
  if (details.failed) {
    throw new Error(`${String(details.errorInstance)}\n  seed ${details.seed}, path ${details.counterexamplePath}`);
  }
}

describe('fuzz: idempotency keys', () => {
  it('refuses a malformed key with a 400 before any work', async () => {
    await check(
      'malformed',
      fc.asyncProperty(badKey, fc.constantFrom(...TARGETS), async (key, target) => {
        const before = await snapshot(world.t.database.db);
        const res = await post(world.clients.user, target.path, target.body('x'), key);
        expect(res.status).toBe(400);
        expect(replyProblems(res, [key].flat())).toEqual([]);
        expect(changedTables(before, await snapshot(world.t.database.db))).toEqual([]);
      }),
    );
  });

  it('replays the stored reply for the same key and body, and does the work once', async () => {
    await check(
      'replay',
      fc.asyncProperty(validKey.map(unique), fc.constantFrom(...TARGETS), async (key, target) => {
        const first = await post(world.clients.user, target.path, target.body(key), key);
        const after = await snapshot(world.t.database.db);
        const again = await post(world.clients.user, target.path, target.body(key), key);
        expect(again.status).toBe(first.status);
        expect(again.raw).toBe(first.raw);
        expect(again.headers['idempotent-replayed']).toBe('true');
        expect(changedTables(after, await snapshot(world.t.database.db))).toEqual([]);
      }),
    );
  });

  it('refuses the same key with another body (422) and changes nothing', async () => {
    await check(
      'mismatch',
      fc.asyncProperty(validKey.map(unique), fc.constantFrom(...TARGETS), async (key, target) => {
        await post(world.clients.user, target.path, target.body(key), key);
        const before = await snapshot(world.t.database.db);
        const other = await post(world.clients.user, API.tickets, { subject: `Other ${key}`, message: 'x' }, key);
        expect(other.status).toBe(422);
        expect(other.body.error.code).toBe('IDEMPOTENCY_MISMATCH');
        expect(changedTables(before, await snapshot(world.t.database.db))).toEqual([]);
      }),
    );
  });

  it("keeps keys per caller: another user's key replays nothing of theirs", async () => {
    await ensureRole(world, 'otherUser');
    await check(
      'scope',
      fc.asyncProperty(validKey.map(unique), async (key) => {
        const body = { amount: String(10 + key.length) };
        const mine = await post(world.clients.user, API.topup, body, key);
        const theirs = await post(world.clients.otherUser, API.topup, body, key);
        expect([mine.status, theirs.status]).toEqual([200, 200]);
        expect(theirs.headers['idempotent-replayed']).toBeUndefined();
        expect(theirs.body.requestId).not.toBe(mine.body.requestId);
      }),
    );
  });
});
