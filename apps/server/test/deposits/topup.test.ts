import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { API, ceilingMessage, MAX_AMOUNT, MSG, USD_UNIT } from '@svp/shared';
import { chainCursors, deposits, rejectedDeposits, simulatedTransfers } from '../../src/db/schema.js';
import { SIMULATED_CHAIN_ID } from '../../src/chain/simulated.js';
import { buildTestApp, Client, signedInUser, topUp, type TestApp, expectLedgerConsistent } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const balanceOf = async (client: Client) => (await client.get(API.me)).body.user.balance as string;
/** A counter's value as /metrics reports it. */
const metric = async (name: string) => {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} is not in /metrics`);
  return Number(line.split(' ')[1]);
};

/** A USDT transfer as the BSC watcher observes it, to `address`, in a transaction named by one repeated byte. */
const usdtTransfer = (address: string, txByte: string, amountRaw: bigint) => ({
  chainId: 56,
  txHash: '0x' + txByte.repeat(32),
  logIndex: 3,
  blockNumber: 100n,
  from: '0x00000000000000000000000000000000000000aa',
  to: address,
  amountRaw,
  decimals: 18,
});

describe('top-up', () => {
  it.each(['', '0', '-5', 'abc', '1e3'])('refuses the amount %j with the spec message', async (amount) => {
    const { client } = await signedInUser(t.app);
    const res = await client.post(API.topup, { amount });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(MSG.topup.invalidAmount);
  });

  it('refuses a top-up whose payment would exceed the ceiling, naming it', async () => {
    const { client } = await signedInUser(t.app);
    // $9,999,997 + the $3 fee is one payment of exactly $10,000,000: the most one transfer may carry.
    const most = await client.post(API.topup, { amount: '9999997' });
    expect(most.status).toBe(200);
    expect(most.body.amountToPay).toBe('10000000');
    const ceiling = 'Enter an amount of at most $9,999,997: with the $3 fee, one payment may be at most $10,000,000.';
    for (const amount of ['9999997.01', '10000000', '99999999999', '999999999999999', '9'.repeat(20)]) {
      const res = await client.post(API.topup, { amount });
      expect(res.status, amount).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: ceiling, fields: { amount: ceiling } });
    }
  });

  it('refuses a test payment or chain:pay above the ceiling with a 400 that names it, never a 500', async () => {
    const { client } = await signedInUser(t.app);
    const request = await client.post(API.topup, { amount: '10' });
    const tooMuch = ceilingMessage('USD');
    expect(tooMuch).toContain('$10,000,000');
    const paid = await client.post(API.topupTestPayment, {
      requestId: request.body.requestId,
      amount: '999999999999999',
    });
    expect(paid.status).toBe(400);
    expect(paid.body.error.message).toBe(tooMuch);
    const anonymous = new Client(t.app);
    for (const amount of ['999999999999999', '10000000.000001']) {
      const res = await anonymous.post(API.devChainPay, { to: request.body.walletAddress, amount });
      expect(res.status, amount).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: tooMuch, fields: { amount: tooMuch } });
    }
    // Exactly the ceiling is one payment the system takes: credited as received, minus the fee.
    const most = await anonymous.post(API.devChainPay, { to: request.body.walletAddress, amount: '10000000' });
    expect(most.status).toBe(200);
    expect(most.body.credited).toBe(1);
    expect(await balanceOf(client)).toBe('9999997');
  });

  it('records a transfer above the ceiling as rejected and credits every payment after it', async () => {
    const whale = await signedInUser(t.app);
    const whaleAddress = await t.app.services.deposits.addressFor(whale.user.id);
    const other = await signedInUser(t.app);
    const request = await other.client.post(API.topup, { amount: '10' });
    const simulated = t.app.services.simulated!;
    const rejectedBefore = await metric('svp_deposits_rejected_total');
    // The chain carries whatever anyone sends: $999,999,999,999,999 does not even fit a bigint column in
    // micro-dollars, and one micro-dollar above the ceiling is above it all the same.
    await simulated.pay(whaleAddress, 999_999_999_999_999n * USD_UNIT);
    await simulated.pay(whaleAddress, MAX_AMOUNT.USD + 1n);
    // The next payment to someone else, in a later block, is credited by the same scan.
    const paid = await other.client.post(API.topupTestPayment, { requestId: request.body.requestId });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'paid', newPayments: [{ received: '13', credited: '10', flag: null }] });
    expect(await balanceOf(other.client)).toBe('10');
    expect(await balanceOf(whale.client)).toBe('0');

    const rows = await t.database.db.select().from(rejectedDeposits).where(eq(rejectedDeposits.userId, whale.user.id));
    expect(rows.map((r) => [r.code, r.reason]).sort()).toEqual([
      [
        'above_ceiling',
        'Not credited: 10,000,000.000001 USDT is above the ceiling of $10,000,000 for one payment. Follow it up with the user.',
      ],
      [
        'above_ceiling',
        'Not credited: 999,999,999,999,999 USDT is above the ceiling of $10,000,000 for one payment. Follow it up with the user.',
      ],
    ]);
    expect(rows.map((r) => r.amountRaw).sort()).toEqual([
      '10000000000001000000000000',
      '999999999999999000000000000000000',
    ]);
    expect(await metric('svp_deposits_rejected_total')).toBe(rejectedBefore + 2);
    // Not a deposit for the user, and the cursor is at the head: nothing is read again, nothing left behind.
    const [last] = await t.database.db
      .select({ head: simulatedTransfers.blockNumber })
      .from(simulatedTransfers)
      .orderBy(desc(simulatedTransfers.blockNumber))
      .limit(1);
    const [cursor] = await t.database.db
      .select()
      .from(chainCursors)
      .where(eq(chainCursors.chainId, SIMULATED_CHAIN_ID));
    expect(cursor!.lastBlock).toBe(last!.head);
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, whale.user.id))).toEqual([]);
    // Rejected once: a scan from the start sees both again and records nothing new.
    await t.database.db.update(chainCursors).set({ lastBlock: 0n }).where(eq(chainCursors.chainId, SIMULATED_CHAIN_ID));
    expect(await t.app.services.watcher.runOnce()).toBe(0);
    expect(
      await t.database.db.select().from(rejectedDeposits).where(eq(rejectedDeposits.userId, whale.user.id)),
    ).toHaveLength(2);
    expect(await metric('svp_deposits_rejected_total')).toBe(rejectedBefore + 2);
    expect(await balanceOf(other.client)).toBe('10');
    await expectLedgerConsistent(t);
  });

  it('records a transfer the database cannot store as rejected, with the reason, instead of failing', async () => {
    const { client, user } = await signedInUser(t.app);
    const address = await t.app.services.deposits.addressFor(user.id);
    // A block number beyond bigint: the deposit row refuses it (22003), and only this transfer is affected.
    const odd = { ...usdtTransfer(address, '5a', 13n * 10n ** 18n), blockNumber: 2n ** 64n };
    expect(await t.app.services.deposits.ingest(odd)).toBe('rejected');
    expect(await t.app.services.deposits.ingest(odd)).toBe('duplicate');
    const [row] = await t.database.db.select().from(rejectedDeposits).where(eq(rejectedDeposits.txHash, odd.txHash));
    expect(row).toMatchObject({ code: 'failed', blockNumber: String(2n ** 64n), userId: user.id });
    expect(row!.reason).toMatch(/^Not credited: it could not be recorded \(database error 22003: .*out of range/);
    expect(await balanceOf(client)).toBe('0');
    // A rejection is final: the same transfer seen again with a storable block is not credited later.
    expect(await t.app.services.deposits.ingest({ ...odd, blockNumber: 100n })).toBe('duplicate');
    expect(await balanceOf(client)).toBe('0');
    // And a transfer credited before is never recorded as rejected afterwards.
    const fine = usdtTransfer(address, '5b', 13n * 10n ** 18n);
    expect(await t.app.services.deposits.ingest(fine)).toBe('credited');
    expect(await t.app.services.deposits.reject(fine, new Error('late'))).toBe('duplicate');
    expect(await balanceOf(client)).toBe('10');
    await expectLedgerConsistent(t);
  });

  it('shows a permanent address, amount + $3 and an EIP-681 URI, then credits a payment once', async () => {
    const { client } = await signedInUser(t.app);
    const first = await client.post(API.topup, { amount: '100' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ amount: '100', fee: '3', amountToPay: '103' });
    expect(first.body.walletAddress).toMatch(/^0x[0-9a-f]{40}$/);
    expect(first.body.paymentUri).toBe(
      `ethereum:${t.config.USDT_CONTRACT}@${SIMULATED_CHAIN_ID}/transfer?address=${first.body.walletAddress}&uint256=103000000000000000000`,
    );
    const second = await client.post(API.topup, { amount: '5' });
    expect(second.body.walletAddress).toBe(first.body.walletAddress);

    const waiting = await client.get(`/topup/${first.body.requestId}/status`);
    expect(waiting.body).toEqual({ status: 'waiting', newPayments: [] });
    const paid = await client.post(API.topupTestPayment, { requestId: first.body.requestId });
    expect(paid.body.status).toBe('paid');
    expect(paid.body.newPayments[0]).toMatchObject({ received: '103', fee: '3', credited: '100' });
    expect(await balanceOf(client)).toBe('100');
    // The watcher scanning again finds nothing new.
    expect(await t.app.services.watcher.runOnce()).toBe(0);
    expect(await balanceOf(client)).toBe('100');
  });

  it("gives every user their own address and never shows one user another user's request", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const ra = await a.client.post(API.topup, { amount: '10' });
    const rb = await b.client.post(API.topup, { amount: '10' });
    expect(ra.body.walletAddress).not.toBe(rb.body.walletAddress);
    expect((await b.client.get(`/topup/${ra.body.requestId}/status`)).status).toBe(404);
    expect((await b.client.post(API.topupTestPayment, { requestId: ra.body.requestId })).status).toBe(404);
  });

  it('credits under- and over-payments as received and flags them; a tiny payment credits 0', async () => {
    const under = await signedInUser(t.app);
    const r1 = await topUp(under.client, '50', '40');
    expect(r1.status.newPayments[0]).toMatchObject({ received: '40', credited: '37', flag: 'under' });
    const over = await signedInUser(t.app);
    const r2 = await topUp(over.client, '50', '60');
    expect(r2.status.newPayments[0]).toMatchObject({ received: '60', credited: '57', flag: 'over' });
    const tiny = await signedInUser(t.app);
    const r3 = await topUp(tiny.client, '1', '2');
    expect(r3.status.newPayments[0]).toMatchObject({ received: '2', fee: '2', credited: '0' });
    expect(await balanceOf(tiny.client)).toBe('0');
  });

  it('flags a second payment for a request that was already paid as unrequested (still credited)', async () => {
    const { client } = await signedInUser(t.app);
    const request = await client.post(API.topup, { amount: '10' });
    for (let i = 0; i < 2; i++) {
      expect((await client.post(API.topupTestPayment, { requestId: request.body.requestId })).status).toBe(200);
    }
    const seen = (await client.get(`/topup/${request.body.requestId}/status`)).body.newPayments;
    expect(seen.map((p: { flag: string | null }) => p.flag).sort()).toEqual([null, 'unrequested']);
    expect(await balanceOf(client)).toBe('20');
  });

  it('lets no zero-value transfer (address poisoning) take a request: the real payment still matches it', async () => {
    const { client, user } = await signedInUser(t.app);
    const request = await client.post(API.topup, { amount: '10' });
    const address = await t.app.services.deposits.addressFor(user.id);
    expect(await t.app.services.deposits.ingest(usdtTransfer(address, 'cd', 0n))).toBe('credited');
    await client.post(API.topupTestPayment, { requestId: request.body.requestId });
    const seen = (await client.get(`/topup/${request.body.requestId}/status`)).body.newPayments;
    const real = seen.find((p: { received: string }) => p.received === '13');
    expect(real).toMatchObject({ credited: '10', flag: null });
  });

  it('credits a payment that arrives after the 15-minute window', async () => {
    const { client } = await signedInUser(t.app);
    const request = await client.post(API.topup, { amount: '20' });
    t.clock.advance(3 * 3_600_000);
    const paid = await client.post(API.topupTestPayment, { requestId: request.body.requestId });
    expect(paid.body.status).toBe('paid');
    expect(await balanceOf(client)).toBe('20');
  });

  it('credits the same on-chain transfer exactly once, even ingested 30 times at once', async () => {
    const { client, user } = await signedInUser(t.app);
    const address = await t.app.services.deposits.addressFor(user.id);
    const transfer = usdtTransfer(address, 'ab', 13n * 10n ** 18n);
    const results = await Promise.all(Array.from({ length: 30 }, () => t.app.services.deposits.ingest(transfer)));
    expect(results.filter((r) => r === 'credited')).toHaveLength(1);
    expect(results.filter((r) => r === 'duplicate')).toHaveLength(29);
    expect(await balanceOf(client)).toBe('10');
    const rows = await t.database.db.select().from(deposits).where(eq(deposits.txHash, transfer.txHash));
    expect(rows).toHaveLength(1);
    await expectLedgerConsistent(t);
  });

  it('ignores transfers to addresses that are not ours', async () => {
    const result = await t.app.services.deposits.ingest(usdtTransfer('0x' + '12'.repeat(20), 'ef', 10n ** 18n));
    expect(result).toBe('ignored');
  });

  it('lets the chain:pay command pay any address through the same path', async () => {
    const { client } = await signedInUser(t.app);
    const request = await client.post(API.topup, { amount: '7' });
    const anonymous = new Client(t.app);
    const res = await anonymous.post(API.devChainPay, { to: request.body.walletAddress, amount: '10' });
    expect(res.status).toBe(200);
    expect(res.body.credited).toBe(1);
    expect(await balanceOf(client)).toBe('7');
  });

  it('has no test-payment or chain:pay routes in production mode', async () => {
    expect(t.app.routeTable.some((r) => r.url.endsWith(API.topupTestPayment))).toBe(true);
    // The configuration needs a DATABASE_URL in production; the app itself still runs on this test database.
    const prod = await buildTestApp({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://unused@127.0.0.1:1/x',
      ALLOW_TEST_CLOCK: '0',
      METRICS_TOKEN: 'a-long-metrics-token-123',
    });
    try {
      expect(
        prod.app.routeTable.some((r) => r.url.endsWith(API.topupTestPayment) || r.url.endsWith(API.devChainPay)),
      ).toBe(false);
      expect(prod.app.routeTable.some((r) => r.url.endsWith(API.topup))).toBe(true);
    } finally {
      await prod.close();
    }
    await expectLedgerConsistent(t);
  });
});
