import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, fromDecimalString, microToToken, type TreasuryRun, type TreasuryRunStatus } from '@svp/shared';
import { SIMULATED_DECIMALS, SIMULATED_TREASURY } from '../../src/chain/simulated.js';
import { queryRows } from '../../src/db/client.js';
import { treasurySteps, withdrawals } from '../../src/db/schema.js';
import { deriveAddress, resolveDepositXpub } from '../../src/modules/deposits/xpub.js';
import { exportPayouts } from '../../src/treasury-runner/export-payouts.js';
import { formatRunTable, leftUnpaid } from '../../src/treasury-runner/format.js';
import { runPayouts } from '../../src/treasury-runner/payouts.js';
import { runTreasury, type TreasuryRunOptions } from '../../src/treasury-runner/run.js';
import type { TreasuryKeys } from '../../src/treasury-runner/types.js';
import {
  buildTestApp,
  Client,
  invest,
  PASSWORD,
  registerUser,
  signedInAdmin,
  topUp,
  type TestApp,
} from '../helpers.js';

// The treasury command on the simulated chain (DESIGN D16): each approved withdrawal paid once whatever happens
// to a run, the watcher marking it paid, and deposit addresses swept into the treasury once.
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;
let keys: TreasuryKeys;
let ip = 0;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedInAdmin(t);
  const xpub = await resolveDepositXpub(t.database.db, t.clock, undefined, () => undefined);
  keys = {
    treasury: { address: SIMULATED_TREASURY },
    gas: null,
    deposit: (index) => ({ address: deriveAddress(xpub, index) }),
  };
});
afterAll(() => t.close());

const chain = () => t.app.services.simulated!;
const run = (command: 'sweep' | 'payouts', extra: Partial<TreasuryRunOptions> = {}) =>
  runTreasury(command, {
    db: t.database.db,
    clock: t.clock,
    chain: chain().treasuryChain,
    keys,
    dryRun: false,
    ...extra,
  });
const outcomes = (r: TreasuryRun, kind = 'payout') => r.actions.filter((a) => a.kind === kind).map((a) => a.outcome);
const usdtRaw = (usd: string) => microToToken(fromDecimalString(usd, 'USD'), SIMULATED_DECIMALS);
const fund = (usd: string) => chain().pay(SIMULATED_TREASURY, fromDecimalString(usd, 'USD'));

/** Transfers the simulated chain holds to `wallet`, in token base units. */
const received = async (wallet: string) =>
  queryRows<{ amount_raw: string; from_address: string | null }>(
    t.database.db,
    sql`select amount_raw, from_address from simulated_transfers where to_address = ${wallet} order by block_number`,
  );
