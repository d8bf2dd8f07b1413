import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, TWO_FACTOR_MSG } from '@svp/shared';
import { emailOutbox } from '../../src/db/schema.js';
import { buildTestApp, signedInAdmin, signedInUser, totpCode, type TestApp } from '../helpers.js';
import { auditActions, enrolledUser, nextStep, passwordOnly } from './two-factor-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const resetPath = (id: string) => API.adminUserTwoFactorReset.replace(':id', id);
const statusPath = (id: string) => API.adminUserTwoFactor.replace(':id', id);

describe('turning the second factor off', () => {
  it('needs the password and a current code; then the password alone signs in again', async () => {
    const owner = await enrolledUser(t, '10.62.0.1');
    const { client } = owner;
    const disable = (body: object) => client.post(API.twoFactorDisable, body);

    const noPassword = await disable({ code: totpCode(t, owner.secret) });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.error.fields).toEqual({ password: TWO_FACTOR_MSG.passwordRequired });
    const noCode = await disable({ password: owner.password });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.fields).toEqual({ code: TWO_FACTOR_MSG.codeRequired });
    // A wrong password is a form error (400), not a sign-out (401).
    const wrongPassword = await disable({ password: 'not-my-password', code: totpCode(t, owner.secret) });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error.fields).toEqual({ password: TWO_FACTOR_MSG.passwordWrong });
    const wrongCode = await disable({ password: owner.password, code: '000000' });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.body.error.code).toBe('OTP_INVALID');
    expect((await client.get(API.twoFactor)).body.enabled).toBe(true);

    const off = await disable({ password: owner.password, code: totpCode(t, owner.secret) });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(TWO_FACTOR_MSG.disabled);
    expect((await client.get(API.twoFactor)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await disable({ password: owner.password, code: owner.recoveryCodes[0] })).status).toBe(409);

    const again = await passwordOnly(t, owner, '10.62.0.2');
    expect(again.login.body.user).toMatchObject({ email: owner.email });
    expect((await again.client.get(API.me)).status).toBe(200);

    const actions = (await auditActions(t, owner.user.id)).map((a) => [a.action, a.after]);
    expect(actions.filter(([a]) => a !== 'user.totp_enrolled')).toEqual([
      ['user.totp_failed', { purpose: 'disable', reason: 'password' }],
      ['user.totp_failed', { purpose: 'disable', reason: 'code' }],
      ['user.totp_disabled', null],
    ]);

    // Turned on again later: a new key, new recovery codes; the old ones are dead.
    nextStep(t);
    const setup = await client.post(API.twoFactorSetup);
    expect(setup.body.secret).not.toBe(owner.secret);
    const confirmed = await client.post(API.twoFactorConfirm, { code: totpCode(t, setup.body.secret) });
    expect(confirmed.status).toBe(200);
    const later = await passwordOnly(t, owner, '10.62.0.3');
    expect((await later.client.post(API.twoFactorSignIn, { code: owner.recoveryCodes[1] })).status).toBe(400);
    expect((await later.client.post(API.twoFactorSignIn, { code: confirmed.body.recoveryCodes[0] })).status).toBe(200);
  });

  it('takes a recovery code instead of the app code', async () => {
    const owner = await enrolledUser(t, '10.62.1.1');
    const off = await owner.client.post(API.twoFactorDisable, {
      password: owner.password,
      code: owner.recoveryCodes[5],
    });
    expect(off.status).toBe(200);
    expect((await owner.client.get(API.twoFactor)).body.enabled).toBe(false);
  });
});

describe("an admin's reset of a user's second factor", () => {
  it('is refused to users; an admin sees on/off only, resets it, it is audited and the user is e-mailed', async () => {
    const owner = await enrolledUser(t, '10.63.0.1');
    const intruder = await signedInUser(t.app, '10.63.0.2');
    expect((await intruder.client.post(resetPath(owner.user.id))).status).toBe(403);
    expect((await intruder.client.get(statusPath(owner.user.id))).status).toBe(403);
    expect((await owner.client.post(resetPath(owner.user.id))).status).toBe(403);
    expect((await owner.client.get(API.twoFactor)).body.enabled).toBe(true);

    const admin = await signedInAdmin(t, '10.63.0.3');
    const status = await admin.client.get(statusPath(owner.user.id));
    expect(status.body).toEqual({ enabled: true });
    const reset = await admin.client.post(resetPath(owner.user.id));
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: TWO_FACTOR_MSG.reset });
    // Neither answer carries the user's secret or recovery codes.
    for (const raw of [status.raw, reset.raw]) {
      expect(raw).not.toContain(owner.secret);
      expect(raw).not.toContain(owner.recoveryCodes[0]);
    }
    expect((await admin.client.get(statusPath(owner.user.id))).body).toEqual({ enabled: false });
    expect((await owner.client.get(API.twoFactor)).body.enabled).toBe(false);
    // Nothing left to reset.
    const twice = await admin.client.post(resetPath(owner.user.id));
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(TWO_FACTOR_MSG.resetNotSet);

    // The password alone signs in now.
    const next = await passwordOnly(t, owner, '10.63.0.4');
    expect((await next.client.get(API.me)).status).toBe(200);

    const audit = (await auditActions(t, owner.user.id)).filter((a) => a.action === 'admin.user_totp_reset');
    expect(audit).toEqual([
      {
        action: 'admin.user_totp_reset',
        actorId: admin.id,
        before: { enabled: true, recoveryCodesLeft: 10 },
        after: { enabled: false },
      },
    ]);
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, owner.email), eq(emailOutbox.kind, 'two-factor-reset')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Two-factor authentication was removed/);
  });

  it("refuses an admin's factor, unknown users and malformed ids", async () => {
    const admin = await signedInAdmin(t, '10.63.1.1');
    const other = await signedInAdmin(t, '10.63.1.2');
    const refused = await admin.client.post(resetPath(other.id));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(TWO_FACTOR_MSG.resetUsersOnly);
    expect((await admin.client.post(resetPath('00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    expect((await admin.client.post(resetPath('not-an-id'))).status).toBe(400);
    const { user } = await signedInUser(t.app, '10.63.1.3');
    expect((await admin.client.post(resetPath(user.id))).status).toBe(409);
    expect((await admin.client.get(statusPath(user.id))).body).toEqual({ enabled: false });
  });
});
