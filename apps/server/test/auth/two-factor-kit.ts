import { asc, eq } from 'drizzle-orm';
import { API } from '@svp/shared';
import { auditLog } from '../../src/db/schema.js';
import { Client, signedInUser, totpCode, type TestApp } from '../helpers.js';

/** The next 30-second step: each code is accepted once, so a second code in one test waits for a new step. */
export const nextStep = (t: TestApp) => t.clock.advance(30_000);

/** A signed-in user who turned two-factor sign-in on in Settings: their secret and recovery codes. */
export async function enrolledUser(t: TestApp, ip: string) {
  const signedIn = await signedInUser(t.app, ip);
  const setup = await signedIn.client.post(API.twoFactorSetup);
  if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${setup.raw}`);
  const secret: string = setup.body.secret;
  const confirmed = await signedIn.client.post(API.twoFactorConfirm, { code: totpCode(t, secret) });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${confirmed.raw}`);
  nextStep(t);
  return { ...signedIn, secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** A fresh browser that gave the right password: its session waits for the second factor. */
export async function passwordOnly(t: TestApp, who: { email: string; password: string }, ip: string) {
  const client = new Client(t.app, ip);
  const login = await client.post(API.login, { email: who.email, password: who.password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${login.raw}`);
  return { client, login };
}

/** The audit actions recorded about a user, oldest first. */
export async function auditActions(t: TestApp, userId: string) {
  const rows = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, userId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map((r) => ({ action: r.action, actorId: r.actorId, before: r.before, after: r.after }));
}
