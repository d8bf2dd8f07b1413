import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG, TWO_FACTOR_MSG } from '@svp/shared';
import { buildTestApp, signedInUser, totpCode, type TestApp } from '../helpers.js';
import { auditActions, enrolledUser, nextStep, passwordOnly } from './two-factor-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('signing in with a second factor', () => {
  it('asks for the code after the password, and the pending session opens nothing until it is given', async () => {
    const owner = await enrolledUser(t, '10.61.0.1');
    const { client, login } = await passwordOnly(t, owner, '10.61.0.2');
    expect(login.body).toEqual({ success: true, message: TWO_FACTOR_MSG.signInRequired, mfa: 'verify' });
    // Nothing about the account before the code.
    expect(login.body).not.toHaveProperty('user');

    // Password alone: every route but the code step refuses, money routes included (those checked in SQL too).
    expect((await client.get(API.me)).status).toBe(401);
    expect((await client.get(API.history)).status).toBe(401);
    expect((await client.get(API.twoFactor)).status).toBe(401);
    expect((await client.post(API.topup, { amount: '50' })).status).toBe(401);
    expect((await client.post(API.investments, { plan: 'basic', duration: 45, amount: '50' })).status).toBe(401);
    expect((await client.post(API.withdrawals, { kind: 'break' })).status).toBe(401);
    expect((await client.post(API.stakingConvert, { amount: '1' })).status).toBe(401);
    expect((await client.post(API.rewardsDaily)).status).toBe(401);
    expect((await client.post(API.twoFactorDisable, { password: owner.password, code: '000000' })).status).toBe(401);
    // Nor do the admin's second-factor routes take a user.
    expect((await client.post(API.adminTotpVerify, { code: '000000' })).status).toBe(403);

    const wrong = await client.post(API.twoFactorSignIn, { code: '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 'OTP_INVALID', message: MSG.totp.invalid });
    expect((await client.get(API.me)).status).toBe(401);

    const verified = await client.post(API.twoFactorSignIn, { code: totpCode(t, owner.secret) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ success: true, message: MSG.totp.verified });
    expect(verified.body.user).toMatchObject({ id: owner.user.id, role: 'user', email: owner.email });
    expect((await client.get(API.me)).status).toBe(200);
    expect((await client.post(API.topup, { amount: '50' })).status).toBe(200);

    // The code just accepted cannot be replayed, by this browser or another.
    const replay = await passwordOnly(t, owner, '10.61.0.3');
    expect((await replay.client.post(API.twoFactorSignIn, { code: totpCode(t, owner.secret) })).status).toBe(400);
    expect((await replay.client.get(API.me)).status).toBe(401);
    nextStep(t);
    expect((await replay.client.post(API.twoFactorSignIn, { code: totpCode(t, owner.secret) })).status).toBe(200);

    const failed = (await auditActions(t, owner.user.id)).filter((a) => a.action === 'user.totp_failed');
    expect(failed.map((a) => a.after)).toEqual([
      { purpose: 'sign-in', reason: 'code' },
      { purpose: 'sign-in', reason: 'code' },
    ]);
  });

  it('takes a recovery code once, and counts what is left', async () => {
    const owner = await enrolledUser(t, '10.61.1.1');
    const [first, second] = owner.recoveryCodes;
    const a = await passwordOnly(t, owner, '10.61.1.2');
    // Typed with spaces, dashes or in lower case, it is the same code.
    const typed = `${first!.slice(0, 5).toLowerCase()}-${first!.slice(5)}`;
    expect((await a.client.post(API.twoFactorSignIn, { code: typed })).status).toBe(200);
    expect((await a.client.get(API.twoFactor)).body).toEqual({ enabled: true, recoveryCodesLeft: 9 });

    const b = await passwordOnly(t, owner, '10.61.1.3');
    expect((await b.client.post(API.twoFactorSignIn, { code: first })).status).toBe(400);
    expect((await b.client.get(API.me)).status).toBe(401);
    expect((await b.client.post(API.twoFactorSignIn, { code: second })).status).toBe(200);
    expect((await b.client.get(API.twoFactor)).body.recoveryCodesLeft).toBe(8);

    const used = (await auditActions(t, owner.user.id)).filter((a) => a.action === 'user.recovery_code_used');
    expect(used.map((a) => a.after)).toEqual([{ recoveryCodesLeft: 9 }, { recoveryCodesLeft: 8 }]);
  });

  it('refuses further codes for the account after 10 wrong ones, even from another browser', async () => {
    const owner = await enrolledUser(t, '10.61.2.1');
    const { client } = await passwordOnly(t, owner, '10.61.2.2');
    // The enrolment's right code did not count: ten wrong ones do.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await client.post(API.twoFactorSignIn, { code: '000000' })).status);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const limited = await client.post(API.twoFactorSignIn, { code: totpCode(t, owner.secret) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    const elsewhere = await passwordOnly(t, owner, '10.61.2.3');
    expect((await elsewhere.client.post(API.twoFactorSignIn, { code: owner.recoveryCodes[0] })).status).toBe(429);
    expect((await elsewhere.client.get(API.me)).status).toBe(401);
  });

  it('spends one code once when two browsers race with it', async () => {
    const owner = await enrolledUser(t, '10.61.3.1');
    const racers = await Promise.all(['10.61.3.2', '10.61.3.3', '10.61.3.4'].map((ip) => passwordOnly(t, owner, ip)));
    const code = totpCode(t, owner.secret);
    const answers = await Promise.all(racers.map((r) => r.client.post(API.twoFactorSignIn, { code })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    const recovery = await Promise.all(
      racers.map((r) => r.client.post(API.twoFactorSignIn, { code: owner.recoveryCodes[3] })),
    );
    expect(recovery.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('enters the sign-in history as password-only at once, and as a sign-in once the code is given', async () => {
    const owner = await enrolledUser(t, '10.61.0.9');
    const signIns = async (client: Awaited<ReturnType<typeof passwordOnly>>['client']) =>
      (await client.get(API.accountSignIns)).body.signIns as { outcome: string }[];
    const before = (await signIns(owner.client)).length;
    const { client } = await passwordOnly(t, owner, '10.61.0.10');
    // The password alone is not a sign-in yet, but it leaves its trace (password-without-code.test.ts).
    expect((await signIns(owner.client)).length).toBe(before + 1);
    expect((await signIns(owner.client))[0]).toMatchObject({ outcome: 'password-only' });
    nextStep(t);
    expect((await client.post(API.twoFactorSignIn, { code: totpCode(t, owner.secret) })).status).toBe(200);
    // The same entry, now a sign-in.
    expect((await signIns(owner.client)).length).toBe(before + 1);
    expect((await signIns(owner.client))[0]).toMatchObject({ outcome: 'success' });
  });

  it('signs users without a second factor in as before, in one step', async () => {
    const { email, password } = await signedInUser(t.app, '10.61.4.1');
    const { client, login } = await passwordOnly(t, { email, password }, '10.61.4.2');
    expect(login.body.user).toMatchObject({ email, role: 'user' });
    expect(login.body).not.toHaveProperty('mfa');
    expect((await client.get(API.me)).status).toBe(200);
    // The code step has nothing to check for them.
    const step = await client.post(API.twoFactorSignIn, { code: '123456' });
    expect(step.status).toBe(400);
    expect(step.body.error.message).toBe(TWO_FACTOR_MSG.notEnabled);
  });
});

describe('right codes', () => {
  it('do not count: an account signing in more than ten times in a window is not locked out', async () => {
    // The password step's own per-account limit raised, as the browser suite does, to reach the code step's.
    const app = await buildTestApp({ LOGINS_PER_ACCOUNT_15_MIN: '1000' });
    try {
      const owner = await enrolledUser(app, '10.61.4.1');
      for (let i = 0; i < 12; i++) {
        nextStep(app); // a fresh code each time (a spent one is refused)
        const { client } = await passwordOnly(app, owner, `10.61.4.${i + 2}`);
        const signedIn = await client.post(API.twoFactorSignIn, { code: totpCode(app, owner.secret) });
        expect(signedIn.status, `sign-in ${i + 1}`).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
