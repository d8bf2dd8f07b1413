import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, fromDecimalString, MSG } from '@svp/shared';
import { SIMULATED_CHAIN_ID, SIMULATED_TREASURY } from '../../src/chain/simulated.js';
import { createDepositWatcher } from '../../src/chain/watcher.js';
import { queryRows } from '../../src/db/client.js';
import { chainCursors, treasurySteps } from '../../src/db/schema.js';
import {
  buildTestApp,
  invest,
  sendFromTreasury,
  signedInAdmin,
  signedInUser,
  topUp,
  type TestApp,
  expectLedgerConsistent,
} from '../helpers.js';

// DESIGN D16: an approved withdrawal is paid when the chain shows its USDT leaving the treasury for the user's
// wallet, exactly once; a hand-entered hash is checked on chain first. Runs on PGlite, and on PostgreSQL in CI.
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

interface Requested {
  id: string;
  wallet: string;
  payout: string;
}

/** A user with a break withdrawal of $37.40 requested (and approved unless asked not to). */
async function requested(approve = true) {
  const u = await signedInUser(t.app);
  await topUp(u.client, '100');
  expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
  const withdrawal = (await u.client.post(API.withdrawals, { kind: 'break' })).body.withdrawal as Requested;
  if (approve) {
    const res = await admin.client.post(`/admin/withdrawals/${withdrawal.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('approved');
  }
  return { ...u, withdrawal, micro: fromDecimalString(withdrawal.payout, 'USD') };
}

const statusOf = async (client: Awaited<ReturnType<typeof requested>>['client']) =>
  (await client.get(API.withdrawals)).body.withdrawals[0] as { status: string; txHash: string | null };
const paidPostings = async (withdrawalId: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from ledger_transactions where idempotency_key = ${'withdrawal-decided:' + withdrawalId}`,
    )
  )[0]!.n;
const pay = (id: string, txHash: string) => admin.client.post(`/admin/withdrawals/${id}/pay`, { txHash });

describe('payouts confirmed by the chain', () => {
  it('pays an approved withdrawal when its transfer from the treasury is confirmed, once, with an audit entry', async () => {
    const u = await requested();
    expect(await statusOf(u.client)).toMatchObject({ status: 'approved', txHash: null });
    const txHash = await sendFromTreasury(t, u.withdrawal.wallet, u.micro);
    await t.app.services.watcher.runOnce();
    expect(await statusOf(u.client)).toMatchObject({ status: 'paid', txHash });
    expect((await t.app.services.ledger.balances(u.user.id)).get('usd.withdrawal_pending')).toBe(0n);
    // The chunk read again (a cursor moved back, a second instance) pays nothing twice.
    await t.database.db.update(chainCursors).set({ lastBlock: 0n });
    await t.app.services.watcher.runOnce();
    expect(await paidPostings(u.withdrawal.id)).toBe(1);
    const audit = await queryRows<{ action: string; actor_id: string | null }>(
      t.database.db,
      sql`select action, actor_id from audit_log where target_id = ${u.withdrawal.id} order by id`,
    );
    expect(audit).toEqual([
      { action: 'withdrawal.approved', actor_id: admin.id },
      { action: 'withdrawal.paid', actor_id: null },
    ]);
    await expectLedgerConsistent(t);
  });

  it('pays exactly once under 20 concurrent watcher passes, and a second matching transfer is flagged', async () => {
    const u = await requested();
    const first = await sendFromTreasury(t, u.withdrawal.wallet, u.micro);
    const second = await sendFromTreasury(t, u.withdrawal.wallet, u.micro);
    // Twenty watchers of their own (no shared scan, no leader lock), all from the same cursor.
    const [cursor] = await t.database.db.select().from(chainCursors);
    const watchers = Array.from({ length: 20 }, () =>
      createDepositWatcher({
        db: t.database.db,
        clock: t.clock,
        scanner: t.app.services.simulated!.scanner,
        deposits: t.app.services.deposits,
        payouts: t.app.services.withdrawals.payoutSink,
        lock: { acquire: async () => true, release: async () => undefined },
        log: t.app.log,
        intervalMs: 1_000,
      }),
    );
    await Promise.all(watchers.map((w) => w.runOnce().catch(() => 0)));
    await t.database.db.update(chainCursors).set({ lastBlock: cursor!.lastBlock });
    await Promise.all(watchers.map((w) => w.runOnce().catch(() => 0)));
    const status = await statusOf(u.client);
    expect(status.status).toBe('paid');
    expect([first, second]).toContain(status.txHash);
    expect(await paidPostings(u.withdrawal.id)).toBe(1);
    const report = (await admin.client.get(API.adminTreasury)).body;
    const other = status.txHash === first ? second : first;
    expect(report.unmatched.map((x: { txHash: string }) => x.txHash)).toContain(other);
    await expectLedgerConsistent(t);
  });

  it('pays the oldest approved withdrawal when two match the same wallet and amount', async () => {
    const a = await requested();
    const b = await requested();
    // Same wallet on file for both users (the test wallet), same payout: the first approved is paid first.
    expect(a.withdrawal.wallet).toBe(b.withdrawal.wallet);
    await sendFromTreasury(t, a.withdrawal.wallet, a.micro);
    await t.app.services.watcher.runOnce();
    expect((await statusOf(a.client)).status).toBe('paid');
    expect((await statusOf(b.client)).status).toBe('approved');
  });

  it('flags USDT leaving the treasury that matches no approved withdrawal and pays nothing with it', async () => {
    const pending = await requested(false);
    const stranger = '0x' + '5d'.repeat(20);
    const wrongAmount = await sendFromTreasury(t, pending.withdrawal.wallet, pending.micro + 1n);
    const nobody = await sendFromTreasury(t, stranger, 1_000_000n);
    await t.app.services.watcher.runOnce();
    expect((await statusOf(pending.client)).status).toBe('pending');
    const unmatched = (await admin.client.get(API.adminTreasury)).body.unmatched as { txHash: string; to: string }[];
    expect(unmatched.map((x) => x.txHash)).toEqual(expect.arrayContaining([wrongAmount, nobody]));
    expect(unmatched.find((x) => x.txHash === nobody)).toMatchObject({ to: stranger, amount: '1' });
  });

  it('checks a hand-entered hash on chain and refuses it with the reason', async () => {
    const u = await requested();
    const refused = async (txHash: string, message: string, id = u.withdrawal.id) => {
      const res = await pay(id, txHash);
      expect(res.body.error?.message ?? res.status).toBe(message);
      expect(res.status).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'PAYOUT_UNVERIFIED', message });
    };
    await refused('0x' + '77'.repeat(32), MSG.payoutCheck.notFound);
    // Paid to the wallet, but by someone else than the treasury.
    const outsider = await t.app.services.simulated!.pay(u.withdrawal.wallet, u.micro);
    await refused(outsider, MSG.payoutCheck.notFromTreasury);
    const elsewhere = await sendFromTreasury(t, '0x' + '6e'.repeat(20), u.micro);
    await refused(elsewhere, MSG.payoutCheck.otherRecipient);
    const short = await sendFromTreasury(t, u.withdrawal.wallet, u.micro - 10_000n);
    await refused(short, MSG.payoutCheck.otherAmount('37.39', u.withdrawal.payout));
    expect((await statusOf(u.client)).status).toBe('approved');

    const good = await sendFromTreasury(t, u.withdrawal.wallet, u.micro);
    const res = await pay(u.withdrawal.id, good.toUpperCase().replace('0X', '0x'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'paid', txHash: good });
    // The watcher sees the same transfer later: recorded already, nothing more happens.
    await t.app.services.watcher.runOnce();
    expect(await paidPostings(u.withdrawal.id)).toBe(1);
    // The same transfer cannot pay a second withdrawal.
    const other = await requested();
    await refused(good, MSG.payoutCheck.alreadyUsed, other.withdrawal.id);
    expect((await statusOf(other.client)).status).toBe('approved');
    // Only an approved withdrawal takes a hash.
    const pending = await requested(false);
    const early = await pay(pending.withdrawal.id, good);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(MSG.withdraw.notApproved);
    await expectLedgerConsistent(t);
  });

  it('refuses to reject a withdrawal whose payout the treasury has sent, and allows it once the chain dropped it', async () => {
    const u = await requested();
    const now = t.clock.now();
    const step = {
      chainId: SIMULATED_CHAIN_ID,
      kind: 'payout' as const,
      withdrawalId: u.withdrawal.id,
      fromAddress: SIMULATED_TREASURY,
      toAddress: u.withdrawal.wallet,
      amountRaw: '1',
      nonce: 999_999,
      txHash: '0x' + '4b'.repeat(32),
      rawTx: '{}',
      status: 'sent' as const,
      createdAt: now,
      updatedAt: now,
    };
    await t.database.db.insert(treasurySteps).values(step);
    const queue = (await admin.client.get(API.adminWithdrawals)).body.withdrawals;
    expect(queue.find((w: { id: string }) => w.id === u.withdrawal.id)).toMatchObject({
      status: 'approved',
      sendingTxHash: step.txHash,
    });
    const refused = await admin.client.post(`/admin/withdrawals/${u.withdrawal.id}/reject`, { reason: 'Too late' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(MSG.withdraw.payoutInFlight);
    await t.database.db.execute(sql`update treasury_steps set status = 'dropped' where tx_hash = ${step.txHash}`);
    const rejected = await admin.client.post(`/admin/withdrawals/${u.withdrawal.id}/reject`, { reason: 'Too late' });
    expect(rejected.status).toBe(200);
    expect((await u.client.get(API.me)).body.user.balance).toBe('100');
    await expectLedgerConsistent(t);
  });

  it('shows the treasury beside what the ledger owes, refreshed by the watcher', async () => {
    const u = await signedInUser(t.app);
    await topUp(u.client, '50'); // $50 of USDT now sits on the user's deposit address
    await t.app.services.treasury.refreshIfDue(true);
    const report = (await admin.client.get(API.adminTreasury)).body;
    expect(report).toMatchObject({ chain: 'simulated', treasuryAddress: SIMULATED_TREASURY, devCommands: true });
    expect(report.onChain.unsweptAddresses).toBeGreaterThanOrEqual(1);
    const onChainTotal = fromDecimalString(report.onChain.total, 'USD');
    const owed = fromDecimalString(report.owed.total, 'USD');
    expect(fromDecimalString(report.difference, 'USD')).toBe(onChainTotal - owed);
    expect(report.summary).toMatch(/^The chain holds|^On-chain holdings cover/);
    expect(report.owed.approvedCount).toBeGreaterThanOrEqual(1);
    // Only an admin reads it.
    expect((await u.client.get(API.adminTreasury)).status).toBe(403);
  });
});
