import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, SIGN_IN_OUTCOME_LABEL } from '@svp/shared';
import { buildTestApp, totpCode, type TestApp } from '../helpers.js';
import { mailsTo } from '../account/mails.js';
import { enrolledUser, nextStep, passwordOnly } from './two-factor-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SUBJECT = 'My Dashboard: Someone entered your password';
const MINUTE = 60_000;
const report = () => t.app.services.auth.reportUnfinishedSignIns();

describe('a correct password without a valid two-factor code', () => {
  it('shows in Recent sign-ins at once and is e-mailed once if the sign-in never finishes', async () => {
    const owner = await enrolledUser(t, '10.75.0.1');
    const history = async () => (await owner.client.get(API.accountSignIns)).body.signIns as { outcome: string }[];
    const warnings = async () =>
      (await mailsTo(t, owner.email, 'account-security')).filter((m) => m.subject === SUBJECT);

    // Someone with the password stops at the code: after a wrong one, or none at all.
    const intruder = await passwordOnly(t, owner, '10.75.0.2');
    expect((await history())[0]).toMatchObject({ outcome: 'password-only', ip: '10.75.0.2' });
    expect(SIGN_IN_OUTCOME_LABEL['password-only']).toBe('Password correct, code not given or wrong');
    expect((await intruder.client.post(API.twoFactorSignIn, { code: '000000' })).status).toBe(400);
    expect((await history())[0]!.outcome).toBe('password-only');

    // Not yet: the person may still be typing the code.
    await report();
    expect(await warnings()).toHaveLength(0);
    t.clock.advance(11 * MINUTE);
    await report();
    const [mail] = await warnings();
    expect(mail!.body).toContain(
      'Someone entered the correct password of your account, but not a valid two-factor code',
    );
    expect(mail!.body).toContain('address 10.75.0.2');
    // The wrong code and the abandoned sign-in are one event: one mail, however often the job runs.
    await report();
    t.clock.advance(2 * 60 * MINUTE);
    await report();
    expect(await warnings()).toHaveLength(1);
  });

  it('is a plain sign-in once the code is given, and no mail', async () => {
    const owner = await enrolledUser(t, '10.75.1.1');
    const before = (await owner.client.get(API.accountSignIns)).body.signIns.length;
    const again = await passwordOnly(t, owner, '10.75.1.2');
    // A typo first, then the right code.
    expect((await again.client.post(API.twoFactorSignIn, { code: '000000' })).status).toBe(400);
    expect((await again.client.post(API.twoFactorSignIn, { code: totpCode(t, owner.secret) })).status).toBe(200);
    const signIns = (await owner.client.get(API.accountSignIns)).body.signIns as { outcome: string; ip: string }[];
    expect(signIns).toHaveLength(before + 1);
    expect(signIns[0]).toMatchObject({ outcome: 'success', ip: '10.75.1.2' });
    t.clock.advance(11 * MINUTE);
    await report();
    expect((await mailsTo(t, owner.email, 'account-security')).filter((m) => m.subject === SUBJECT)).toHaveLength(0);
  });

  it('sends at most one such mail an hour to an account, listing every attempt since', async () => {
    const owner = await enrolledUser(t, '10.75.2.1');
    const warnings = async () =>
      (await mailsTo(t, owner.email, 'account-security')).filter((m) => m.subject === SUBJECT);
    await passwordOnly(t, owner, '10.75.2.2');
    t.clock.advance(11 * MINUTE);
    await report();
    expect(await warnings()).toHaveLength(1);
    // Three more attempts within the hour: held back, then told in one mail.
    for (const ip of ['10.75.2.3', '10.75.2.4', '10.75.2.5']) await passwordOnly(t, owner, ip);
    t.clock.advance(11 * MINUTE);
    await report();
    expect(await warnings()).toHaveLength(1);
    t.clock.advance(50 * MINUTE); // an hour after the first mail
    await report();
    const mails = await warnings();
    expect(mails).toHaveLength(2);
    expect(mails[0]!.body).toContain('the correct password of your account 3 times');
    for (const ip of ['10.75.2.3', '10.75.2.4', '10.75.2.5']) expect(mails[0]!.body).toContain(`address ${ip}`);
    nextStep(t);
  });
});
