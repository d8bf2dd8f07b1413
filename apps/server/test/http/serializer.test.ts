import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, MSG, meResponseSchema, userSnapshotSchema } from '@svp/shared';
import { buildApp } from '../../src/app.js';
import { createClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { errors } from '../../src/http/errors.js';
import { errorResponses } from '../../src/http/responses.js';
import { Client, createTestDatabase, signedInUser, TEST_EPOCH } from '../helpers.js';

/**
 * Responses are written by fast-json-stringify from JSON Schemas made once from the shared zod schemas
 * (http/serializer.ts), not checked by zod on the way out. The schema must still be the whitelist of what
 * leaves the server: these routes return more than, or other than, their schema says.
 */
const SECRET = 'argon2id$secret-hash';
const snapshot = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'probe@example.com',
  role: 'user',
  username: 'probe',
  balance: '1.00',
  tier: 'Basic',
  wallet: '0x' + 'ab'.repeat(20),
  end_time: null,
  expectedWithdrawal: '0',
  withdrawableNow: '0',
  investedAmount: '0',
  history: '',
  coins: '0',
  dailyCoins: '0',
  botEarn: '0',
  earnings: '0',
  earnedTotal: '0',
  botStatus: 0,
  referralCode: null,
  language: 'en',
} as const;

const outcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('paid'), txHash: z.string() }),
  z.object({ status: z.literal('pending'), etaMinutes: z.number().int().nullable() }),
]);
const probeSchemas = {
  snapshot: z.object({ success: z.literal(true), user: userSnapshotSchema }),
  union: z.object({
    outcome,
    labels: z.record(z.string(), z.string()),
    seenAt: z.date().optional(),
    detail: z.object({ note: z.string() }).nullable(),
    none: z.object({ note: z.string() }).nullable(),
    flag: z.union([z.literal(0), z.literal(1)]),
  }),
  tagged: z.union([
    z.object({ kind: z.literal('a'), a: z.string() }),
    z.object({ kind: z.literal('b'), b: z.string() }),
  ]),
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const started = Date.now();
  const clock = createClock(() => TEST_EPOCH + (Date.now() - started));
  app = await buildApp({ config, db: database.database.db, relaxed: database.database.relaxed, clock });
  const probe = (url: string, schema: z.ZodType, handler: () => unknown) =>
    app.get(url, { config: { access: 'public' }, schema: { response: { 200: schema, ...errorResponses } } }, async () =>
      handler(),
    );
  probe('/probe/extra', probeSchemas.snapshot, () => ({
    success: true,
    user: { ...snapshot, passwordHash: SECRET, totpSecret: SECRET },
    session: { token: SECRET },
  }));
  probe('/probe/union', probeSchemas.union, () => ({
    outcome: { status: 'paid', txHash: '0xabc', signerKey: SECRET },
    labels: { a: 'one', b: 'two' },
    seenAt: new Date(TEST_EPOCH),
    detail: { note: 'kept', hidden: SECRET },
    none: null,
    flag: 1,
    internal: SECRET,
  }));
  probe('/probe/tagged', probeSchemas.tagged, () => ({ kind: 'b', b: 'bee', a: SECRET }));
  probe('/probe/missing', probeSchemas.snapshot, () => ({ success: true, user: { id: 'x', passwordHash: SECRET } }));
  probe('/probe/no-branch', probeSchemas.tagged, () => ({ kind: 'c', secret: SECRET }));
  probe('/probe/app-error', probeSchemas.snapshot, () => {
    throw errors.notFound();
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the response schema is the whitelist of what leaves the server', () => {
  it('drops every property the schema does not declare, at any depth', async () => {
    const res = await app.inject('/probe/extra');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(SECRET);
    expect(res.json()).toEqual({ success: true, user: snapshot });
    expect(Object.keys(res.json().user).sort()).toEqual(Object.keys(userSnapshotSchema.shape).sort());
  });

  it('drops them inside unions, nullable objects and records too, and writes a Date as its ISO text', async () => {
    const union = await app.inject('/probe/union');
    expect(union.statusCode).toBe(200);
    expect(union.body).not.toContain(SECRET);
    expect(union.json()).toEqual({
      outcome: { status: 'paid', txHash: '0xabc' },
      labels: { a: 'one', b: 'two' },
      seenAt: new Date(TEST_EPOCH).toISOString(),
      detail: { note: 'kept' },
      none: null,
      flag: 1,
    });
    const tagged = await app.inject('/probe/tagged');
    expect(tagged.json()).toEqual({ kind: 'b', b: 'bee' });
  });

  it('fails closed: a value missing what the schema requires, or fitting no branch, is a 500 in our shape', async () => {
    for (const url of ['/probe/missing', '/probe/no-branch']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(500);
      expect(res.body, url).not.toContain(SECRET);
      expect(res.json(), url).toEqual({
        error: { code: 'INTERNAL', message: MSG.common.internal, key: 'MSG.common.internal', params: [] },
      });
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('writes declared errors through the same compiled whitelist', async () => {
    const res = await app.inject('/probe/app-error');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: MSG.common.notFound, key: 'MSG.common.notFound', params: [] },
    });
  });

  it('answers a real route in exactly its declared shape, and leaves raw text answers alone', async () => {
    const { client } = await signedInUser(app, '10.9.1.1');
    const me = await client.get(API.me);
    expect(me.status).toBe(200);
    expect(meResponseSchema.strict().safeParse(me.body).success).toBe(true);
    const csv = await client.get(API.historyCsv);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(typeof csv.raw).toBe('string');
  });
});

describe('request ids', () => {
  it('are a per-process prefix and a counter, on every answer: routes, refusals, unknown paths', async () => {
    const client = new Client(app, '10.9.1.2');
    const ids: string[] = [];
    for (const url of ['/api/v1/config', '/api/v1/nope', '/%61pi/v1/config', '/api/v1/me']) {
      const res = await client.request({ method: 'GET', url });
      const id = String(res.headers['x-request-id']);
      expect(id, url).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids.map((id) => id.split('-')[0])).size).toBe(1);
  });

  it('answers a router error (an over-long path parameter) with the request id and the security headers', async () => {
    const res = await app.inject(`/api/v1/tickets/${'x'.repeat(200)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(res.headers['content-security-policy']).toBeTruthy();
  });
});
