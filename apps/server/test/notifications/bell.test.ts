import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_MSG, NOTIFICATIONS_API } from '@svp/shared';
import { buildTestApp, Client, signedInAdmin, signedInUser, topUp, type TestApp } from '../helpers.js';
import { listed } from './support.js';

// The bell's API: the caller's own notifications, newest first, paged; read one, read all; e-mail settings.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const put = (client: Client, payload: unknown) =>
  client.request({ method: 'PUT', url: `/api/v1${NOTIFICATIONS_API.preferences}`, payload: payload as object });

describe('the bell', () => {
  it('lists newest first in pages, counts unread, marks one and all read', async () => {
    const u = await signedInUser(t.app);
    for (let i = 0; i < 3; i++) await topUp(u.client, `${10 + i}`);
    expect((await u.client.get(NOTIFICATIONS_API.unread)).body).toEqual({ unread: 3 });
    const first = await u.client.get(`${NOTIFICATIONS_API.list}?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.unread).toBe(3);
    expect(first.body.notifications.map((n: { body: string }) => n.body.slice(0, 6))).toEqual(['$12.00', '$11.00']);
    const second = await u.client.get(`${NOTIFICATIONS_API.list}?limit=2&before=${first.body.next}`);
    expect(second.body.notifications.map((n: { body: string }) => n.body.slice(0, 6))).toEqual(['$10.00']);
    expect(second.body.next).toBeNull();

    const id = first.body.notifications[1].id;
    expect((await u.client.post(`/notifications/${id}/read`)).body).toEqual({ unread: 2 });
    // Reading it again changes nothing.
    expect((await u.client.post(`/notifications/${id}/read`)).body).toEqual({ unread: 2 });
    expect((await listed(u.client)).map((n) => n.read)).toEqual([false, true, false]);
    expect((await u.client.post(NOTIFICATIONS_API.readAll)).body).toEqual({ unread: 0 });
    expect((await listed(u.client)).every((n) => n.read)).toBe(true);
  });

  it("never shows or changes another user's notifications", async () => {
    const owner = await signedInUser(t.app);
    const other = await signedInUser(t.app, '10.0.1.2');
    await topUp(owner.client, '10');
    const [mine] = await listed(owner.client);
    expect(await listed(other.client)).toEqual([]);
    const res = await other.client.post(`/notifications/${mine!.id}/read`);
    expect(res.status).toBe(404);
    await other.client.post(NOTIFICATIONS_API.readAll);
    // Another user's cursor reads nothing either.
    expect((await other.client.get(`${NOTIFICATIONS_API.list}?before=${mine!.id}`)).body.notifications).toEqual([]);
    expect((await listed(owner.client))[0]!.read).toBe(false);
  });

  it('refuses the anonymous, an admin, a bad id and a bad cursor', async () => {
    const anonymous = new Client(t.app, '10.0.3.1');
    expect((await anonymous.get(NOTIFICATIONS_API.list)).status).toBe(401);
    expect((await anonymous.post('/notifications/1/read')).status).toBe(401);
    const admin = await signedInAdmin(t);
    expect((await admin.client.get(NOTIFICATIONS_API.list)).status).toBe(403);
    const u = await signedInUser(t.app);
    expect((await u.client.post('/notifications/abc/read')).status).toBe(400);
    expect((await u.client.post('/notifications/999999/read')).status).toBe(404);
    expect((await u.client.get(`${NOTIFICATIONS_API.list}?before=x`)).status).toBe(400);
    expect((await u.client.get(`${NOTIFICATIONS_API.list}?limit=500`)).status).toBe(400);
  });
});

describe('e-mail preferences', () => {
  it('all on by default; categories turn off and on; security cannot be turned off', async () => {
    const u = await signedInUser(t.app);
    const initial = (await u.client.get(NOTIFICATIONS_API.preferences)).body;
    expect(Object.values(initial.email).every(Boolean)).toBe(true);
    const saved = await put(u.client, { email: { deposits: false, support: false } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(NOTIFICATION_MSG.saved);
    expect(saved.body.email).toMatchObject({ deposits: false, support: false, plans: true, security: true });
    const back = await put(u.client, { email: { support: true } });
    expect(back.body.email).toMatchObject({ deposits: false, support: true });
    const refused = await put(u.client, { email: { security: false } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(NOTIFICATION_MSG.securityAlwaysOn);
    expect((await put(u.client, { email: { nonsense: false } })).status).toBe(400);
    expect((await u.client.get(NOTIFICATIONS_API.preferences)).body.email).toMatchObject({
      deposits: false,
      security: true,
    });
  });

  it('rate limits changes per account', async () => {
    const u = await signedInUser(t.app, '10.0.4.1');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await put(u.client, { email: { bot: i % 2 === 0 } })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
