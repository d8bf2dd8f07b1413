import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { API } from '@svp/shared';
import { auditLog, emailOutbox, users, withdrawals } from '../src/db/schema.js';
import { queryRows } from '../src/db/client.js';
import type { Tx } from '../src/db/transaction.js';
import {
  buildTestApp,
  Client,
  invest,
  onPostgres,
  registerUser,
  signedInAdmin,
  signedInUser,
  topUp,
  uniqueEmail,
  type Response,
  type TestApp,
} from './helpers.js';

// Check-then-write races outside the ledger: real only on PostgreSQL (`npm run test:pg`); PGlite serialises.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ROUNDS = 5;
let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};
const client = () => new Client(t.app, nextIp());
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sorted = (responses: Response[]) => responses.map((r) => r.status).sort();
const ticketPath = (path: string, id: string) => path.replace(':id', id);

/** Every password-reset code e-mailed to `email`, newest first. */
async function mailedOtps(email: string): Promise<string[]> {
  const mails = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'password-otp')))
    .orderBy(desc(emailOutbox.createdAt));
  return mails.map((m) => /code is (\d{6})/.exec(m.body ?? '')?.[1] ?? '').filter(Boolean);
}

/**
 * PostgreSQL only: holds the user's row lock, as an in-flight admin edit or code request does, while
 * `during` runs; `beforeCommit` then changes what the holder changes. Shows what waits for that lock.
 */
async function whileUserRowLocked(
  userId: string,
  during: () => Promise<void>,
  beforeCommit?: (tx: Tx) => Promise<void>,
) {
  let release!: () => void;
  let locked!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const taken = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    locked();
    await gate;
    await beforeCommit?.(tx);
  });
  await taken;
  try {
    await during();
  } finally {
    release();
  }
  await holder;
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

describe('tickets, profile and referral races', () => {
  it('holds the 2-tickets-per-24-hours limit against parallel posts', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { client: user } = await signedInUser(t.app, nextIp());
      const posts = await Promise.all(
        Array.from({ length: 5 }, (_, i) => user.post(API.tickets, { subject: `S${i}`, message: 'Help' })),
      );
      expect(sorted(posts)).toEqual([200, 200, 429, 429, 429]);
      expect((await user.get(API.tickets)).body.tickets).toHaveLength(2);
    }
  });

  it('a user reply racing the admin closing the ticket never reopens it', async () => {
    const admin = await signedInAdmin(t, nextIp());
    const reopened: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const { client: user } = await signedInUser(t.app, nextIp());
      const id: string = (await user.post(API.tickets, { subject: 'Race', message: 'First' })).body.ticket.id;
      const [close] = await Promise.all([
        admin.client.post(ticketPath(API.adminTicketClose, id)),
        ...[0, 1, 2].map(() => user.post(ticketPath(API.ticketMessages, id), { message: 'Late reply' })),
      ]);
      expect(close!.status).toBe(200);
      const status = (await admin.client.get(ticketPath(API.adminTicket, id))).body.ticket.status;
      if (status !== 'closed') reopened.push(`round ${round}: ${status}`);
    }
    expect(reopened).toEqual([]);
  });

  it('gives one username to one of two users asking for it at once', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const a = await signedInUser(t.app, nextIp());
      const b = await signedInUser(t.app, nextIp());
      const username = `Taken_${round}_${Date.now().toString(36)}`;
      const results = await Promise.all([
        a.client.post(API.profileUsername, { username }),
        b.client.post(API.profileUsername, { username: username.toLowerCase() }),
      ]);
      expect(sorted(results)).toEqual([200, 409]);
    }
  });

  it('sets a referral code once even when several saves race', async () => {
    for (let round = 0; round < 3; round++) {
      const { client: user } = await signedInUser(t.app, nextIp());
      const results = await Promise.all(
        ['generate', 'custom', 'custom'].map((source, i) =>
          user.post(API.referral, { source, referralCode: `code_${round}_${i}_${Date.now().toString(36)}` }),
        ),
      );
      expect(sorted(results)).toEqual([200, 409, 409]);
    }
  });
});

describe('admin races', () => {
  it('pays a withdrawal requested during an admin wallet edit to the wallet that edit leaves', async () => {
    const u = await signedInUser(t.app, nextIp());
    await topUp(u.client, '100');
    expect((await invest(u.client, 'gold', '100')).status).toBe(200);
    const edited = '0x' + '5e'.repeat(20);
    let request!: Promise<Response>;
    if (onPostgres) {
      // The admin's edit holds the user's row; the request reads the wallet only once the edit committed.
      await whileUserRowLocked(
        u.user.id,
        async () => {
          request = u.client.post(API.withdrawals, { kind: 'break' });
          await sleep(300);
        },
        async (tx) => {
          await tx.execute(sql`update users set wallet_address = ${edited} where id = ${u.user.id}`);
        },
      );
    } else {
      const admin = await signedInAdmin(t, nextIp());
      await admin.client.post(API.adminUserField.replace(':id', u.user.id), { field: 'walletAddress', value: edited });
      request = u.client.post(API.withdrawals, { kind: 'break' });
    }
    const res = await request;
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, u.user.id));
    expect(row!.wallet).toBe(edited);
  });

  it('audits each of several simultaneous edits of one field against the value it replaced', async () => {
    const admin = await signedInAdmin(t, nextIp());
    const { user } = await signedInUser(t.app, nextIp());
    const broken: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const results = await Promise.all(
        [0, 1, 2].map((i) =>
          admin.client.post(API.adminUserField.replace(':id', user.id), { field: 'name', value: `Name ${round}.${i}` }),
        ),
      );
      expect(sorted(results)).toEqual([200, 200, 200]);
    }
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, user.id), eq(auditLog.action, 'user.update')))
      .orderBy(asc(auditLog.id));
    expect(entries).toHaveLength(ROUNDS * 3);
    let current: unknown = null;
    for (const entry of entries) {
      const { before, after } = entry as { before: { name: unknown }; after: { name: unknown } };
      if (before.name !== current)
        broken.push(`entry ${entry.id}: before ${String(before.name)}, was ${String(current)}`);
      current = after.name;
    }
    expect(broken).toEqual([]);
  });
});
