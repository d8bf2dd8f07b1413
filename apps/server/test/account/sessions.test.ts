import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCOUNT_MSG, API } from '@svp/shared';
import { auditLog, sessions, signInEvents } from '../../src/db/schema.js';
import { deviceLabel } from '../../src/modules/account/device.js';
import { buildTestApp, Client, registerUser, type TestApp } from '../helpers.js';
import { CHROME_WINDOWS, FIREFOX_LINUX, mailsTo, SAFARI_IPHONE } from './mails.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
const browser = () => new Client(t.app, `10.40.0.${++ipCounter}`);

/** Signs in on a client with a given user agent. */
async function signIn(client: Client, creds: { email: string; password: string }, userAgent: string) {
  const res = await client.request({
    method: 'POST',
    url: `/api/v1${API.login}`,
    payload: creds,
    headers: { 'user-agent': userAgent },
  });
  expect(res.status).toBe(200);
  return res;
}

/** One account signed in on two browsers: Chrome on Windows ("this one") and Firefox on Linux. */
async function twoSessions() {
  const laptop = browser();
  const creds = await registerUser(laptop);
  await signIn(laptop, creds, CHROME_WINDOWS);
  const other = browser();
  await signIn(other, creds, FIREFOX_LINUX);
  return { creds, laptop, other };
}

const path = (template: string, id: string) => template.replace(':id', id);

describe('device from the user agent', () => {
  it('names browser family and system, never versions', () => {
    expect(deviceLabel(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceLabel(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(deviceLabel(SAFARI_IPHONE)).toBe('Safari on iOS');
    expect(
      deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0'),
    ).toBe('Edge on Windows');
    expect(
      deviceLabel('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36'),
    ).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36')).toBe(
      'Chrome on Linux',
    );
    expect(deviceLabel(undefined)).toBe('Unknown device');
    expect(deviceLabel('curl/8.5.0')).toBe('curl on an unknown system');
  });
});

describe('sessions', () => {
  it('lists the live sessions with device, address and times, this one marked, by an id that is not the token hash', async () => {
    const { laptop } = await twoSessions();
    const res = await laptop.get(API.accountSessions);
    expect(res.status).toBe(200);
    const list = res.body.sessions as { id: string; device: string; ip: string; current: boolean }[];
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toEqual([expect.objectContaining({ device: 'Chrome on Windows' })]);
    expect(list.find((s) => !s.current)).toMatchObject({ device: 'Firefox on Linux' });
    const hashes = (await t.database.db.select({ h: sessions.tokenHash }).from(sessions)).map((r) => r.h);
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(hashes).not.toContain(s.id);
      expect(Object.keys(s).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'ip', 'lastSeenAt']);
    }
  });

  it('signs out one other session: that browser is signed out, this one stays', async () => {
    const { laptop, other } = await twoSessions();
    const list = (await laptop.get(API.accountSessions)).body.sessions as { id: string; current: boolean }[];
    const target = list.find((s) => !s.current)!;
    const res = await laptop.post(path(API.accountSessionRevoke, target.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, ended: 1, message: ACCOUNT_MSG.sessionEnded });
    expect((await other.get(API.me)).status).toBe(401);
    expect((await laptop.get(API.me)).status).toBe(200);
    // Ended already: 404, not a second success.
    expect((await laptop.post(path(API.accountSessionRevoke, target.id))).status).toBe(404);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(audited.map((a) => a.action)).toEqual(['account.session.end']);
  });

  it("refuses another user's session id with 404 and leaves that session alone", async () => {
    const { other: victim } = await twoSessions();
    const victimSessions = (await victim.get(API.accountSessions)).body.sessions as { id: string }[];
    const attacker = browser();
    const creds = await registerUser(attacker);
    await signIn(attacker, creds, CHROME_WINDOWS);
    for (const s of victimSessions) {
      const res = await attacker.post(path(API.accountSessionRevoke, s.id));
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(ACCOUNT_MSG.sessionNotFound);
    }
    expect((await victim.get(API.me)).status).toBe(200);
    // Not a uuid at all: refused as bad input, never a 5xx.
    expect((await attacker.post(path(API.accountSessionRevoke, 'not-a-session'))).status).toBe(400);
    // The list never shows another user's sessions.
    const own = (await attacker.get(API.accountSessions)).body.sessions as { id: string }[];
    expect(own.map((s) => s.id).some((id) => victimSessions.some((v) => v.id === id))).toBe(false);
  });

  it('signs out everywhere else in one go', async () => {
    const { creds, laptop, other } = await twoSessions();
    const third = browser();
    await signIn(third, creds, SAFARI_IPHONE);
    const res = await laptop.post(API.accountSessionsRevokeOthers);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ended: 2, message: ACCOUNT_MSG.otherSessionsEnded(2) });
    expect((await other.get(API.me)).status).toBe(401);
    expect((await third.get(API.me)).status).toBe(401);
    const left = (await laptop.get(API.accountSessions)).body.sessions as { current: boolean }[];
    expect(left).toEqual([expect.objectContaining({ current: true })]);
  });

  it('is for signed-in users only', async () => {
    const anonymous = browser();
    expect((await anonymous.get(API.accountSessions)).status).toBe(401);
    expect((await anonymous.get(API.accountSignIns)).status).toBe(401);
    expect((await anonymous.post(API.accountSessionsRevokeOthers)).status).toBe(401);
  });
});

