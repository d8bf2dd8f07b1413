import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, WITHDRAWAL_CONTROLS_API } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { buildTestApp, expectLedgerConsistent, invest, signedInUser, topUp, type TestApp } from '../helpers.js';
import { signedInWithRoles } from '../operator/operator-kit.js';
import { raceKit } from './race-kit.js';

/*
 * The withdrawal controls' races (ADR 0044), real on PostgreSQL (`npm run test:pg`); on PGlite the same
 * checks run without the concurrency. Four eyes: the withdrawal's row lock orders the approvals, so exactly one
 * second approval counts and its first approver never gives it. Caps: the request's statement sums the window after
 * the user's locks, so 50 concurrent requests let through exactly what the cap allows.
 */

let t: TestApp;
const kit = raceKit(() => t);
beforeAll(async () => {
  t = await buildTestApp({ WITHDRAWAL_FOUR_EYES_ABOVE_USD: '30' });
});
afterAll(() => t.close());

const approvals = async (id: string, action: string) =>
  (
    await queryRows<{ n: string }>(
      t.database.db,
      sql`select count(*)::text as n from audit_log where target_id = ${id} and action = ${action}`,
    )
  )[0]!.n;

async function largeBreak() {
  const u = await signedInUser(t.app, kit.nextIp());
  await topUp(u.client, '100');
  expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
  const res = await u.client.post(API.withdrawals, { kind: 'break' });
  expect(res.body.withdrawal.review.approvalsNeeded).toBe(2);
  return res.body.withdrawal.id as string;
}

describe('four eyes under concurrency', () => {
  it('counts exactly one second approval when admins race, and never the first approver as the second', async () => {
    const [a, b, c] = await Promise.all([
      signedInWithRoles(t, ['finance']),
      signedInWithRoles(t, ['finance']),
      signedInWithRoles(t, ['superadmin']),
    ]);
    for (let round = 0; round < kit.ROUNDS; round += 1) {
      const id = await largeBreak();
      expect((await a.client.post(`/admin/withdrawals/${id}/approve`)).status).toBe(200);
      // The first approver and two others, 8 calls each, at once.
      const calls = [a, b, c].flatMap((admin) =>
        Array.from({ length: 8 }, () => admin.client.post(`/admin/withdrawals/${id}/approve`)),
      );
      const answers = await Promise.all(calls);
      const ok = answers.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(answers.length - 1);
      expect(answers.slice(0, 8).every((r) => r.status === 409)).toBe(true);
      const [row] = await queryRows<{ status: string; first: string; second: string }>(
        t.database.db,
        sql`select status, first_approved_by::text as first, approved_by::text as second from withdrawals where id = ${id}`,
      );
      expect(row!.status).toBe('approved');
      expect(row!.first).toBe(a.id);
      expect([b.id, c.id]).toContain(row!.second);
      expect(await approvals(id, 'withdrawal.approved')).toBe('1');
      expect(await approvals(id, 'withdrawal.first_approval')).toBe('1');
    }
  });

  it('makes one of two admins racing on a fresh request first and the other second: two different approvers', async () => {
    const [a, b] = await Promise.all([signedInWithRoles(t, ['finance']), signedInWithRoles(t, ['finance'])]);
    for (let round = 0; round < kit.ROUNDS; round += 1) {
      const id = await largeBreak();
      const answers = await Promise.all([
        a.client.post(`/admin/withdrawals/${id}/approve`),
        b.client.post(`/admin/withdrawals/${id}/approve`),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(answers.map((r) => r.body.status).sort()).toEqual(['approved', 'pending']);
      expect(await approvals(id, 'withdrawal.approved')).toBe('1');
    }
  });
});

describe('caps under concurrency', () => {
  it('lets exactly the allowed requests through out of 50 at once: one within the cap, none over it', async () => {
    const finance = await signedInWithRoles(t, ['finance']);
    // Within: a $50 daily cap holds one $37.40 break. Over: a $30 cap holds none.
    for (const [cap, allowed] of [
      ['50', 1],
      ['30', 0],
    ] as const) {
      const u = await signedInUser(t.app, kit.nextIp());
      await topUp(u.client, '100');
      expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
      const limits = WITHDRAWAL_CONTROLS_API.limits.replace(':id', u.user.id);
      expect((await finance.client.post(limits, { dailyCap: cap, monthlyCap: null })).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => u.client.post(API.withdrawals, { kind: 'break' })),
      );
      expect(answers.filter((r) => r.status === 200)).toHaveLength(allowed);
      expect(answers.filter((r) => r.status >= 500)).toHaveLength(0);
      const rows = await queryRows<{ n: string; total: string | null }>(
        t.database.db,
        sql`select count(*)::text as n, sum(payout)::text as total from withdrawals where user_id = ${u.user.id}`,
      );
      expect(rows[0]!.n).toBe(String(allowed));
      expect(BigInt(rows[0]!.total ?? '0')).toBeLessThanOrEqual(BigInt(cap) * 1_000_000n);
    }
    await expectLedgerConsistent(t);
  });
});
