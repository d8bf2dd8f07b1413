import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API, MSG, SESSION_COOKIE } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { sessions, users } from '../../src/db/schema.js';
import { adminSignIn, buildTestApp, Client, createAdmin, registerUser, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('POST /auth/login (users) and /auth/admin/login (admins)', () => {
  it('signs a user in by e-mail with an HttpOnly SameSite=Lax session cookie and returns the §3 snapshot', async () => {
    const client = new Client(t.app, '10.1.0.1');
    const creds = await registerUser(client);
    const res = await client.post(API.login, { email: creds.email.toUpperCase(), password: creds.password });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      email: creds.email,
      role: 'user',
      balance: '0',
      tier: 'No Plan',
      investedAmount: '0',
      coins: '0',
      dailyCoins: '0',
      botStatus: 0,
      end_time: null,
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(new RegExp(`${SESSION_COOKIE}=[^;]+;.*HttpOnly`));
    expect(setCookie).toMatch(/SameSite=Lax/);
    const me = await client.get(API.me);
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe(creds.email);
  });

  it('accepts a phone number instead of an e-mail', async () => {
    const client = new Client(t.app, '10.1.0.2');
    const creds = await registerUser(client);
    await t.database.db.update(users).set({ phone: '+15550001' }).where(eq(users.email, creds.email));
    const res = await client.post(API.login, { email: '+15550001', password: creds.password });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(creds.email);
  });

  it('says the same thing for a wrong password and an unknown account', async () => {
    const client = new Client(t.app, '10.1.0.3');
    const creds = await registerUser(client);
    const wrong = await client.post(API.login, { email: creds.email, password: 'wrong-password' });
    const unknown = await client.post(API.login, { email: 'nobody@example.com', password: 'wrong-password' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body.error).toEqual({
        code: 'INVALID_CREDENTIALS',
        message: MSG.login.invalid,
        key: 'MSG.login.invalid',
        params: [],
      });
    }
    const admin = await client.post(API.adminLogin, { email: 'nobody@example.com', password: 'x' });
    expect(admin.body.error.message).toBe(MSG.adminLogin.invalid);
  });

  it('needs both fields', async () => {
    const res = await new Client(t.app, '10.1.0.4').post(API.login, { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.login.bothRequired);
  });

  it('admits only users at / and only admins at /admin, without creating a session', async () => {
    const client = new Client(t.app, '10.1.0.5');
    const creds = await registerUser(client);
    const admin = await createAdmin(t);
    const userAtAdmin = await client.post(API.adminLogin, { email: creds.email, password: creds.password });
    expect(userAtAdmin.status).toBe(403);
    expect(userAtAdmin.body.error).toEqual({
      code: 'ROLE_DENIED',
      message: MSG.adminLogin.adminOnly,
      key: 'MSG.adminLogin.adminOnly',
      params: [],
    });
    const adminAtUser = await client.post(API.login, { email: admin.email, password: admin.password });
    expect(adminAtUser.status).toBe(403);
    expect(adminAtUser.body.error).toEqual({
      code: 'ROLE_DENIED',
      message: MSG.login.userOnly,
      key: 'MSG.login.userOnly',
      params: [],
    });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    const adminOk = await client.post(API.adminLogin, { email: admin.email, password: admin.password });
    expect(adminOk.status).toBe(200);
    expect(adminOk.body.mfa).toBe('setup');
  });

  it('refuses a disabled account and ends its live sessions', async () => {
    const client = new Client(t.app, '10.1.0.6');
    const creds = await registerUser(client);
    expect((await client.post(API.login, creds)).status).toBe(200);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.email, creds.email));
    expect((await client.get(API.me)).status).toBe(401);
    const res = await new Client(t.app, '10.1.0.6').post(API.login, creds);
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe(MSG.login.disabled);
  });

  it('ends a session at once when its user changes role, on GET /me as on any route', async () => {
    for (const [from, to] of [
      ['user', 'admin'],
      ['admin', 'user'],
    ] as const) {
      const client = new Client(t.app, '10.1.0.16');
      if (from === 'user') {
        const creds = await registerUser(client);
        expect((await client.post(API.login, creds)).status).toBe(200);
      } else {
        await adminSignIn(t, client, await createAdmin(t));
      }
      const me = await client.get(API.me);
      expect(me.status).toBe(200);
      await t.database.db.update(users).set({ role: to }).where(eq(users.id, me.body.user.id));
      expect((await client.get(API.me)).status, `${from} → ${to}`).toBe(401);
      const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, me.body.user.id));
      expect(left).toEqual([]);
    }
  });

  it('logout ends the server session, not just the cookie', async () => {
    const client = new Client(t.app, '10.1.0.7');
    const creds = await registerUser(client);
    await client.post(API.login, creds);
    const stolen = client.cookies.get(SESSION_COOKIE)!;
    expect((await client.post(API.logout)).status).toBe(200);
    expect((await client.get(API.me)).status).toBe(401);
    const thief = new Client(t.app, '10.9.9.9');
    thief.cookies.set(SESSION_COOKIE, stolen);
    expect((await thief.get(API.me)).status).toBe(401);
  });

  it('rotates the session on every login', async () => {
    const client = new Client(t.app, '10.1.0.8');
    const creds = await registerUser(client);
    await client.post(API.login, creds);
    const first = client.cookies.get(SESSION_COOKIE)!;
    await client.post(API.login, creds);
    const second = client.cookies.get(SESSION_COOKIE)!;
    expect(second).not.toBe(first);
    const old = new Client(t.app);
    old.cookies.set(SESSION_COOKIE, first);
    expect((await old.get(API.me)).status).toBe(401);
  });

  it('expires an idle session and keeps an active one (test clock)', async () => {
    const client = new Client(t.app, '10.1.0.9');
    const creds = await registerUser(client);
    await client.post(API.login, creds);
    t.clock.advance(6 * 24 * 3_600_000);
    expect((await client.get(API.me)).status).toBe(200);
    t.clock.advance(8 * 24 * 3_600_000);
    expect((await client.get(API.me)).status).toBe(401);
    const [left] = await t.database.db.select().from(sessions).where(eq(sessions.ip, '10.1.0.9'));
    expect(left).toBeUndefined();
  });

  it('gives admin sessions a shorter idle timeout', async () => {
    const admin = await createAdmin(t);
    const client = new Client(t.app, '10.1.0.10');
    await adminSignIn(t, client, admin);
    t.clock.advance(20 * 60_000);
    expect((await client.get(API.me)).status).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await client.get(API.me)).status).toBe(401);
  });
});

