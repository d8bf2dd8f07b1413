import { parseUnits, type Abi, type Address, type Hash, type Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, MSG } from '@svp/shared';
import {
  buildTestApp,
  invest,
  signedInAdmin,
  signedInUser,
  WALLET,
  type TestApp,
  expectLedgerConsistent,
} from '../helpers.js';
import { compileFixture } from './compile.js';
import {
  GANACHE_CHAIN_ID,
  ganacheAccounts,
  ganacheClients,
  ganacheWallet,
  startGanache,
  TEST_DEPOSIT_XPUB,
  type GanacheServer,
} from './ganache-kit.js';

// DESIGN D16 on a real EVM: the watcher confirms payouts leaving the treasury, and a hand-entered hash is
// checked on chain in every way it can be wrong. Ganache over HTTP, two solc-compiled tokens (USDT and another).
const CHAIN_ID = GANACHE_CHAIN_ID;
const CONFIRMATIONS = 3;

let server: GanacheServer;
let rpcUrl: string;
let abi: Abi;
let usdt: Address;
let otherToken: Address;
let payer: Address;
let treasury: Address;
/** An unlocked account holding no USDT: its transfers revert. */
let empty: Address;
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInAdmin>>;

const clients = () => ganacheClients(rpcUrl);
const mine = (blocks: number) => clients().test.mine({ blocks });

/** `amount` whole tokens of `token` from `from` (an unlocked ganache account) to `to`; resolves once mined. */
async function send(from: Address, to: string, amount: string, token = usdt, gas?: bigint): Promise<Hash> {
  const hash = await ganacheWallet(rpcUrl, from).writeContract({
    address: token,
    abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 18)],
    ...(gas ? { gas } : {}),
  });
  await clients().pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

/** A user whose $100 plan was broken: a $37.40 withdrawal to WALLET, approved by the admin. */
async function approvedWithdrawal() {
  const u = await signedInUser(t.app);
  const address = await t.app.services.deposits.addressFor(u.user.id);
  await send(payer, address, '103');
  await mine(CONFIRMATIONS);
  await t.app.services.watcher.runOnce();
  expect((await u.client.get(API.me)).body.user.balance).toBe('100');
  expect((await invest(u.client, 'platinum', '100')).status).toBe(200);
  const withdrawal = (await u.client.post(API.withdrawals, { kind: 'break' })).body.withdrawal;
  expect(withdrawal).toMatchObject({ payout: '37.4', wallet: WALLET });
  expect((await admin.client.post(`/admin/withdrawals/${withdrawal.id}/approve`)).status).toBe(200);
  return { ...u, id: withdrawal.id as string };
}
const statusOf = async (u: Awaited<ReturnType<typeof approvedWithdrawal>>) =>
  (await u.client.get(API.withdrawals)).body.withdrawals[0] as { status: string; txHash: string | null };
const payByHand = (id: string, txHash: string) => admin.client.post(`/admin/withdrawals/${id}/pay`, { txHash });

beforeAll(async () => {
  const compiled = compileFixture('TestToken.sol', 'TestToken');
  abi = compiled.abi;
  ({ server, rpcUrl } = await startGanache());
  const [deployer, second, third, fourth] = (await ganacheAccounts(rpcUrl)) as [Address, Address, Address, Address];
  payer = second;
  treasury = third;
  empty = fourth;
  const deploy = async () => {
    const hash = await ganacheWallet(rpcUrl, deployer).deployContract({ abi, bytecode: compiled.bytecode as Hex });
    return (await clients().pub.waitForTransactionReceipt({ hash })).contractAddress!;
  };
  usdt = await deploy();
  otherToken = await deploy();
  for (const [token, to] of [
    [usdt, payer],
    [usdt, treasury],
    [otherToken, treasury],
  ] as const) {
    const hash = await ganacheWallet(rpcUrl, deployer).writeContract({
      address: token,
      abi,
      functionName: 'mint',
      args: [to, parseUnits('1000000', 18)],
    });
    await clients().pub.waitForTransactionReceipt({ hash });
  }
  t = await buildTestApp({
    CHAIN: 'bsc',
    BSC_RPC_URL: rpcUrl,
    USDT_CONTRACT: usdt,
    USDT_DECIMALS: '18',
    CONFIRMATIONS: String(CONFIRMATIONS),
    BSC_START_BLOCK: String(await clients().pub.getBlockNumber()),
    BSC_CHAIN_ID: String(CHAIN_ID),
    DEPOSIT_XPUB: TEST_DEPOSIT_XPUB,
    TREASURY_ADDRESS: treasury,
    GAS_WALLET_ADDRESS: payer,
  });
  admin = await signedInAdmin(t);
});

