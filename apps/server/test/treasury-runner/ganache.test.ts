import { randomBytes } from 'node:crypto';
import { createWalletClient, parseEther, parseUnits, type Abi, type Address, type Hash, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TreasuryRun } from '@svp/shared';
import { createClock } from '../../src/clock.js';
import { depositAddresses, deposits, treasurySteps, users, withdrawals } from '../../src/db/schema.js';
import { deriveAddress } from '../../src/modules/deposits/xpub.js';
import { createBscTreasuryChain } from '../../src/treasury-runner/bsc-chain.js';
import { loadKeys, type OperatorKeys } from '../../src/treasury-runner/keys.js';
import { runTreasury, type TreasuryRunOptions } from '../../src/treasury-runner/run.js';
import type { TreasuryChain } from '../../src/treasury-runner/types.js';
import { compileFixture } from '../chain/compile.js';
import {
  GANACHE_CHAIN_ID,
  ganacheAccounts,
  ganacheChain,
  ganacheClients,
  ganacheTransport,
  ganacheWallet,
  startGanache,
  TEST_DEPOSIT_XPUB,
  TEST_MNEMONIC,
  type GanacheServer,
} from '../chain/ganache-kit.js';
import { createTestDatabase } from '../helpers.js';

// The treasury command on a real EVM (DESIGN D16): ganache over HTTP, a solc-compiled 18-decimal token, keys
// loaded as the CLI loads them, steps recorded in a fresh database. Crashes are hooks that throw.
const CHAIN_ID = GANACHE_CHAIN_ID;
const MNEMONIC = TEST_MNEMONIC;
const XPUB = TEST_DEPOSIT_XPUB;
const treasuryKey = generatePrivateKey();
const gasKey = generatePrivateKey();
const WAIT = { intervalMs: 50, timeoutMs: 10_000 };

let server: GanacheServer;
let rpcUrl: string;
let abi: Abi;
let token: Address;
let funder: Address;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let chain: TreasuryChain;
let keys: OperatorKeys;
let userId: string;
const clock = createClock();

const clients = () => ({ ...ganacheClients(rpcUrl), wallet: ganacheWallet(rpcUrl, funder) });
async function mined(hash: Hash) {
  const receipt = await clients().pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`${hash} reverted`);
}
const mint = async (to: string, usdt: string) =>
  mined(
    await clients().wallet.writeContract({
      address: token,
      abi,
      functionName: 'mint',
      args: [to, parseUnits(usdt, 18)],
    }),
  );
const giveEth = async (to: string, wei: bigint) =>
  mined(await clients().wallet.sendTransaction({ to: to as Address, value: wei }));
const usdtOf = (address: string) => chain.tokenBalance(address);
const nonceOf = (address: string) => chain.minedNonce(address);

const run = (command: 'sweep' | 'payouts', extra: Partial<TreasuryRunOptions> = {}) =>
  runTreasury(command, { db: database.database.db, clock, chain, keys, dryRun: false, wait: WAIT, ...extra });
const lines = (r: TreasuryRun) => r.actions.map((a) => `${a.kind} ${a.subject.slice(0, 10)} ${a.outcome}`);
const killedAfter = (kind: string) => ({
  afterBroadcast: (step: { kind: string }) => {
    if (step.kind === kind) throw new Error(`killed after the ${kind} broadcast`);
  },
});