describe('login rate limits', () => {
  it('limits attempts per account before checking the password (429 with a clear message)', async () => {
    const creds = await registerUser(new Client(t.app, '10.2.0.1'));
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // A different IP each time: only the per-account counter can stop this.
      const res = await new Client(t.app, `10.2.1.${i}`).post(API.login, { email: creds.email, password: 'wrong' });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const blocked = await new Client(t.app, '10.2.2.1').post(API.login, creds);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: MSG.common.rateLimited,
      key: 'MSG.common.rateLimited',
      params: [],
    });
    t.clock.advance(16 * 60_000);
    expect((await new Client(t.app, '10.2.2.2').post(API.login, creds)).status).toBe(200);
  });

  it('counts every spelling that reaches one account against its limit (İ is i to PostgreSQL)', async () => {
    const email = `victim.${Date.now()}@example.com`;
    const creds = await registerUser(new Client(t.app, '10.2.3.1'), { email });
    for (let i = 0; i < 10; i++) {
      await new Client(t.app, `10.2.4.${i}`).post(API.login, { email, password: 'wrong' });
    }
    // JavaScript lowercases U+0130 to "i̇", PostgreSQL's lower() to "i": the text differs, the account not.
    const other = email.replace('victim', 'vİctim');
    const guess = await new Client(t.app, '10.2.5.1').post(API.login, { email: other, password: 'wrong' });
    const right = await new Client(t.app, '10.2.5.2').post(API.login, { email: other, password: creds.password });
    expect(right.status).not.toBe(200);
    // Where the database reaches the account by that spelling, its limit stops both; elsewhere (a
    // database whose lower() leaves İ alone) the text reaches no account at all.
    const [{ same } = { same: false }] = await queryRows<{ same: boolean }>(
      t.database.db,
      sql`select lower(${other}) = lower(${email}) as same`,
    );
    expect([guess.status, right.status]).toEqual(same ? [429, 429] : [401, 401]);
  });

  it('limits attempts per IP across accounts, on the admin login too', async () => {
    const client = new Client(t.app, '10.3.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      statuses.push((await client.post(API.adminLogin, { email: `x${i}@example.com`, password: 'nope' })).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual([429, 429]);
  });

  it('takes the per-IP limit from LOGINS_PER_IP_15_MIN; the next quarter hour is a new window', async () => {
    const roomy = await buildTestApp({ LOGINS_PER_IP_15_MIN: '3' });
    try {
      const client = new Client(roomy.app, '10.3.1.1');
      const attempt = async (i: number) =>
        (await client.post(API.login, { email: `y${i}@example.com`, password: 'nope' })).status;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push(await attempt(i));
      expect(statuses).toEqual([401, 401, 401, 429]);
      roomy.clock.advance(15 * 60_000);
      expect(await attempt(4)).toBe(401);
    } finally {
      await roomy.close();
    }
  });

  it('takes the per-account limit from LOGINS_PER_ACCOUNT_15_MIN', async () => {
    const strict = await buildTestApp({ LOGINS_PER_ACCOUNT_15_MIN: '2' });
    try {
      const creds = await registerUser(new Client(strict.app, '10.3.2.1'));
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await new Client(strict.app, `10.3.3.${i}`).post(API.login, { email: creds.email, password: 'wrong' }))
            .status,
        );
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await strict.close();
    }
  });

  it('holds under a burst: 40 attempts at once let exactly the limit through, per account and per IP', async () => {
    const creds = await registerUser(new Client(t.app, '10.4.0.1'));
    const perAccount = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        new Client(t.app, `10.4.1.${i}`).post(API.login, { email: creds.email, password: 'wrong' }),
      ),
    );
    expect(perAccount.filter((r) => r.status === 401)).toHaveLength(10);
    expect(perAccount.filter((r) => r.status === 429)).toHaveLength(30);

    const oneIp = new Client(t.app, '10.4.2.1');
    const perIp = await Promise.all(
      Array.from({ length: 40 }, (_, i) => oneIp.post(API.login, { email: `burst${i}@example.com`, password: 'nope' })),
    );
    expect(perIp.filter((r) => r.status === 401)).toHaveLength(30);
    expect(perIp.filter((r) => r.status === 429)).toHaveLength(10);
  });
});
