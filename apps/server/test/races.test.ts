import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq } from 'drizzle-orm';
import { API } from '@svp/shared';
import { auditLog, emailOutbox } from '../src/db/schema.js';
import {
  buildTestApp,
  Client,
  registerUser,
  signedInAdmin,
  signedInUser,
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

  it('only the latest of several OTP e-mails requested at once can reset the password', async () => {
    const doubleResets: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const owner = client();
      const creds = await registerUser(owner);
      const sent = await Promise.all([0, 1, 2].map(() => client().post(API.otpRequest, { email: creds.email })));
      expect(sorted(sent)).toEqual([200, 200, 200]);
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