async function insertUser(username: string) {
  const at = clock.now();
  const [user] = await database.database.db
    .insert(users)
    .values({
      email: `${username}@example.com`,
      username,
      walletAddress: `0x${'ab'.repeat(20)}`,
      passwordHash: 'x',
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  return user!.id;
}

/** Deposit address `index` (m/44'/60'/0'/0/index), holding `usdt`, with a credited deposit on record. */
async function depositAddress(index: number, usdt: string) {
  const address = deriveAddress(XPUB, index);
  const db = database.database.db;
  const owner = await insertUser(`depositor${index}`);
  await db.insert(depositAddresses).values({ userId: owner, derivationIndex: index, address, createdAt: clock.now() });
  await mint(address, usdt);
  const micro = parseUnits(usdt, 6);
  await db.insert(deposits).values({
    chainId: CHAIN_ID,
    txHash: `0x${randomBytes(32).toString('hex')}`,
    logIndex: 0,
    blockNumber: 1n,
    address,
    userId: owner,
    amountRaw: parseUnits(usdt, 18).toString(),
    received: micro,
    fee: 0n,
    credited: micro,
    seenAt: clock.now(),
  });
  return address;
}

/** An approved withdrawal of `usdt` to a fresh wallet. */
async function approved(usdt: string) {
  const wallet = `0x${randomBytes(20).toString('hex')}`;
  const now = clock.now();
  const [w] = await database.database.db
    .insert(withdrawals)
    .values({
      userId,
      kind: 'break',
      gross: 0n,
      feeHandling: 0n,
      feeCrypto: 0n,
      feeCharity: 0n,
      payout: parseUnits(usdt, 6),
      wallet,
      status: 'approved',
      approvedAt: now,
      requestedAt: now,
      dueAt: now,
    })
    .returning();
  return { id: w!.id, wallet };
}

beforeAll(async () => {
  const compiled = compileFixture('TestToken.sol', 'TestToken');
  abi = compiled.abi;
  ({ server, rpcUrl } = await startGanache());
  [funder] = (await ganacheAccounts(rpcUrl)) as [Address];
  const deploy = await clients().wallet.deployContract({ abi, bytecode: compiled.bytecode as Hex });
  const receipt = await clients().pub.waitForTransactionReceipt({ hash: deploy, pollingInterval: 50 });
  token = receipt.contractAddress!;

  database = await createTestDatabase();
  keys = loadKeys({
    TREASURY_PRIVATE_KEY: treasuryKey,
    GAS_PRIVATE_KEY: gasKey,
    DEPOSIT_MNEMONIC: MNEMONIC,
    DEPOSIT_XPUB: XPUB,
  });
  chain = await createBscTreasuryChain({ rpcUrl, tokenAddress: token, decimals: 18, chainId: CHAIN_ID });
  await giveEth(keys.treasury.address, parseEther('1'));
  await giveEth(keys.gas!.address, parseEther('1'));
  userId = await insertUser('withdrawer');
});

afterAll(async () => {
  await database?.drop();
  await server?.close();
});

describe('sweep on a real EVM', () => {
  it('sweeps several deposit addresses, topping up gas from the gas wallet only where it is short', async () => {
    const [a, b, c] = [await depositAddress(0, '100'), await depositAddress(1, '50'), await depositAddress(2, '20')];
    expect(keys.deposit(0).address).toBe(a); // the mnemonic signs for what the server derived from the xpub
    await giveEth(b, parseEther('0.01')); // enough of its own
    await giveEth(c, 1_000n); // some, not enough
    const before = await usdtOf(keys.treasury.address);

    const dry = await run('sweep', { dryRun: true });
    expect(lines(dry)).toEqual([
      `gas ${a.slice(0, 10)} planned`,
      `sweep ${a.slice(0, 10)} planned`,
      `sweep ${b.slice(0, 10)} planned`,
      `gas ${c.slice(0, 10)} planned`,
      `sweep ${c.slice(0, 10)} planned`,
    ]);
    expect(Number(dry.gas)).toBeGreaterThan(0);
    expect(await nonceOf(keys.gas!.address)).toBe(0);

    const swept = await run('sweep');
    expect(lines(swept)).toEqual(lines(dry).map((l) => l.replace('planned', 'confirmed')));
    expect(swept.gas).toBe(dry.gas);
    expect(await usdtOf(keys.treasury.address)).toBe(before + parseUnits('170', 18));
    for (const address of [a, b, c]) expect(await usdtOf(address)).toBe(0n);
    expect(await nonceOf(keys.gas!.address)).toBe(2);

    expect((await run('sweep')).actions).toEqual([]);
    expect(await nonceOf(keys.gas!.address)).toBe(2);
  });

  it('after a crash between the gas top-up and the token transfer: no second top-up, the USDT arrives once', async () => {
    const d = await depositAddress(3, '30');
    const before = await usdtOf(keys.treasury.address);
    await expect(run('sweep', { hooks: killedAfter('gas') })).rejects.toThrow(/killed after the gas/);
    expect(await nonceOf(keys.gas!.address)).toBe(3);
    expect(await usdtOf(d)).toBe(parseUnits('30', 18));

    const again = await run('sweep');
    expect(lines(again)).toEqual([`gas ${d.slice(0, 10)} confirmed`, `sweep ${d.slice(0, 10)} confirmed`]);
    expect(await nonceOf(keys.gas!.address)).toBe(3);
    expect(await usdtOf(keys.treasury.address)).toBe(before + parseUnits('30', 18));
  });

  it('after a crash right after the sweep broadcast: nothing is sent twice', async () => {
    const e = await depositAddress(4, '10');
    const before = await usdtOf(keys.treasury.address);
    await expect(run('sweep', { hooks: killedAfter('sweep') })).rejects.toThrow(/killed after the sweep/);
    const again = await run('sweep');
    expect(lines(again)).toEqual([`sweep ${e.slice(0, 10)} confirmed`]);
    expect(await nonceOf(e)).toBe(1);
    expect(await usdtOf(keys.treasury.address)).toBe(before + parseUnits('10', 18));
    expect((await run('sweep')).actions).toEqual([]);
  });
});

describe('payouts on a real EVM', () => {
  it('after a crash right after the broadcast, the wallet receives the amount once', async () => {
    const w = await approved('25.5');
    const nonce = await nonceOf(keys.treasury.address);
    await expect(run('payouts', { hooks: killedAfter('payout') })).rejects.toThrow(/killed/);
    const again = await run('payouts');
    expect(again.actions.map((a) => a.outcome)).toEqual(['mined: the watcher marks it paid once confirmed']);
    expect(await usdtOf(w.wallet)).toBe(parseUnits('25.5', 18));
    expect(await nonceOf(keys.treasury.address)).toBe(nonce + 1);
  });

  it('a payout dropped by a reorg and its nonce reused is marked dropped and paid again, once', async () => {
    const w = await approved('12');
    const { test, pub } = clients();
    const snapshot = await test.snapshot();
    const first = await run('payouts');
    const sent = first.actions.find((a) => a.outcome === 'sent')!;
    expect(sent.subject).toBe(w.id);
    expect(await usdtOf(w.wallet)).toBe(parseUnits('12', 18));

    await test.revert({ id: snapshot }); // the block with the payout is gone
    expect(await usdtOf(w.wallet)).toBe(0n);
    const nonce = await nonceOf(keys.treasury.address);
    // Another transaction takes the treasury's nonce, so the dropped payout can never be mined.
    const other = createWalletClient({
      chain: ganacheChain,
      transport: ganacheTransport(rpcUrl),
      account: privateKeyToAccount(treasuryKey),
    });
    await mined(await other.sendTransaction({ to: keys.treasury.address as Address, value: 0n, nonce }));
    expect(await pub.getTransactionReceipt({ hash: sent.txHash as Hash }).catch(() => null)).toBeNull();

    const again = await run('payouts');
    // (The earlier payout is still listed as mined: here no watcher confirms it.)
    const mine = again.actions.filter((a) => a.subject === w.id);
    expect(mine.map((a) => a.outcome)).toEqual(['dropped: its nonce was used by another transaction', 'sent']);
    expect(mine[1]!.txHash).not.toBe(sent.txHash);
    expect(await usdtOf(w.wallet)).toBe(parseUnits('12', 18));

    const steps = await database.database.db.select().from(treasurySteps);
    expect(
      steps
        .filter((s) => s.withdrawalId === w.id)
        .map((s) => s.status)
        .sort(),
    ).toEqual(['dropped', 'sent']);
    expect((await run('payouts')).actions.every((a) => a.outcome.startsWith('mined'))).toBe(true);
    expect(await usdtOf(w.wallet)).toBe(parseUnits('12', 18));
  });

  it('leaves a payout the treasury cannot cover waiting, and names it with the total still needed', async () => {
    const held = await usdtOf(keys.treasury.address);
    const w = await approved(String(held / 10n ** 18n + 1n));
    const r = await run('payouts');
    expect(r.actions.filter((a) => a.subject === w.id).map((a) => a.outcome)).toEqual([
      expect.stringMatching(/^waiting: the treasury has [\d.]+ USDT free/),
    ]);
    expect(r.unpaid?.withdrawals.map((u) => u.withdrawalId)).toEqual([w.id]);
    expect(r.unpaid?.total).toBe(String(held / 10n ** 18n + 1n));
    expect(await usdtOf(w.wallet)).toBe(0n);
  });
});