const countRows = async (table: string) =>
  (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
const withdrawalStatus = async (id: string) =>
  (await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!.status;
const liveSteps = (id: string) =>
  t.database.db
    .select()
    .from(treasurySteps)
    .where(and(eq(treasurySteps.withdrawalId, id), sql`${treasurySteps.status} <> 'dropped'`));

/** A user with their own wallet who broke a plan (by default $100: $37.40), approved by the admin. */
async function approvedWithdrawal(plan = 'platinum', invested = '100') {
  const wallet = `0x${randomBytes(20).toString('hex')}`;
  const client = new Client(t.app, `10.9.${Math.floor(++ip / 200)}.${ip % 200}`);
  const creds = await registerUser(client, { walletAddress: wallet, password: PASSWORD });
  expect((await client.post(API.login, { email: creds.email, password: PASSWORD })).status).toBe(200);
  await topUp(client, invested);
  expect((await invest(client, plan, invested)).status).toBe(200);
  const w = (await client.post(API.withdrawals, { kind: 'break' })).body.withdrawal as { id: string; payout: string };
  expect((await admin.client.post(`/admin/withdrawals/${w.id}/approve`)).status).toBe(200);
  return { id: w.id, wallet, payout: w.payout, client };
}

/** Sends whatever the treasury holds elsewhere, as an operator moving funds out would. */
async function drainTreasury() {
  const tc = chain().treasuryChain;
  const balance = await tc.tokenBalance(SIMULATED_TREASURY);
  const nonce = await tc.minedNonce(SIMULATED_TREASURY);
  const signed = await tc.signTokenTransfer({ address: SIMULATED_TREASURY }, `0x${'dd'.repeat(20)}`, balance, nonce);
  await tc.broadcast(signed.rawTx);
}

/** Everything approved so far gets paid (a clean slate for the next test). */
async function settleAll() {
  await fund('1000');
  await run('payouts');
  await t.app.services.watcher.runOnce();
}

describe('payouts on the simulated chain', () => {
  it('a dry run plans the payouts and writes nothing', async () => {
    const a = await approvedWithdrawal();
    await fund('37.4');
    const [steps, transfers] = [await countRows('treasury_steps'), await countRows('simulated_transfers')];
    const dry = await run('payouts', { dryRun: true });
    expect(dry).toMatchObject({ command: 'payouts', dryRun: true, gas: '0' });
    expect(dry.actions).toEqual([
      { kind: 'payout', subject: a.id, to: a.wallet, amount: '37.4', txHash: null, outcome: 'planned' },
    ]);
    expect([await countRows('treasury_steps'), await countRows('simulated_transfers')]).toEqual([steps, transfers]);
    expect(await withdrawalStatus(a.id)).toBe('approved');
    await settleAll();
  });

  it('pays each approved withdrawal exactly once across two runs, and the watcher marks it paid', async () => {
    const [a, b] = [await approvedWithdrawal(), await approvedWithdrawal()];
    await fund('74.8');
    const first = await run('payouts');
    expect(outcomes(first)).toEqual(['sent', 'sent']);
    expect(first.actions.map((x) => x.subject)).toEqual([a.id, b.id]); // oldest approval first
    const second = await run('payouts');
    expect(outcomes(second)).not.toContain('sent');

    await t.app.services.watcher.runOnce();
    expect([await withdrawalStatus(a.id), await withdrawalStatus(b.id)]).toEqual(['paid', 'paid']);
    expect((await liveSteps(a.id)).map((s) => s.status)).toEqual(['confirmed']);
    expect(await run('payouts')).toMatchObject({ actions: [] });
    for (const w of [a, b]) {
      expect(await received(w.wallet)).toEqual([
        { amount_raw: String(usdtRaw('37.4')), from_address: SIMULATED_TREASURY },
      ]);
    }
  });

  it('sends nothing new when re-run after a run that died right after broadcasting', async () => {
    const a = await approvedWithdrawal();
    await fund('37.4');
    const crash = new Error('killed after broadcast');
    await expect(run('payouts', { hooks: { afterBroadcast: () => Promise.reject(crash) } })).rejects.toBe(crash);
    expect((await liveSteps(a.id)).map((s) => s.status)).toEqual(['signed']); // on chain, not yet marked sent
    const again = await run('payouts');
    expect(outcomes(again)).toEqual(['mined: the watcher marks it paid once confirmed']);
    await t.app.services.watcher.runOnce();
    expect(await withdrawalStatus(a.id)).toBe('paid');
    expect(await received(a.wallet)).toHaveLength(1);
  });

  it('sends the same transaction again after a run that died before broadcasting', async () => {
    const a = await approvedWithdrawal();
    await fund('37.4');
    await expect(
      run('payouts', { hooks: { beforeBroadcast: () => Promise.reject(new Error('killed')) } }),
    ).rejects.toThrow();
    const [step] = await liveSteps(a.id);
    expect(await received(a.wallet)).toHaveLength(0);
    const again = await run('payouts');
    expect(again.actions).toEqual([
      expect.objectContaining({ txHash: step!.txHash, outcome: 'not mined yet: broadcast again' }),
    ]);
    await t.app.services.watcher.runOnce();
    expect(await withdrawalStatus(a.id)).toBe('paid');
    expect(await received(a.wallet)).toHaveLength(1);
  });

  it('drops a payout whose nonce another transaction used, and pays the withdrawal with a new one, once', async () => {
    const a = await approvedWithdrawal();
    await fund('40');
    await expect(
      run('payouts', { hooks: { beforeBroadcast: () => Promise.reject(new Error('killed')) } }),
    ).rejects.toThrow();
    const [lost] = await liveSteps(a.id);
    // Someone else spends the treasury's nonce: the signed payout can never be mined.
    const other = await chain().treasuryChain.signTokenTransfer(
      { address: SIMULATED_TREASURY },
      `0x${'cd'.repeat(20)}`,
      1n,
      lost!.nonce,
    );
    expect(other.txHash).toBe(lost!.txHash); // the simulated chain names a transaction by (sender, nonce)…
    await t.database.db.execute(
      sql`update treasury_steps set tx_hash = ${'0x' + 'ee'.repeat(32)} where id = ${lost!.id}`,
    );
    await chain().treasuryChain.broadcast(other.rawTx); // …so the lost step is given a hash of its own

    const again = await run('payouts');
    expect(outcomes(again)).toEqual(['dropped: its nonce was used by another transaction', 'sent']);
    await t.app.services.watcher.runOnce();
    expect(await withdrawalStatus(a.id)).toBe('paid');
    expect(await received(a.wallet)).toHaveLength(1);
    expect(outcomes(await run('payouts'))).toEqual([]);
  });

  it('two runs at once (two operators, or the CLI and the dev button) still pay each withdrawal once', async () => {
    const ws = [await approvedWithdrawal(), await approvedWithdrawal(), await approvedWithdrawal()];
    await fund('112.2');
    // runPayouts itself, not runTreasury (which queues runs of one process): the database must keep them apart.
    const options = { db: t.database.db, clock: t.clock, chain: chain().treasuryChain, keys, dryRun: false };
    const runs = await Promise.all([runPayouts(options), runPayouts(options)]);
    expect(runs.flatMap((r) => outcomes(r)).filter((o) => o === 'sent')).toHaveLength(3);
    await t.app.services.watcher.runOnce();
    for (const w of ws) {
      expect(await withdrawalStatus(w.id)).toBe('paid');
      expect(await received(w.wallet)).toHaveLength(1);
    }
  });

  it('pays what fits in approval order, leaves the one it cannot cover waiting, and names it with the total', async () => {
    // The run: $47.40 paid, then $92.40 does not fit in what is left, while $1.40 does.
    const a = await approvedWithdrawal('platinum', '125'); // 40% of $125 − $2.60 = $47.40
    const b = await approvedWithdrawal('platinum', '237.5'); // $92.40
    const c = await approvedWithdrawal('standard', '10'); // $1.40
    expect([a.payout, b.payout, c.payout]).toEqual(['47.4', '92.4', '1.4']);
    await drainTreasury();
    await fund('84.9'); // $47.40 + $37.50 free after it

    const dry = await run('payouts', { dryRun: true });
    expect(dry.actions.map((x) => [x.subject, x.outcome])).toEqual([
      [a.id, 'planned'],
      [b.id, expect.stringMatching(/^waiting: the treasury has 37\.5 USDT free/)],
      [c.id, 'planned'],
    ]);
    expect(dry.unpaid?.withdrawals.map((u) => u.withdrawalId)).toEqual([b.id]);

    const r = await run('payouts');
    expect(r.actions.map((x) => [x.subject, x.outcome])).toEqual([
      [a.id, 'sent'],
      [b.id, 'waiting: the treasury has 37.5 USDT free, this payout needs more; sweep or fund it'],
      [c.id, 'sent'],
    ]);
    expect(r.unpaid).toEqual({
      withdrawals: [
        {
          withdrawalId: b.id,
          wallet: b.wallet,
          amount: '92.4',
          approvedAt: expect.any(String),
          reason: 'waiting: the treasury has 37.5 USDT free, this payout needs more; sweep or fund it',
        },
      ],
      total: '92.4',
      free: '36.1',
      toFund: '56.3',
    });
    expect(formatRunTable(r)).toContain('This run left 1 approved withdrawal unpaid: 92.4 USDT still needed.');
    expect(formatRunTable(r)).toContain('it needs 56.3 USDT more');
    expect(leftUnpaid(r)).toBe(true);
    expect(await liveSteps(b.id)).toEqual([]);
    await t.app.services.watcher.runOnce();
    expect([await withdrawalStatus(a.id), await withdrawalStatus(b.id), await withdrawalStatus(c.id)]).toEqual([
      'paid',
      'approved',
      'paid',
    ]);
    // Funded, the next run pays it and leaves nothing unpaid.
    await fund('56.3');
    const next = await run('payouts');
    expect(next.actions.map((x) => [x.subject, x.outcome])).toEqual([[b.id, 'sent']]);
    expect(next.unpaid).toEqual({ withdrawals: [], total: '0', free: '0', toFund: '0' });
    expect(leftUnpaid(next)).toBe(false);
    await t.app.services.watcher.runOnce();
    expect(await withdrawalStatus(b.id)).toBe('paid');
  });

  it('skips a wallet that is not a 0x address, and the CSV export leaves it out too', async () => {
    const a = await approvedWithdrawal();
    const b = await approvedWithdrawal();
    await t.database.db
      .update(withdrawals)
      .set({ wallet: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })
      .where(eq(withdrawals.id, a.id));
    const exported = await exportPayouts({ db: t.database.db, tokenAddress: `0x${'55'.repeat(20)}`, decimals: 18 });
    expect(exported.csv.split('\n')).toEqual([
      'token_type,token_address,receiver,amount,id',
      expect.stringMatching(new RegExp(`^erc20,0x5{40},${b.wallet},37\\.4,$`, 'i')),
      '',
    ]);
    expect(exported.skipped).toEqual([
      expect.objectContaining({ withdrawalId: a.id, reason: 'the wallet on file is not a 0x address' }),
    ]);
    expect(await countRows(`treasury_steps where withdrawal_id = '${b.id}'`)).toBe(0); // export marks nothing

    await fund('37.4');
    const r = await run('payouts');
    expect(r.actions.map((x) => [x.subject, x.outcome])).toEqual([
      [a.id, 'skipped: the wallet on file is not a 0x address; correct it, then re-run'],
      [b.id, 'sent'],
    ]);
    expect(r.unpaid?.withdrawals).toEqual([
      expect.objectContaining({ withdrawalId: a.id, reason: expect.stringMatching(/not a 0x address/) }),
    ]);
    // Corrected by the admin, it is paid on the next run.
    await t.database.db.update(withdrawals).set({ wallet: a.wallet }).where(eq(withdrawals.id, a.id));
    await settleAll();
    expect(await withdrawalStatus(a.id)).toBe('paid');
  });
});

describe('sweep on the simulated chain', () => {
  it("moves every deposit address's USDT to the treasury once (no gas on this chain)", async () => {
    const addresses = await queryRows<{ address: string }>(
      t.database.db,
      sql`select address from deposit_addresses order by derivation_index`,
    );
    expect(addresses.length).toBeGreaterThan(3);
    const held = new Map<string, bigint>();
    for (const { address } of addresses) held.set(address, await chain().treasuryChain.tokenBalance(address));
    const total = [...held.values()].reduce((x, y) => x + y, 0n);
    expect(total).toBeGreaterThan(0n);
    const before = await chain().treasuryChain.tokenBalance(SIMULATED_TREASURY);

    const dry = await run('sweep', { dryRun: true });
    expect(outcomes(dry, 'sweep').every((o) => o === 'planned')).toBe(true);
    expect(await chain().treasuryChain.tokenBalance(SIMULATED_TREASURY)).toBe(before);

    const swept = await run('sweep');
    expect(swept.gas).toBe('0');
    expect(swept.actions.map((a) => a.kind)).not.toContain('gas');
    expect(outcomes(swept, 'sweep')).toEqual([...held.values()].filter((v) => v > 0n).map(() => 'confirmed'));
    expect(await chain().treasuryChain.tokenBalance(SIMULATED_TREASURY)).toBe(before + total);
    for (const { address } of addresses) expect(await chain().treasuryChain.tokenBalance(address)).toBe(0n);

    expect((await run('sweep')).actions).toEqual([]);
    expect(await chain().treasuryChain.tokenBalance(SIMULATED_TREASURY)).toBe(before + total);
  });

  it('leaves addresses below --min alone, and refuses a malformed --min', async () => {
    const a = await approvedWithdrawal(); // its top-up paid $103 to its deposit address
    const r = await run('sweep', { min: '500' });
    expect(r.actions).toEqual([
      expect.objectContaining({ kind: 'sweep', amount: '103', outcome: 'skipped: below the minimum' }),
    ]);
    await expect(run('sweep', { min: '1e3' })).rejects.toThrow(/--min must be a USDT amount/);
    expect(outcomes(await run('sweep', { min: '103' }), 'sweep')).toEqual(['confirmed']);
    await settleAll();
    expect(await withdrawalStatus(a.id)).toBe('paid');
  });

  it('runs through the development route: answered at once, then followed by its id', async () => {
    const a = await approvedWithdrawal();
    const start = async (command: 'sweep' | 'payouts', body: object) => {
      const res = await admin.client.post(API.devTreasury.replace(':command', command), body);
      expect(res.status, res.raw).toBe(202);
      expect(res.body).toMatchObject({ command, status: expect.stringMatching(/^(queued|running)$/) });
      return untilEnded(res.body.runId as string);
    };
    const untilEnded = async (runId: string) => {
      for (;;) {
        const res = await admin.client.get(API.devTreasuryRun.replace(':runId', runId));
        expect(res.status, res.raw).toBe(200);
        if (res.body.status === 'done' || res.body.status === 'failed') return res.body as TreasuryRunStatus;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const dry = await start('payouts', { dryRun: true });
    expect(dry.result?.actions).toEqual([expect.objectContaining({ subject: a.id, outcome: 'planned' })]);
    expect((await start('sweep', {})).status).toBe('done');
    const paid = await start('payouts', {});
    expect(paid).toMatchObject({ status: 'done', error: null, startedAt: expect.any(String) });
    expect(paid.actions).toEqual([expect.objectContaining({ subject: a.id, outcome: 'sent' })]);
    expect(paid.result?.actions).toEqual(paid.actions);
    expect(await withdrawalStatus(a.id)).toBe('paid'); // the run has the watcher look once it has sent
  });
});
