import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, IDEMPOTENCY_HEADER, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { buildTestApp, signedInAdmin, signedInUser, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

describe('support tickets', () => {
  it('creates a ticket (open), the admin replies (pending), the user replies (open), the admin closes it', async () => {
    const u = await signedInUser(t.app);
    const created = await u.client.post(API.tickets, {
      subject: 'Deposit missing',
      message: 'I paid 103 USDT an hour ago.',
    });
    expect(created.status).toBe(200);
    expect(created.body.ticket).toMatchObject({ subject: 'Deposit missing', status: 'open' });
    const id = created.body.ticket.id;
    const all = (await admin.client.get(API.adminTickets)).body.tickets;
    expect(all.find((x: { id: string }) => x.id === id)).toMatchObject({ username: u.user.username, email: u.email });
    const replied = await admin.client.post(`/admin/tickets/${id}/reply`, { message: 'We are checking the chain.' });
    expect(replied.body.ticket.status).toBe('pending');
    const thread = (await u.client.get(`/tickets/${id}`)).body;
    expect(thread.messages.map((m: { sender: string; message: string }) => [m.sender, m.message])).toEqual([
      ['user', 'I paid 103 USDT an hour ago.'],
      ['admin', 'We are checking the chain.'],
    ]);
    expect((await u.client.post(`/tickets/${id}/messages`, { message: 'Thanks!' })).body.ticket.status).toBe('open');
    expect((await admin.client.post(`/admin/tickets/${id}/close`)).body.ticket.status).toBe('closed');
    const closed = await u.client.post(`/tickets/${id}/messages`, { message: 'One more thing' });
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe(MSG.tickets.closed);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_id = ${id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['ticket.reply', 'ticket.close']);

    // Support may follow up a closed ticket (ADR 0008): the thread is pending again and the user may answer.
    const followUp = await admin.client.post(`/admin/tickets/${id}/reply`, { message: 'It arrived after all.' });
    expect(followUp.body.ticket.status).toBe('pending');
    expect((await u.client.post(`/tickets/${id}/messages`, { message: 'Great' })).body.ticket.status).toBe('open');
  });

  it("refuses an Idempotency-Key reused on another ticket (422) instead of replaying the first ticket's reply", async () => {
    const u = await signedInUser(t.app);
    const ids: string[] = [];
    for (const subject of ['First', 'Second']) {
      ids.push((await u.client.post(API.tickets, { subject, message: 'Hello' })).body.ticket.id);
    }
    const key = { [IDEMPOTENCY_HEADER]: `reply-key-${ids[0]}` };
    const first = await u.client.post(`/tickets/${ids[0]}/messages`, { message: 'Same words' }, key);
    expect(first.status).toBe(200);
    const second = await u.client.post(`/tickets/${ids[1]}/messages`, { message: 'Same words' }, key);
    expect(second.status).toBe(422);
    expect(second.body.error.code).toBe('IDEMPOTENCY_MISMATCH');
    const thread = (await u.client.get(`/tickets/${ids[1]}`)).body;
    expect(thread.messages.map((m: { message: string }) => m.message)).toEqual(['Hello']);
    // The same key on the same ticket still replays.
    const again = await u.client.post(`/tickets/${ids[0]}/messages`, { message: 'Same words' }, key);
    expect([again.status, again.headers['idempotent-replayed'], again.raw]).toEqual([200, 'true', first.raw]);
  });

  it.each([[{ subject: ' ', message: 'x' }], [{ subject: 'x', message: '' }], [{}]])(
    'refuses a blank subject or message with the spec message (%j)',
    async (body) => {
      const u = await signedInUser(t.app);
      const res = await u.client.post(API.tickets, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(MSG.tickets.empty);
    },
  );

  it('allows 2 tickets per rolling 24 hours, even under 10 concurrent posts', async () => {
    const u = await signedInUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => u.client.post(API.tickets, { subject: `s${i}`, message: 'm' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.error.message === MSG.tickets.limit)).toBe(true);
    t.clock.advance(23 * 3_600_000);
    expect((await u.client.post(API.tickets, { subject: 'a', message: 'b' })).status).toBe(429);
    t.clock.advance(1 * 3_600_000 + 1000);
    expect((await u.client.post(API.tickets, { subject: 'a', message: 'b' })).status).toBe(200);
  });

  it("never shows one user another user's ticket", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const id = (await a.client.post(API.tickets, { subject: 'private', message: 'secret' })).body.ticket.id;
    expect((await b.client.get(`/tickets/${id}`)).status).toBe(404);
    expect((await b.client.post(`/tickets/${id}/messages`, { message: 'hi' })).status).toBe(404);
    expect((await b.client.get(API.tickets)).body.tickets).toEqual([]);
    expect((await b.client.get(API.adminTickets)).status).toBe(403);
  });
});

describe('profile', () => {
  it('changes the username, refuses a taken one (any case) and a malformed one', async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    expect((await a.client.post(API.profileUsername, { username: 'ada_l' })).body.message).toBe(
      MSG.profile.usernameSaved,
    );
    expect((await a.client.get(API.me)).body.user.username).toBe('ada_l');
    const taken = await b.client.post(API.profileUsername, { username: 'ADA_L' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(MSG.profile.usernameTaken);
    expect((await b.client.post(API.profileUsername, { username: 'a b' })).body.error.message).toBe(
      MSG.profile.usernameInvalid,
    );
  });
});
