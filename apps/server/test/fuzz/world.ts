import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema.js';
import { API, SESSION_COOKIE } from '@svp/shared';
import {
  buildTestApp,
  Client,
  invest,
  signedInAdmin,
  signedInUser,
  topUp,
  type Response,
  type TestApp,
} from '../helpers.js';
import { fuzzRoutes, type FuzzRoute } from './routes.js';

export const ROLES = ['anonymous', 'user', 'otherUser', 'admin'] as const;
export type Role = (typeof ROLES)[number];

interface Account {
  id: string;
  role: 'user' | 'admin';
}

/**
 * One app with people and things to aim at: `user` owns a ticket, a top-up request and an active
 * investment; `otherUser` is a second customer who is handed `user`'s ids; `victim` is the customer
 * the admin's routes act on (so the fuzzing callers are never disabled or demoted by it).
 */
export interface World {
  t: TestApp;
  routes: FuzzRoute[];
  clients: Record<Role, Client>;
  accounts: Record<Exclude<Role, 'anonymous'>, Account>;
  ids: {
    userId: string;
    userTicket: string;
    userTopup: string;
    otherUserId: string;
    otherTicket: string;
    otherUsername: string;
    victimId: string;
    victimTicket: string;
    victimWithdrawal: string;
  };
  /** Ids only `user` may see or act on: `otherUser` must never get a 2xx naming one. */
  ownedByUser: string[];
  nextIp(): string;
  close(): Promise<void>;
}

export async function createWorld(subnet: number): Promise<World> {
  const t = await buildTestApp();
  let host = 0;
  const nextIp = () => `10.${subnet}.${Math.floor(++host / 250)}.${(host % 250) + 1}`;

  const user = await signedInUser(t.app, nextIp());
  await topUp(user.client, '500');
  await expectOk(invest(user.client, 'standard', '50'));
  const userTicket = (await expectOk(user.client.post(API.tickets, { subject: 'Help', message: 'Hello' }))).ticket.id;
  const userTopup = (await expectOk(user.client.post(API.topup, { amount: '25' }))).requestId;

  const other = await signedInUser(t.app, nextIp());
  await topUp(other.client, '100');
  const otherTicket = (await expectOk(other.client.post(API.tickets, { subject: 'Mine', message: 'Hi' }))).ticket.id;

  const victim = await signedInUser(t.app, nextIp());
  await topUp(victim.client, '200');
  await expectOk(invest(victim.client, 'platinum', '100'));
  const victimWithdrawal = (await expectOk(victim.client.post(API.withdrawals, { kind: 'break' }))).withdrawal.id;
  const victimTicket = (await expectOk(victim.client.post(API.tickets, { subject: 'Q', message: 'Why?' }))).ticket.id;

  const admin = await signedInAdmin(t, nextIp());

  return {
    t,
    routes: fuzzRoutes(t.app),
    clients: {
      anonymous: new Client(t.app, nextIp()),
      user: user.client,
      otherUser: other.client,
      admin: admin.client,
    },
    accounts: {
      user: { id: user.user.id, role: 'user' },
      otherUser: { id: other.user.id, role: 'user' },
      admin: { id: admin.id, role: 'admin' },
    },
    ids: {
      userId: user.user.id,
      userTicket,
      userTopup,
      otherUserId: other.user.id,
      otherTicket,
      otherUsername: other.user.username,
      victimId: victim.user.id,
      victimTicket,
      victimWithdrawal,
    },
    ownedByUser: [userTicket, userTopup],
    nextIp,
    close: () => t.close(),
  };
}

async function expectOk(pending: Promise<Response>): Promise<Response['body']> {
  const res = await pending;
  if (res.status !== 200) throw new Error(`fuzz world setup failed: ${res.status} ${res.raw}`);
  return res.body;
}

/**
 * Makes sure a role's client is what it says: anonymous has no session, the others a live one.
 * A lost session (logout, a login attempt, an expired clock) is replaced straight in the session
 * store, so re-arming costs no password hashing and no second factor.
 */
export async function ensureRole(world: World, role: Role): Promise<void> {
  if (role === 'anonymous') {
    world.clients.anonymous = new Client(world.t.app, world.nextIp());
    return;
  }
  const client = world.clients[role];
  if ((await client.get(API.me)).status === 200) return;
  const account = world.accounts[role];
  const ip = world.nextIp();
  const [row] = await world.t.database.db.select().from(users).where(eq(users.id, account.id));
  const token = await world.t.app.services.sessions.create(
    { id: account.id, role: account.role, checkedHash: row!.passwordHash },
    { ip },
    account.role === 'admin' ? 'done' : 'none',
  );
  if (!token) throw new Error(`could not restore the ${role} session: its password changed`);
  const fresh = new Client(world.t.app, ip);
  fresh.cookies.set(SESSION_COOKIE, token);
  world.clients[role] = fresh;
  const check = await fresh.get(API.me);
  if (check.status !== 200) throw new Error(`could not restore the ${role} session: ${check.status} ${check.raw}`);
}
