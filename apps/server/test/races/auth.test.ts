import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { API } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { emailOutbox, users } from '../../src/db/schema.js';
import { buildTestApp, onPostgres, registerUser, uniqueEmail, type Response, type TestApp } from '../helpers.js';
import { raceKit } from './race-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { ROUNDS, client, sleep, sorted, whileUserRowLocked } = raceKit(() => t);

/** Every password-reset code e-mailed to `email`, newest first. */
async function mailedOtps(email: string): Promise<string[]> {
  const mails = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'password-otp')))
    .orderBy(desc(emailOutbox.createdAt));
  return mails.map((m) => /code is (\d{6})/.exec(m.body ?? '')?.[1] ?? '').filter(Boolean);
}

/** Whether another transaction holds a lock on any of the user's unused reset codes (PostgreSQL). */
async function codeRowsLocked(userId: string): Promise<boolean> {
  return t.database.db
    .transaction(async (tx) => {
      await tx.execute(
        sql`select id from password_reset_otps where user_id = ${userId} and used_at is null for update nowait`,
      );
      return false;
    })
    .catch(() => true);
}

const liveCodes = async (email: string) =>
  (
    await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from password_reset_otps o join users u on u.id = o.user_id
          where u.email = ${email} and o.used_at is null`,
    )
  )[0]!.n;
describe('auth races', () => {
  it('a password reset signs out every login that raced it with the old password', async () => {
    const survivors: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const owner = client();
      const creds = await registerUser(owner);
      expect((await owner.post(API.otpRequest, { email: creds.email })).status).toBe(200);
      const [otp] = await mailedOtps(creds.email);
      const logins = Array.from({ length: 6 }, () => client());
      const [reset, ...results] = await Promise.all([
        client().post(API.passwordReset, { email: creds.email, otp, newPassword: `new-password-${round}-x` }),
        ...logins.map(async (c, i) => {
          await sleep(i * 2);
          return c.post(API.login, { email: creds.email, password: creds.password });
        }),
      ]);
      expect(reset!.status).toBe(200);
      for (const [i, login] of results.entries()) {
        if (login.status !== 200) continue;
        // Logged in with the old password: the reset must have ended this session too.
        if ((await logins[i]!.get(API.me)).status !== 401) survivors.push(`round ${round}, login ${i}`);
      }
    }
    expect(survivors).toEqual([]);
  });

  it('leaves one live code after several OTP e-mails requested at once, and it resets the password once', async () => {
    const doubleResets: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const owner = client();
      const creds = await registerUser(owner);
      const sent = await Promise.all([0, 1, 2].map(() => client().post(API.otpRequest, { email: creds.email })));
      expect(sorted(sent)).toEqual([200, 200, 200]);
      // Each live code would get its own five guesses: only the latest may stay live.
      expect(await liveCodes(creds.email)).toBe('1');
      const codes = await mailedOtps(creds.email);
      let successes = 0;
      for (const otp of [...codes, ...codes]) {
        const res = await owner.post(API.passwordReset, { email: creds.email, otp, newPassword: `reset-${otp}-pw` });
        if (res.status === 200) successes += 1;
      }
      if (successes > 1) doubleResets.push(`round ${round}: ${successes} resets from ${codes.length} e-mails`);
    }
    expect(doubleResets).toEqual([]);
  });

  it('a reset takes the user before the code, as a resend does, so the two never deadlock', async () => {
    const owner = client();
    const creds = await registerUser(owner);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, creds.email));
    for (let round = 0; round < 3; round++) {
      t.clock.advance(15 * 60_000); // a fresh window of the per-account code-request limit
      expect((await owner.post(API.otpRequest, { email: creds.email })).status).toBe(200);
      const [otp] = await mailedOtps(creds.email);
      const newPassword = `after-resend-${round}-pw`;
      if (onPostgres) {
        // A resend holds the user's row: the reset must wait for it before touching any code row.
        let reset!: Promise<Response>;
        await whileUserRowLocked(row!.id, async () => {
          reset = client().post(API.passwordReset, { email: creds.email, otp, newPassword });
          await sleep(300);
          expect(await codeRowsLocked(row!.id)).toBe(false);
        });
        expect((await reset).status).toBe(200);
      } else {
        const [reset, resend] = await Promise.all([
          client().post(API.passwordReset, { email: creds.email, otp, newPassword }),
          client().post(API.otpRequest, { email: creds.email }),
        ]);
        // The resend retires the code when it comes first; either way both answer, neither waits for a deadlock.
        expect(resend.status).toBe(200);
        expect([200, 400]).toContain(reset.status);
      }
      expect(Number(await liveCodes(creds.email))).toBeLessThanOrEqual(1);
    }
  });

  it('counts parallel wrong OTP guesses exactly: five per code, then even the right code is refused', async () => {
    for (let round = 0; round < 3; round++) {
      const owner = client();
      const creds = await registerUser(owner);
      await owner.post(API.otpRequest, { email: creds.email });
      const [otp] = await mailedOtps(creds.email);
      const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
      const guesses = await Promise.all(
        Array.from({ length: 8 }, () =>
          client().post(API.passwordReset, { email: creds.email, otp: wrong, newPassword: 'guess-password-1' }),
        ),
      );
      expect(guesses.every((g) => g.status === 400)).toBe(true);
      const late = await owner.post(API.passwordReset, { email: creds.email, otp, newPassword: 'late-password-1' });
      expect(late.status).toBe(400);
    }
  });

  it('counts parallel login attempts exactly against the per-account limit', async () => {
    for (let round = 0; round < 3; round++) {
      const email = uniqueEmail('ghost');
      const attempts = await Promise.all(
        Array.from({ length: 14 }, () => client().post(API.login, { email, password: 'wrong-password-1' })),
      );
      expect(sorted(attempts)).toEqual([...Array(10).fill(401), ...Array(4).fill(429)]);
    }
  });

  it('gives two simultaneous sign-ups with the same e-mail local part each an account', async () => {
    const refused: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const local = `twin${round}${Date.now().toString(36)}`;
      const results = await Promise.all(
        ['a.example.com', 'b.example.com', 'c.example.com'].map((domain) =>
          client().post(API.register, {
            email: `${local}@${domain}`,
            password: 'correct-horse-battery',
            walletAddress: '0x' + 'ab'.repeat(20),
            referralCode: '',
          }),
        ),
      );
      for (const r of results) if (r.status !== 201) refused.push(`round ${round}: ${r.status} ${r.raw}`);
    }
    expect(refused).toEqual([]);
  });
});
