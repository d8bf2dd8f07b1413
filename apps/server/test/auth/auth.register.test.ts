import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, MSG } from '@svp/shared';
import { emailOutbox, users } from '../../src/db/schema.js';
import { buildTestApp, Client, PASSWORD, uniqueEmail, WALLET, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const valid = () => ({ email: uniqueEmail(), password: PASSWORD, walletAddress: WALLET, referralCode: '' });
const userCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

describe('POST /auth/register', () => {
  it('creates the account with an argon2id hash, a username and a welcome e-mail in the outbox', async () => {
    const client = new Client(t.app);
    const body = valid();
    const res = await client.post(API.register, body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MSG.register.success });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
    expect(row?.role).toBe('user');
    expect(row?.username).toMatch(/^user\d+/);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, body.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'welcome', status: 'outbox' });
  });

  it.each([
    ['missing wallet', { walletAddress: '' }, 'walletAddress', MSG.register.walletRequired],
    ['non-BEP-20 wallet', { walletAddress: '0x1234' }, 'walletAddress', MSG.register.walletInvalid],
    ['bad email', { email: 'not-an-email' }, 'email', MSG.register.emailInvalid],
    ['empty email', { email: '' }, 'email', MSG.register.emailInvalid],
    ['short password', { password: 'short' }, 'password', MSG.register.passwordShort],
    ['empty password', { password: '' }, 'password', MSG.register.passwordShort],
    ['unknown referral code', { referralCode: 'NOPE123' }, 'referralCode', MSG.register.referralUnknown],
  ])('refuses %s with the spec message and creates nothing', async (_name, change, field, message) => {
    const before = await userCount();
    const res = await new Client(t.app).post(API.register, { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.fields[field]).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('reports every invalid field at once', async () => {
    const res = await new Client(t.app).post(API.register, { email: 'x', password: '1', walletAddress: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      email: MSG.register.emailInvalid,
      password: MSG.register.passwordShort,
      walletAddress: MSG.register.walletRequired,
    });
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    const body = valid();
    expect((await new Client(t.app).post(API.register, body)).status).toBe(201);
    const res = await new Client(t.app).post(API.register, { ...body, email: body.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: MSG.register.emailTaken } });
  });

  it('lets exactly one of two simultaneous sign-ups for one address win', async () => {
    const body = valid();
    const results = await Promise.all([0, 1, 2].map(() => new Client(t.app).post(API.register, body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('links a known referral code to the referrer, case-insensitively', async () => {
    const referrer = valid();
    await new Client(t.app).post(API.register, referrer);
    await t.database.db.update(users).set({ referralCode: 'Friend_1' }).where(eq(users.email, referrer.email));
    const body = { ...valid(), referralCode: 'friend_1' };
    expect((await new Client(t.app).post(API.register, body)).status).toBe(201);
    const [ref] = await t.database.db.select().from(users).where(eq(users.email, referrer.email));
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row?.referredBy).toBe(ref?.id);
  });

  it('replays the first response for a repeated Idempotency-Key and refuses a different body', async () => {
    const client = new Client(t.app);
    const body = valid();
    const key = 'register-key-0001';
    const first = await client.post(API.register, body, { 'idempotency-key': key });
    const again = await client.post(API.register, body, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const other = await client.post(API.register, valid(), { 'idempotency-key': key });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('rejects a request without the CSRF header', async () => {
    const res = await new Client(t.app).request({
      method: 'POST',
      url: '/api/v1' + API.register,
      payload: valid(),
      csrf: false,
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'CSRF_FAILED',
      message: MSG.common.csrf,
      key: 'MSG.common.csrf',
      params: [],
    });
  });

  it.each([
    ['a string body', 'hello'],
    ['an array', [1, 2]],
    ['wrong types', { email: 5, password: true, walletAddress: null }],
    ['oversized strings', { email: 'a'.repeat(10_000) + '@x.co', password: 'p'.repeat(10_000), walletAddress: WALLET }],
  ])('answers %s with a 4xx, never a 5xx', async (_name, payload) => {
    const res = await new Client(t.app).post(API.register, payload);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.raw).not.toMatch(/stack|at .*\.ts|select |insert /i);
  });

  it('answers malformed JSON and a huge body with 4xx', async () => {
    const client = new Client(t.app);
    const bad = await client.request({
      method: 'POST',
      url: '/api/v1' + API.register,
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    const huge = await client.request({
      method: 'POST',
      url: '/api/v1' + API.register,
      payload: JSON.stringify({ x: 'a'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('limits sign-ups per address per clock hour (REGISTRATIONS_PER_IP_HOUR, 20 by default)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await new Client(t.app, '10.9.0.1').post(API.register, valid())).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    const blocked = await new Client(t.app, '10.9.0.1').post(API.register, valid());
    expect([statuses[20], blocked.status]).toEqual([429, 429]);
    expect(blocked.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: MSG.common.rateLimited,
      key: 'MSG.common.rateLimited',
      params: [],
    });
    expect((await new Client(t.app, '10.9.0.2').post(API.register, valid())).status).toBe(201);

    const roomy = await buildTestApp({ REGISTRATIONS_PER_IP_HOUR: '2' });
    try {
      const tries = [];
      for (let i = 0; i < 3; i++)
        tries.push((await new Client(roomy.app, '10.9.1.1').post(API.register, valid())).status);
      expect(tries).toEqual([201, 201, 429]);
      roomy.clock.advance(60 * 60_000); // the next clock hour is a new window
      expect((await new Client(roomy.app, '10.9.1.1').post(API.register, valid())).status).toBe(201);
    } finally {
      await roomy.close();
    }
  });
});
