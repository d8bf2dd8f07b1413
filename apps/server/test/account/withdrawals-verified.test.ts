import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, API } from '@svp/shared';
import { loadConfig } from '../../src/config.js';
import { buildTestApp, Client, invest, registerUser, signedInAdmin, topUp, type TestApp } from '../helpers.js';
import { latestVerificationToken } from './mails.js';

/** A user with an active plan, who can break it (a withdrawal request) at once. */
async function investedUser(t: TestApp, ip: string) {
  const client = new Client(t.app, ip);
  const creds = await registerUser(client);
  expect((await client.post(API.login, creds)).status).toBe(200);
  await topUp(client, '10');
  expect((await invest(client, 'standard', '10')).status).toBe(200);
  return { client, ...creds };
}

describe('WITHDRAWALS_REQUIRE_VERIFIED_EMAIL', () => {
  it('is on unless the operator turns it off', () => {
    expect(loadConfig({}).WITHDRAWALS_REQUIRE_VERIFIED_EMAIL).toBe(true);
    expect(loadConfig({ WITHDRAWALS_REQUIRE_VERIFIED_EMAIL: 'false' }).WITHDRAWALS_REQUIRE_VERIFIED_EMAIL).toBe(false);
    expect(loadConfig({ WITHDRAWALS_REQUIRE_VERIFIED_EMAIL: '0' }).WITHDRAWALS_REQUIRE_VERIFIED_EMAIL).toBe(false);
    expect(() => loadConfig({ WITHDRAWALS_REQUIRE_VERIFIED_EMAIL: 'maybe' })).toThrow(
      /WITHDRAWALS_REQUIRE_VERIFIED_EMAIL/,
    );
  });

  describe('on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ WITHDRAWALS_REQUIRE_VERIFIED_EMAIL: 'true' });
    });
    afterAll(() => t.close());

    it('refuses a withdrawal request from an unverified account with a clear 4xx, and moves no money', async () => {
      const { client, email } = await investedUser(t, '10.43.0.1');
      // The Withdraw page is told before the request: the first reason, and no Break button.
      const quote = (await client.get(API.withdrawalQuote)).body;
      expect(quote.reasons[0]).toBe(ACCOUNT_MSG.withdrawalsNeedVerifiedEmail);
      expect(quote).toMatchObject({ canSubmit: false, canBreak: false });
      const refused = await client.post(API.withdrawals, { kind: 'break' });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'NOT_ELIGIBLE',
        message: ACCOUNT_MSG.withdrawalsNeedVerifiedEmail,
      });
      const me = (await client.get(API.me)).body.user;
      expect(me.tier).not.toBe('No Plan');
      expect(me.investedAmount).toBe('10');

      expect(
        (
          await new Client(t.app, '10.43.0.2').post(API.accountEmailVerify, {
            token: await latestVerificationToken(t, email),
          })
        ).status,
      ).toBe(200);
      const verified = (await client.get(API.withdrawalQuote)).body;
      expect(verified.reasons).not.toContain(ACCOUNT_MSG.withdrawalsNeedVerifiedEmail);
      expect(verified.canBreak).toBe(true);
      const accepted = await client.post(API.withdrawals, { kind: 'break' });
      expect(accepted.status).toBe(200);
    });

    it('asks again for an e-mail an admin changes, before a withdrawal; the same address saved again keeps it verified', async () => {
      const { client, email } = await investedUser(t, '10.43.2.1');
      const token = await latestVerificationToken(t, email);
      expect((await new Client(t.app, '10.43.2.2').post(API.accountEmailVerify, { token })).status).toBe(200);
      const me = (await client.get(API.me)).body;
      expect(me.emailVerified).toBe(true);
      const admin = await signedInAdmin(t, '10.43.2.3');
      const edit = (value: string) =>
        admin.client.post(API.adminUserField.replace(':id', me.user.id), { field: 'email', value });

      expect((await edit(email.toUpperCase())).status).toBe(200);
      expect((await client.get(API.me)).body.emailVerified).toBe(true);

      expect((await edit('changed-by-admin@example.com')).status).toBe(200);
      expect((await client.get(API.me)).body.emailVerified).toBe(false);
      const quote = (await client.get(API.withdrawalQuote)).body;
      expect(quote.reasons[0]).toBe(ACCOUNT_MSG.withdrawalsNeedVerifiedEmail);
      expect((await client.post(API.withdrawals, { kind: 'break' })).status).toBe(409);
    });
  });

  describe('off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp({ WITHDRAWALS_REQUIRE_VERIFIED_EMAIL: 'false' });
    });
    afterAll(() => t.close());

    it('lets an unverified account request a withdrawal', async () => {
      const { client } = await investedUser(t, '10.43.1.1');
      expect((await client.get(API.me)).body.emailVerified).toBe(false);
      expect((await client.post(API.withdrawals, { kind: 'break' })).status).toBe(200);
    });
  });
});
