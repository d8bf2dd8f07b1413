import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, TWO_FACTOR_MSG } from '@svp/shared';
import { buildTestApp, Client, signedInAdmin, signedInUser, totpCode, type TestApp } from '../helpers.js';
import { auditActions, enrolledUser, nextStep } from './two-factor-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe("a user's optional second factor: enrolment in Settings", () => {
  it('is off by default; enrols with a QR key and a code, refusing a wrong one, and gives ten recovery codes once', async () => {
    const { client, user, email, password } = await signedInUser(t.app, '10.60.0.1');
    // The same account signed in on a second device, with the password alone.
    const phone = new Client(t.app, '10.60.0.2');
    expect((await phone.post(API.login, { email, password })).status).toBe(200);
    expect((await client.get(API.twoFactor)).body).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await client.post(API.twoFactorSetup);
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/SVP%20Invest:/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    // The same key until it is confirmed, so a reload shows the same QR code.
    expect((await client.post(API.twoFactorSetup)).body.secret).toBe(setup.body.secret);
    // Not on yet: a sign-in elsewhere still needs the password only.
    expect((await client.get(API.twoFactor)).body.enabled).toBe(false);

    const wrong = await client.post(API.twoFactorConfirm, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'OTP_INVALID', message: MSG.totp.invalid });
    // A recovery-code-looking text does not enrol either.
    expect((await client.post(API.twoFactorConfirm, { code: 'ABCDE12345' })).status).toBe(400);
    expect((await client.get(API.twoFactor)).body.enabled).toBe(false);

    const confirmed = await client.post(API.twoFactorConfirm, { code: totpCode(t, setup.body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe(TWO_FACTOR_MSG.enabled);
    const codes: string[] = confirmed.body.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-F]{10}$/);
    expect((await client.get(API.twoFactor)).body).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    // Shown once: enrolling again is refused, and the key is never handed out again.
    nextStep(t);
    const again = await client.post(API.twoFactorSetup);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(TWO_FACTOR_MSG.alreadyEnabled);
    expect(again.raw).not.toContain(setup.body.secret);
    expect((await client.post(API.twoFactorConfirm, { code: totpCode(t, setup.body.secret) })).status).toBe(409);
    expect((await client.get(API.twoFactor)).raw).not.toContain(setup.body.secret);

    // The session that enrolled stays signed in; the one opened with the password alone was ended with it.
    expect((await client.get(API.me)).status).toBe(200);
    expect((await phone.get(API.me)).status).toBe(401);

    const actions = (await auditActions(t, user.id)).map((a) => a.action);
    expect(actions.filter((a) => a === 'user.totp_failed')).toHaveLength(2);
    expect(actions.filter((a) => a === 'user.totp_enrolled')).toHaveLength(1);
    const enrolled = (await auditActions(t, user.id)).find((a) => a.action === 'user.totp_enrolled');
    expect(enrolled?.after).toEqual({ otherSessionsEnded: 1 });
    const failed = (await auditActions(t, user.id)).find((a) => a.action === 'user.totp_failed');
    expect(failed?.after).toEqual({ purpose: 'enrol', reason: 'code' });
    // The audit never holds the secret or a recovery code.
    const audit = JSON.stringify(await auditActions(t, user.id));
    expect(audit).not.toContain(setup.body.secret);
    for (const code of codes) expect(audit).not.toContain(code);
  });

  it('keeps each account to its own factor and admins away from the user routes', async () => {
    const first = await enrolledUser(t, '10.60.1.1');
    const other = await signedInUser(t.app, '10.60.1.2');
    // Another user's code is no code of mine.
    expect((await other.client.post(API.twoFactorSetup)).body.secret).not.toBe(first.secret);
    expect((await other.client.post(API.twoFactorConfirm, { code: totpCode(t, first.secret) })).status).toBe(400);
    expect((await other.client.get(API.twoFactor)).body.enabled).toBe(false);
    // Anonymous callers are refused.
    const anonymous = new Client(t.app, '10.60.1.3');
    expect((await anonymous.get(API.twoFactor)).status).toBe(401);
    expect((await anonymous.post(API.twoFactorSetup)).status).toBe(401);
    // An admin's factor is the mandatory one of the admin sign-in, not this optional one.
    const admin = await signedInAdmin(t, '10.60.1.4');
    expect((await admin.client.get(API.twoFactor)).status).toBe(403);
    expect((await admin.client.post(API.twoFactorDisable, { password: admin.password, code: '000000' })).status).toBe(
      403,
    );
  });
});
