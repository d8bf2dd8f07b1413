import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, USD_UNIT } from '@svp/shared';
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
        reason: null,
      },
      expect.objectContaining({ flag: 'under', expected: '13', received: '12', credited: '9', txHash: under }),
    ]);
    expect((await admin.client.get(API.adminOverview)).body.counts.flaggedDeposits).toBe(list.length);
  });

  it('lists a rejected transfer with its reason beside the credited payments, and counts it', async () => {
    const whale = await signedInUser(t.app);
    const address = await t.app.services.deposits.addressFor(whale.user.id);
    // $999,999,999,999,999: above the ceiling, and more micro-dollars than a bigint column holds.
    await t.app.services.simulated!.pay(address, 999_999_999_999_999n * USD_UNIT);
    expect(await t.app.services.watcher.runOnce()).toBe(0);
    t.clock.advance(1000);
    const u = await signedInUser(t.app);
    const later = (await topUp(u.client, '10', '12')).status.newPayments[0].txHash as string;

    const list = (await admin.client.get(API.adminFlaggedDeposits)).body.deposits as {
      flag: string;
      txHash: string;
    }[];
    const rejected = list.filter((d) => d.flag === 'rejected');
    expect(rejected).toEqual([
      {
        id: expect.any(String),
        userId: whale.user.id,
        username: whale.user.username,
        email: whale.email,
        flag: 'rejected',
        expected: null,
        received: '999999999999999',
        credited: '0',
        txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        seenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason:
          'Not credited: 999,999,999,999,999 USDT is above the ceiling of $10,000,000 for one payment. Follow it up with the user.',
      },
    ]);
    // Newest first: the underpayment credited after it comes before it.
    expect(list.findIndex((d) => d.txHash === later)).toBeLessThan(list.indexOf(rejected[0]!));
    expect((await admin.client.get(API.adminOverview)).body.counts.flaggedDeposits).toBe(list.length);
    expect((await whale.client.get(API.me)).body.user.balance).toBe('0');
  });

  it('is for admins only', async () => {
    const u = await signedInUser(t.app);
    expect((await u.client.get(API.adminFlaggedDeposits)).status).toBe(403);
    expect((await new Client(t.app).get(API.adminFlaggedDeposits)).status).toBe(401);
  });
});
