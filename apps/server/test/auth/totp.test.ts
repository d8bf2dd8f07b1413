import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticator } from 'otplib';
import { API, MSG } from '@svp/shared';
import { buildTestApp, Client, createAdmin, totpCode, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('admin second factor (TOTP)', () => {
  it('asks for setup on the first login, enrols with a code, then requires a code at every login', async () => {
    const admin = await createAdmin(t);
    const client = new Client(t.app, '10.40.0.1');
    const login = await client.post(API.adminLogin, { email: admin.email, password: admin.password });
    expect(login.body).toMatchObject({ success: true, mfa: 'setup', message: MSG.totp.setupRequired });
    expect(login.body).not.toHaveProperty('user');
    // Password alone opens nothing.
    expect((await client.get(API.me)).status).toBe(401);
    expect((await client.get(API.adminOverview)).status).toBe(401);

    const setup = await client.post(API.adminTotpSetup);
    expect(setup.body.otpauthUrl).toContain('otpauth://totp/SVP%20Invest');
    expect((await client.post(API.adminTotpSetup)).body.secret).toBe(setup.body.secret); // stable until confirmed
    expect((await client.post(API.adminTotpVerify, { code: '000000' })).body.error.message).toBe(MSG.totp.invalid);
    const verified = await client.post(API.adminTotpVerify, { code: totpCode(t, setup.body.secret) });
    expect(verified.status).toBe(200);
    expect(verified.body.recoveryCodes).toHaveLength(10);
    expect(verified.body.user.role).toBe('admin');
    expect((await client.get(API.adminOverview)).status).toBe(200);

    const again = new Client(t.app, '10.40.0.2');
    expect((await again.post(API.adminLogin, { email: admin.email, password: admin.password })).body.mfa).toBe(
      'verify',
    );
    expect((await again.post(API.adminTotpSetup)).status).toBe(409);
    // The code just used cannot be replayed.
    expect((await again.post(API.adminTotpVerify, { code: totpCode(t, setup.body.secret) })).status).toBe(400);
    t.clock.advance(30_000);
    const ok = await again.post(API.adminTotpVerify, { code: totpCode(t, setup.body.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toBeUndefined();

    // A recovery code works once.
    const third = new Client(t.app, '10.40.0.3');
    await third.post(API.adminLogin, { email: admin.email, password: admin.password });
    const code = verified.body.recoveryCodes[0];
    expect((await third.post(API.adminTotpVerify, { code })).status).toBe(200);
    const fourth = new Client(t.app, '10.40.0.4');
    await fourth.post(API.adminLogin, { email: admin.email, password: admin.password });
    expect((await fourth.post(API.adminTotpVerify, { code })).status).toBe(400);
  });

  it('keeps users away from the second-factor routes and rate-limits guesses', async () => {
    const user = new Client(t.app, '10.40.1.1');
    expect((await user.post(API.adminTotpVerify, { code: '123456' })).status).toBe(401);
    const admin = await createAdmin(t);
    const client = new Client(t.app, '10.40.1.2');
    await client.post(API.adminLogin, { email: admin.email, password: admin.password });
    await client.post(API.adminTotpSetup);
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post(API.adminTotpVerify, { code: '000000' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(authenticator).toBeDefined();
  });

  it('spends a code or a recovery code once even when two requests race with it, and audits enrolment and recovery', async () => {
    const admin = await createAdmin(t);
    const signIn = async (ip: string) => {
      const client = new Client(t.app, ip);
      await client.post(API.adminLogin, { email: admin.email, password: admin.password });
      return client;
    };
    const first = await signIn('10.40.2.1');
    const { secret } = (await first.post(API.adminTotpSetup)).body;
    // Two tabs enrol with the same code at once: one enrolment, one set of recovery codes.
    const second = await signIn('10.40.2.2');
    const enrol = await Promise.all(
      [first, second].map((c) => c.post(API.adminTotpVerify, { code: totpCode(t, secret) })),
    );
    expect(enrol.map((r) => r.status).sort()).toEqual([200, 400]);
    const recoveryCodes: string[] = enrol.find((r) => r.status === 200)!.body.recoveryCodes;

    t.clock.advance(30_000);
    const racers = await Promise.all(['10.40.2.3', '10.40.2.4', '10.40.2.5'].map(signIn));
    const withCode = await Promise.all(racers.map((c) => c.post(API.adminTotpVerify, { code: totpCode(t, secret) })));
    expect(withCode.map((r) => r.status).sort()).toEqual([200, 400, 400]);

    const recoveryRacers = await Promise.all(['10.40.2.6', '10.40.2.7', '10.40.2.8'].map(signIn));
    const withRecovery = await Promise.all(
      recoveryRacers.map((c) => c.post(API.adminTotpVerify, { code: recoveryCodes[0] })),
    );
    expect(withRecovery.map((r) => r.status).sort()).toEqual([200, 400, 400]);

    const signedIn = [first, second].find((_, i) => enrol[i]!.status === 200)!;
    const audit = (await signedIn.get(API.adminAudit)).body.entries.filter(
      (e: { targetId: string }) => e.targetId === admin.id,
    );
    expect(audit.map((e: { action: string }) => e.action).sort()).toEqual([
      'admin.recovery_code_used',
      'admin.totp_enrolled',
    ]);
    expect(audit.find((e: { action: string }) => e.action === 'admin.recovery_code_used').after).toEqual({
      recoveryCodesLeft: 9,
    });
  });
});
