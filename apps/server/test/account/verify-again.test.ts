import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MSG, API } from '@svp/shared';
import { auditLog } from '../../src/db/schema.js';
import { buildTestApp, Client, registerUser, uniqueEmail, type TestApp } from '../helpers.js';
import { latestVerificationToken } from './mails.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const browser = () => new Client(t.app, `10.44.0.${++ipCounter}`);
const verify = (token: string) => browser().post(API.accountEmailVerify, { token });

async function signedIn() {
  const client = browser();
  const creds = await registerUser(client);
  expect((await client.post(API.login, creds)).status).toBe(200);
  const me = (await client.get(API.me)).body.user as { id: string };
  return { client, userId: me.id, ...creds };
}

const audited = async (userId: string, action: string) =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, action)))
  ).length;

describe('a verification link opened again', () => {
  it('says the address is already verified, and changes nothing', async () => {
    const { client, userId, email } = await signedIn();
    const token = await latestVerificationToken(t, email);
    expect((await verify(token)).body.status).toBe('verified');

    for (let time = 0; time < 2; time += 1) {
      const again = await verify(token);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({
        success: true,
        status: 'already-verified',
        message: ACCOUNT_MSG.alreadyVerified,
        email,
      });
    }
    expect(await audited(userId, 'account.email.verified')).toBe(1);
    expect((await client.get(API.me)).body.emailVerified).toBe(true);
  });

  it('is still "invalid" for an address the account has left, and for a link that never worked', async () => {
    const { client, email, password } = await signedIn();
    const signupToken = await latestVerificationToken(t, email);
    expect((await verify(signupToken)).status).toBe(200);
    const moved = uniqueEmail('moved');
    expect((await client.post(API.accountEmail, { password, newEmail: moved })).status).toBe(200);
    const changeToken = await latestVerificationToken(t, moved);
    expect((await verify(changeToken)).body.status).toBe('verified');

    // The old address's link proved an address the account no longer has: it says nothing of the new one.
    const old = await verify(signupToken);
    expect(old.status).toBe(400);
    expect(old.body.error.message).toBe(ACCOUNT_MSG.linkInvalid);
    expect(JSON.stringify(old.body)).not.toContain(moved);
    // The change's own link: that address is the account's now, verified.
    expect((await verify(changeToken)).body).toMatchObject({ status: 'already-verified', email: moved });

    const unknown = await verify('B'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe(ACCOUNT_MSG.linkInvalid);
  });
});
