import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import { buildTestApp, Client, signedInAdmin, signedInUser, topUp, type TestApp } from '../helpers.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

describe('flagged deposits', () => {
  it('lists under- and over-payments, newest first, with the user, the amount expected and the amount received', async () => {
    const u = await signedInUser(t.app);
    const txOf = (payment: Awaited<ReturnType<typeof topUp>>) => payment.status.newPayments[0].txHash as string;
    const exact = txOf(await topUp(u.client, '10'));
    const under = txOf(await topUp(u.client, '10', '12'));
    const over = txOf(await topUp(u.client, '20', '30.5'));
    const res = await admin.client.get(API.adminFlaggedDeposits);
    expect(res.status).toBe(200);
    const list = res.body.deposits as { txHash: string; seenAt: string }[];
    expect(list.map((d) => d.txHash)).not.toContain(exact);
    expect(list.filter((d) => d.txHash === under || d.txHash === over)).toEqual([
      {
        id: expect.any(String),
        userId: u.user.id,
        username: u.user.username,
        email: u.email,
        flag: 'over',
        expected: '23',
        received: '30.5',
        credited: '27.5',
        txHash: over,
        seenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      expect.objectContaining({ flag: 'under', expected: '13', received: '12', credited: '9', txHash: under }),
    ]);
    expect((await admin.client.get(API.adminOverview)).body.counts.flaggedDeposits).toBe(list.length);
  });

  it('is for admins only', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get(API.adminFlaggedDeposits)).status).toBe(403);
    expect((await new Client(t.app).get(API.adminFlaggedDeposits)).status).toBe(401);
  });
});