afterAll(async () => {
  await t?.close();
  await server?.close();
});

describe('payouts on a real EVM (CHAIN=bsc)', () => {
  it('marks an approved withdrawal paid once its transfer from the treasury has the confirmations, and only once', async () => {
    const u = await approvedWithdrawal();
    const hash = await send(treasury, WALLET, '37.4');
    // Not final yet: the watcher leaves it approved, and a hand-entered hash is refused for now.
    await t.app.services.watcher.runOnce();
    expect((await statusOf(u)).status).toBe('approved');
    const early = await payByHand(u.id, hash);
    expect(early.status).toBe(422);
    expect(early.body.error.message).toBe(MSG.payoutCheck.unconfirmed(1, CONFIRMATIONS + 1));
    await mine(CONFIRMATIONS);
    await t.app.services.watcher.runOnce();
    expect(await statusOf(u)).toMatchObject({ status: 'paid', txHash: hash.toLowerCase() });
    await t.app.services.watcher.runOnce();
    expect((await t.app.services.ledger.balances(u.user.id)).get('usd.withdrawal_pending')).toBe(0n);
    await expectLedgerConsistent(t);
  });

  it('refuses a hand-entered hash that is wrong in each way, and accepts the right one', async () => {
    const u = await approvedWithdrawal();
    const refused = async (hash: string, message: string) => {
      await mine(CONFIRMATIONS);
      const res = await payByHand(u.id, hash);
      expect(res.body.error?.message).toBe(message);
      expect(res.status).toBe(422);
    };
    // Mined first and refused afterwards: the watcher flags these as unmatched (none pays this withdrawal).
    await refused(await send(treasury, WALLET, '37.4', otherToken), MSG.payoutCheck.otherToken);
    await refused(await send(payer, WALLET, '37.4'), MSG.payoutCheck.notFromTreasury);
    await refused(await send(treasury, '0x' + '6e'.repeat(20), '37.4'), MSG.payoutCheck.otherRecipient);
    await refused(await send(treasury, WALLET, '37'), MSG.payoutCheck.otherAmount('37', '37.4'));
    // Reverted on chain (more than the sender holds, gas given so nothing estimates it away first).
    const reverted = await send(empty, WALLET, '5', usdt, 100_000n);
    expect((await clients().pub.getTransactionReceipt({ hash: reverted })).status).toBe('reverted');
    await refused(reverted, MSG.payoutCheck.failed);
    await refused('0x' + '71'.repeat(32), MSG.payoutCheck.notFound);
    expect((await statusOf(u)).status).toBe('approved');

    const good = await send(treasury, WALLET, '37.4');
    await mine(CONFIRMATIONS);
    const res = await payByHand(u.id, good);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'paid', txHash: good.toLowerCase() });
    await t.app.services.watcher.runOnce(); // sees it too: recorded already, pays nothing more
    await expectLedgerConsistent(t);
  });

  it('flags a transfer from the treasury that matches no withdrawal on the treasury screen', async () => {
    const stranger = '0x' + '5d'.repeat(20);
    const hash = await send(treasury, stranger, '12');
    await mine(CONFIRMATIONS);
    await t.app.services.watcher.runOnce();
    await t.app.services.treasury.refreshIfDue(true);
    const report = (await admin.client.get(API.adminTreasury)).body;
    expect(report.unmatched).toContainEqual(
      expect.objectContaining({ txHash: hash.toLowerCase(), to: stranger, amount: '12' }),
    );
    expect(report.onChain).toMatchObject({ gasBnb: expect.stringMatching(/^\d+(\.\d+)?$/) });
    expect(report.onChain.sweepsCovered).toBeGreaterThan(0);
    expect(report.treasuryAddress).toBe(treasury.toLowerCase());
  });

  it('leaves the withdrawal approved when a reorg drops its payout before it is final', async () => {
    const u = await approvedWithdrawal();
    const { test } = clients();
    const snapshot = await test.snapshot();
    const hash = await send(treasury, WALLET, '37.4');
    await t.app.services.watcher.runOnce();
    await test.revert({ id: snapshot });
    await mine(CONFIRMATIONS + 2);
    await t.app.services.watcher.runOnce();
    expect(await statusOf(u)).toMatchObject({ status: 'approved', txHash: null });
    expect(
      (await clients()
        .pub.getTransactionReceipt({ hash })
        .catch(() => null)) ?? null,
    ).toBeNull();
  });
});