describe('sign-in history', () => {
  it('lists sign-ins and failed attempts, newest first, with address, device and outcome', async () => {
    const client = browser();
    const creds = await registerUser(client);
    await signIn(client, creds, CHROME_WINDOWS);
    const wrong = await client.request({
      method: 'POST',
      url: `/api/v1${API.login}`,
      payload: { email: creds.email, password: 'not-the-password' },
      headers: { 'user-agent': FIREFOX_LINUX },
    });
    expect(wrong.status).toBe(401);
    // A failed attempt is written beside the answer, not before it (the answer's timing tells nothing).
    await expect.poll(async () => (await client.get(API.accountSignIns)).body.signIns.length).toBe(2);
    const res = await client.get(API.accountSignIns);
    expect(res.status).toBe(200);
    expect(res.body.signIns).toEqual([
      { at: expect.any(String), ip: client.ip, device: 'Firefox on Linux', outcome: 'failed' },
      { at: expect.any(String), ip: client.ip, device: 'Chrome on Windows', outcome: 'success' },
    ]);
  });

  it('keeps the newest 20 per user', async () => {
    const client = browser();
    const creds = await registerUser(client);
    for (let i = 0; i < 8; i++) await signIn(client, creds, CHROME_WINDOWS);
    // Failed attempts count against the per-account limit (10 per 15 minutes): spread them over windows.
    for (let i = 0; i < 16; i++) {
      if (i % 8 === 0) t.clock.advance(16 * 60_000);
      await client.post(API.login, { email: creds.email, password: `wrong-${i}` });
    }
    const userId = (await client.get(API.me)).body.user.id as string;
    const stored = async () =>
      (await t.database.db.select().from(signInEvents).where(eq(signInEvents.userId, userId))).length;
    await expect.poll(stored).toBeGreaterThanOrEqual(20); // the failed attempts have all landed
    await signIn(client, creds, FIREFOX_LINUX);
    const res = await client.get(API.accountSignIns);
    expect(res.body.signIns).toHaveLength(20);
    expect(res.body.signIns[0]).toMatchObject({ device: 'Firefox on Linux', outcome: 'success' });
    expect(await stored()).toBe(20);
  });
});

describe('new-device mail', () => {
  it('e-mails a sign-in from a device the user has not used before, once, and not the first sign-in', async () => {
    const client = browser();
    const creds = await registerUser(client);
    const newDeviceMails = async () =>
      (await mailsTo(t, creds.email, 'account-security')).filter((m) => m.subject.includes('New sign-in'));
    await signIn(client, creds, CHROME_WINDOWS);
    await signIn(client, creds, CHROME_WINDOWS.replace('131.0.0.0', '132.0.0.0')); // an update: same device
    expect(await newDeviceMails()).toHaveLength(0);
    await signIn(browser(), creds, FIREFOX_LINUX);
    const mails = await newDeviceMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Firefox on Linux');
    await signIn(browser(), creds, FIREFOX_LINUX);
    expect(await newDeviceMails()).toHaveLength(1);
  });
});
