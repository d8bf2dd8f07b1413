import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  MSG,
  PROCESSING_HOURS,
  WITHDRAWAL_CONTROLS_API,
  WITHDRAWAL_CONTROLS_MSG as CONTROLS_MSG,
  withdrawalDueDate,
} from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import {
  adminSignIn,
  buildTestApp,
  expectLedgerConsistent,
  invest,
  signedInUser,
  topUp,
  travelAndSignIn,
  type TestApp,
} from '../helpers.js';
import { signedInWithRoles } from '../operator/operator-kit.js';

/*
 * Four eyes (ADR 0044): a payout above WITHDRAWAL_FOUR_EYES_ABOVE_USD needs two approvals by two
 * different admins; it stays pending (unpayable) until the second. Here the figure is $30, so a broken $100 plan
 * ($37.40) needs two and a broken $10 plan ($1.40) one.
 */

let t: TestApp;
let first: Awaited<ReturnType<typeof signedInWithRoles>>;
let second: Awaited<ReturnType<typeof signedInWithRoles>>;
beforeAll(async () => {
  t = await buildTestApp({ WITHDRAWAL_FOUR_EYES_ABOVE_USD: '30' });
  first = await signedInWithRoles(t, ['finance']);
  second = await signedInWithRoles(t, ['finance']);
});
afterAll(() => t.close());

async function broken(plan: 'platinum' | 'standard', amount: string) {
  const u = await signedInUser(t.app);
  await topUp(u.client, amount);
  expect((await invest(u.client, plan, amount)).status).toBe(200);
  const res = await u.client.post(API.withdrawals, { kind: 'break' });
  expect(res.status).toBe(200);
  return { ...u, res, id: res.body.withdrawal.id as string };
}

const approve = (client: typeof first.client, id: string) => client.post(`/admin/withdrawals/${id}/approve`);
const statusOf = async (id: string) =>
  (await queryRows<{ status: string }>(t.database.db, sql`select status from withdrawals where id = ${id}`))[0]!.status;

describe('four eyes on large withdrawals', () => {
  it('puts a large request under review with the 3-day promise; the user sees why and until when', async () => {
    const u = await broken('platinum', '100');
    const w = u.res.body.withdrawal;
    expect(w.review).toEqual({ reasons: ['large'], approvalsNeeded: 2, approvals: 0 });
    expect(w.dueAt).toBe(withdrawalDueDate(new Date(w.requestedAt), PROCESSING_HOURS.review).toISOString());
    expect(u.res.body.message).toBe(CONTROLS_MSG.requestedForReview(w.dueAt));
    const listed = (await u.client.get(API.withdrawals)).body.withdrawals[0];
    expect(listed).toMatchObject({ status: 'pending', review: { approvals: 0, approvalsNeeded: 2 } });
  });

  it('needs a second, different admin: the first approval leaves it pending and unpayable', async () => {
    const u = await broken('platinum', '100');
    const once = await approve(first.client, u.id);
    expect(once.status).toBe(200);
    expect(once.body).toMatchObject({ status: 'pending', review: { approvals: 1, approvalsNeeded: 2 } });
    expect(await statusOf(u.id)).toBe('pending');
    // The treasury pays only approved withdrawals: a hand-entered payout is refused too.
    const pay = await first.client.post(`/admin/withdrawals/${u.id}/pay`, { txHash: `0x${'1'.repeat(64)}` });
    expect(pay.status).toBe(409);
    // The same admin cannot give the second.
    const again = await approve(first.client, u.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CONTROLS_MSG.sameAdmin);
    const queue = (await second.client.get(API.adminWithdrawals)).body.withdrawals;
    expect(queue.find((q: { id: string }) => q.id === u.id)).toMatchObject({
      firstApprovedBy: first.email,
      review: { approvals: 1 },
    });
    const done = await approve(second.client, u.id);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'approved', review: { approvals: 2, approvalsNeeded: 2 } });
    // A third admin's approval finds nothing pending.
    const third = await signedInWithRoles(t, ['superadmin']);
    const late = await approve(third.client, u.id);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(MSG.withdraw.notPending);
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_log where target_id = ${u.id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.first_approval', 'withdrawal.approved']);
    await expectLedgerConsistent(t);
  });

  it('approves a small withdrawal with one admin, as before', async () => {
    const u = await broken('standard', '10');
    expect(u.res.body.withdrawal.review).toBeNull();
    expect(u.res.body.message).toBe(MSG.withdraw.success);
    const res = await approve(first.client, u.id);
    expect(res.body).toMatchObject({ status: 'approved', review: null });
  });

  it('refuses, in the database, an approved large withdrawal without two different approvers', async () => {
    const u = await broken('platinum', '100');
    await expect(
      t.database.db.execute(
        sql`update withdrawals set status = 'approved', approved_by = ${first.id} where id = ${u.id}`,
      ),
    ).rejects.toThrow();
  });

  it('lists the requests past the promised time for the admin (the promise measured)', async () => {
    const u = await broken('platinum', '100');
    expect((await first.client.get(WITHDRAWAL_CONTROLS_API.late)).body.withdrawals).toEqual([]);
    await travelAndSignIn(t, u, 4 * 24 * 3_600_000);
    await adminSignIn(t, first.client, first);
    const late = (await first.client.get(WITHDRAWAL_CONTROLS_API.late)).body.withdrawals;
    const row = late.find((w: { id: string }) => w.id === u.id);
    expect(row).toMatchObject({ late: true, status: 'pending' });
    expect(row.hoursLate).toBeGreaterThan(0);
    const queue = (await first.client.get(API.adminWithdrawals)).body.withdrawals;
    expect(queue.find((w: { id: string }) => w.id === u.id).late).toBe(true);
  });
});
