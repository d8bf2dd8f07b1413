import { randomBytes } from 'node:crypto';
import { authenticator } from 'otplib';
import { API } from '@svp/shared';
import { HttpClient, type Router } from './http.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './processes.js';

export interface Actor {
  id: string;
  http: HttpClient;
}

export interface StressUser extends Actor {
  idx: number;
  username: string;
  referredBy: string | null;
  /** Top-up requests the server acknowledged: paid (or paid again) by test payments. */
  topups: { requestId: string; amountToPay: string }[];
}

export interface World {
  users: StressUser[];
  admin: Actor;
}

const PASSWORD = 'stress-password-123';

/** Each user gets its own client address, so per-IP sign-up and login limits see 50 different people. */
const ipOf = (idx: number) => `10.77.${idx >> 8}.${idx & 255}`;

/**
 * Opens the sign-up's verification link as a person would: the admin reads the welcome mail on the Outbox
 * (outside production it shows each mail's links) and the user's own client opens the link's token. The run
 * keeps the product's default, withdrawals only from verified addresses.
 */
async function verifyFromOutbox(admin: Actor, user: HttpClient, email: string): Promise<void> {
  const outbox = await admin.http.must('GET', API.adminOutbox);
  const welcome = (outbox.mails as { to: string; kind: string; links: string[] }[]).find(
    (m) => m.to === email && m.kind === 'welcome',
  );
  const link = welcome?.links[0];
  if (!link) throw new Error(`no verification link on the Outbox for ${email}`);
  await user.must('POST', API.accountEmailVerify, { token: new URL(link).searchParams.get('token') });
}

async function createUser(
  router: Router,
  admin: Actor,
  idx: number,
  run: string,
  referral?: { code: string; id: string },
) {
  const http = new HttpClient(router, ipOf(idx));
  const email = `stress${idx}.${run}@example.com`;
  await http.must(
    'POST',
    API.register,
    {
      email,
      password: PASSWORD,
      walletAddress: '0x' + randomBytes(20).toString('hex'),
      referralCode: referral?.code ?? '',
    },
    201,
  );
  await verifyFromOutbox(admin, http, email);
  const login = await http.must('POST', API.login, { email, password: PASSWORD });
  const user: StressUser = {
    idx,
    id: login.user.id,
    username: login.user.username,
    http,
    referredBy: referral?.id ?? null,
    topups: [],
  };
  return user;
}

/**
 * Signs the admin in with TOTP, then registers, verifies and signs in `count` users through the API, a third of
 * them with referral codes the others sign up with (so referral bonuses are paid on first investments).
 */
export async function createWorld(router: Router, count: number, chance: (p: number) => boolean): Promise<World> {
  const admin = await signInAdmin(router);
  const run = randomBytes(3).toString('hex');
  const users: StressUser[] = [];
  const referrers: { code: string; id: string }[] = [];
  const inBatches = async (from: number, to: number, make: (idx: number) => Promise<StressUser>) => {
    for (let i = from; i < to; i += 8) {
      const batch = [];
      for (let idx = i; idx < Math.min(to, i + 8); idx++) batch.push(make(idx));
      users.push(...(await Promise.all(batch)));
    }
  };
  const firstThird = Math.max(1, Math.floor(count / 3));
  await inBatches(0, firstThird, (idx) => createUser(router, admin, idx, run));
  for (const user of users) {
    const res = await user.http.must('POST', API.referral, { source: 'generate', referralCode: '' });
    referrers.push({ code: res.referralCode, id: user.id });
  }
  await inBatches(firstThird, count, (idx) =>
    createUser(router, admin, idx, run, chance(0.5) ? referrers[idx % referrers.length] : undefined),
  );
  return { users, admin };
}

/** Password, then the second factor: enrols TOTP on the first sign-in, as the admin console does. */
export async function signInAdmin(router: Router): Promise<Actor> {
  const http = new HttpClient(router, '10.78.0.1');
  const login = await http.must('POST', API.adminLogin, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (login.mfa !== 'setup') throw new Error('expected a fresh admin who must set up TOTP');
  const { secret } = await http.must('POST', API.adminTotpSetup);
  const verified = await http.must('POST', API.adminTotpVerify, { code: authenticator.generate(secret) });
  return { id: verified.user.id, http };
}
