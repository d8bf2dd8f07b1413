import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { roundTripsOf } from '../round-trips.js';
import {
  buildTestApp,
  invest,
  signedInAdmin,
  signedInUser,
  topUp,
  type Client,
  type TestApp,
  expectLedgerConsistent,
} from '../helpers.js';

// An admin's approval or rejection is one statement (sql/functions/withdrawals/api_withdrawal_decide.sql): the admin's
// session, the key, the status, the money returned, the notification and the audit entry. Before it, one read of the
// admin's roles (DESIGN D18, ADR 0043: a revoked role stops at the next request): two round trips in all. Folding
// that read into the statement is ADR 0043's open option; an admin's decision is not a hot path.

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const key = () => `key-${Math.random().toString(36).slice(2, 12)}`;

/** A user who broke a $100 plan: a pending withdrawal of the 40% paid back, less its fees. */
async function pendingBreak() {
  const u = await signedInUser(t.app);
  await topUp(u.client, '100');
  expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
  const withdrawal = (await u.client.post(API.withdrawals, { kind: 'break' })).body.withdrawal;
  return { ...u, withdrawal: withdrawal as { id: string; payout: string } };
}

async function twoRoundTrips(send: () => Promise<unknown>) {
  expect(await roundTripsOf(t.database, send)).toBe(2);
}

const audited = async (id: string) =>
  (
    await queryRows<{ action: string; actor: string }>(
      t.database.db,
      sql`select action, actor_id::text as actor from audit_log where target_id = ${id} order by id`,
    )
  ).map((r) => [r.action, r.actor]);

const notified = async (userId: string, type: string) =>
  (await queryRows(t.database.db, sql`select 1 from notifications where user_id = ${userId} and type = ${type}`))
    .length;

describe("an admin's decision in one statement", () => {
  it('approves in one statement after the roles read, audited and notified; a replay of the key answers the same', async () => {
    const u = await pendingBreak();
    const k = key();
    const url = `/admin/withdrawals/${u.withdrawal.id}/approve`;
    let first: Awaited<ReturnType<Client['post']>> | undefined;
    await twoRoundTrips(async () => {
      first = await admin.client.post(url, undefined, { 'idempotency-key': k });
    });
    expect(first!.status).toBe(200);
    expect(first!.body).toMatchObject({ id: u.withdrawal.id, status: 'approved', payout: u.withdrawal.payout });
    const again = await admin.client.post(url, undefined, { 'idempotency-key': k });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first!.body);
    expect(await audited(u.withdrawal.id)).toEqual([['withdrawal.approved', admin.id]]);
    expect(await notified(u.user.id, 'withdrawal.approved')).toBe(1);
    // Decided already: a second approval with a new key is refused in the spec's words.
    const twice = await admin.client.post(url);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(MSG.withdraw.notPending);
  });

  it('rejects in one statement after the roles read, returning everything the request took, once', async () => {
    const u = await pendingBreak();
    const before = (await u.client.get(API.me)).body.user.balance;
    const k = key();
    const url = `/admin/withdrawals/${u.withdrawal.id}/reject`;
    let first: Awaited<ReturnType<Client['post']>> | undefined;
    await twoRoundTrips(async () => {
      first = await admin.client.post(url, { reason: 'Wallet flagged' }, { 'idempotency-key': k });
    });
    expect(first!.status).toBe(200);
    expect(first!.body).toMatchObject({ status: 'rejected', reason: 'Wallet flagged' });
    expect(first!.body.decidedAt).toEqual(expect.any(String));
    // The break's whole $100 is back: the 40% with its fees, and the 60% the platform kept.
    expect(before).toBe('0');
    expect((await u.client.get(API.me)).body.user.balance).toBe('100');
    const again = await admin.client.post(url, { reason: 'Wallet flagged' }, { 'idempotency-key': k });
    expect(again.body).toEqual(first!.body);
    expect((await u.client.get(API.me)).body.user.balance).toBe('100');
    expect(await audited(u.withdrawal.id)).toEqual([['withdrawal.rejected', admin.id]]);
    expect(await notified(u.user.id, 'withdrawal.rejected')).toBe(1);
    const history = (await u.client.get(API.history)).body;
    expect(JSON.stringify(history)).toContain('Withdrawal rejected (Wallet flagged)');
    await expectLedgerConsistent(t);
  });

  it('rejects once for 50 identical requests with one Idempotency-Key, each answered the same', async () => {
    const u = await pendingBreak();
    const k = key();
    const url = `/admin/withdrawals/${u.withdrawal.id}/reject`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => admin.client.post(url, { reason: 'Duplicate' }, { 'idempotency-key': k })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect((await u.client.get(API.me)).body.user.balance).toBe('100');
    expect(await audited(u.withdrawal.id)).toEqual([['withdrawal.rejected', admin.id]]);
    await expectLedgerConsistent(t);
  });

  it('answers a malformed id or reason with its 4xx once the session is known', async () => {
    const anonymous = await signedInUser(t.app);
    expect((await anonymous.client.post('/admin/withdrawals/not-a-uuid/approve')).status).toBe(403);
    const bad = await admin.client.post('/admin/withdrawals/not-a-uuid/approve');
    expect(bad.status).toBe(400);
    const u = await pendingBreak();
    const blank = await admin.client.post(`/admin/withdrawals/${u.withdrawal.id}/reject`, { reason: ' ' });
    expect(blank.status).toBe(400);
    expect((await u.client.get(API.withdrawals)).body.withdrawals[0]).toMatchObject({ status: 'pending' });
  });

  // Last: it moves the clock past every admin session's idle limit.
  it("refuses a user's session and an admin's idle one, and changes nothing", async () => {
    const u = await pendingBreak();
    const url = `/admin/withdrawals/${u.withdrawal.id}/approve`;
    expect((await u.client.post(url)).status).toBe(403);
    const idle = await signedInAdmin(t, '10.0.2.9');
    t.clock.advance(t.config.ADMIN_SESSION_IDLE_MINUTES * 60_000 + 1_000);
    expect((await idle.client.post(url)).status).toBe(401);
    expect((await u.client.get(API.withdrawals)).body.withdrawals[0]).toMatchObject({ status: 'pending' });
    expect(await audited(u.withdrawal.id)).toEqual([]);
  });
});
