import { sql } from 'drizzle-orm';
import { parseUnits, type Abi, type Address, type Hash, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@svp/shared';
import { queryRows } from '../../src/db/client.js';
import { checkLedgerInvariants } from '../../src/modules/ledger/invariants.js';
import { buildTestApp, signedInAdmin, signedInUser, type Client, type TestApp } from '../helpers.js';
import { compileFixture } from './compile.js';
import {
  GANACHE_CHAIN_ID,
  ganacheAccounts,
  ganacheClients,
  ganacheWallet,
  startGanache,
  TEST_DEPOSIT_XPUB,
  TEST_MNEMONIC,
  type GanacheServer,
} from './ganache-kit.js';

// The whole deposit path on a real EVM: ganache behind HTTP JSON-RPC, a solc-compiled token, the app built
// with CHAIN=bsc, and the watcher scanning with the real scanner into the real ledger.
const CHAIN_ID = GANACHE_CHAIN_ID;
const CONFIRMATIONS = 3;
const MNEMONIC = TEST_MNEMONIC;
const DEPOSIT_XPUB = TEST_DEPOSIT_XPUB;

let server: GanacheServer;
let rpcUrl: string;
let abi: Abi;
let token: Address;
let payer: Address;
let deployBlock: bigint;
let t: TestApp;

const clients = () => ({ ...ganacheClients(rpcUrl), wallet: ganacheWallet(rpcUrl, payer) });

async function receiptOf(hash: Hash) {
  const receipt = await clients().pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return receipt;
}

/** Sends `usdt` whole tokens (18 decimals) from a ganache account; resolves once mined (automine). */
async function pay(to: string, usdt: string) {
  const hash = await clients().wallet.writeContract({
    address: token,
    abi,
    functionName: 'transfer',
    args: [to, parseUnits(usdt, 18)],
  });
  return { hash, block: (await receiptOf(hash)).blockNumber };
}

const mine = (blocks: number) => clients().test.mine({ blocks });
const head = () => clients().pub.getBlockNumber();
const balanceOf = async (client: Client) => (await client.get(API.me)).body.user.balance as string;
const statusOf = async (client: Client, requestId: string) => (await client.get(`/topup/${requestId}/status`)).body;
/** A counter's value as /metrics reports it. */
const metric = async (name: string) => {
  const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`${name} is not in /metrics`);
  return Number(line.split(' ')[1]);
};

async function cursor(): Promise<bigint | null> {
  const rows = await queryRows<{ last_block: string }>(
    t.database.db,
    sql`select last_block::text as last_block from chain_cursors where chain_id = ${CHAIN_ID}`,
  );
  return rows[0] ? BigInt(rows[0].last_block) : null;
}

async function depositRows(txHash: string) {
  return queryRows<{ user_id: string; log_index: number; received: string; flag: string | null }>(
    t.database.db,
    sql`select user_id::text as user_id, log_index, received::text as received, flag
        from deposits where chain_id = ${CHAIN_ID} and tx_hash = ${txHash.toLowerCase()}`,
  );
}

/** A signed-in user with a top-up request of `amount` dollars. */
async function userWithTopup(amount: string, ip: string) {
  const user = await signedInUser(t.app, ip);
  const res = await user.client.post(API.topup, { amount });
  expect(res.status).toBe(200);
  return {
    ...user,
    requestId: res.body.requestId as string,
    address: res.body.walletAddress as string,
    amountToPay: res.body.amountToPay as string,
  };
}

beforeAll(async () => {
  const compiled = compileFixture('TestToken.sol', 'TestToken');
  abi = compiled.abi;
  ({ server, rpcUrl } = await startGanache());
  // The second ganache account pays, so payments do not come from the account that deployed the token.
  const [deployer, second] = (await ganacheAccounts(rpcUrl)) as [Address, Address];
  payer = deployer;
  const { wallet } = clients();
  const deployHash = await wallet.deployContract({ abi, bytecode: compiled.bytecode as Hex, account: deployer });
  const deployed = await receiptOf(deployHash);
  if (!deployed.contractAddress) throw new Error('deploy failed');
  token = deployed.contractAddress;
  deployBlock = deployed.blockNumber;
  await receiptOf(
    await wallet.writeContract({
      address: token,
      abi,
      functionName: 'mint',
      args: [second, parseUnits('1000000', 18)],
    }),
  );
  payer = second;

  t = await buildTestApp({
    CHAIN: 'bsc',
    BSC_RPC_URL: rpcUrl,
    USDT_CONTRACT: token,
    USDT_DECIMALS: '18',
    CONFIRMATIONS: String(CONFIRMATIONS),
    BSC_START_BLOCK: String(deployBlock),
    BSC_CHAIN_ID: '1337',
    DEPOSIT_XPUB,
  });
});

afterAll(async () => {
  await t?.close();
  await server?.close();
});

describe('deposit watcher on a real EVM (CHAIN=bsc)', () => {
  let first: Awaited<ReturnType<typeof userWithTopup>>;
  let firstPayment: Hash;

  it('credits a $100 top-up paid with 103 tokens once it has 3 confirmations, and only once', async () => {
    expect(t.app.services.watcher).toBeDefined();
    first = await userWithTopup('100', '10.0.1.1');
    expect(first.amountToPay).toBe('103');
    expect(first.address).toBe(await t.app.services.deposits.addressFor(first.user.id));
    // The first deposit address is the mnemonic's first account (m/44'/60'/0'/0/0).
    expect(first.address).toBe(mnemonicToAccount(MNEMONIC).address.toLowerCase());

    const { hash, block } = await pay(first.address, '103');
    firstPayment = hash;
    expect(await head()).toBe(block);

    // 0, 1 and 2 blocks on top: not yet safe, nothing credited, and the cursor stays below the payment.
    for (let onTop = 0; onTop < CONFIRMATIONS; onTop++) {
      if (onTop > 0) await mine(1);
      expect(await t.app.services.watcher.runOnce()).toBe(0);
      expect(await balanceOf(first.client)).toBe('0');
      expect(await statusOf(first.client, first.requestId)).toEqual({ status: 'waiting', newPayments: [] });
      expect(await cursor()).toBe(block + BigInt(onTop) - BigInt(CONFIRMATIONS));
    }

    await mine(1); // the payment's block now has 3 blocks on top
    expect(await t.app.services.watcher.runOnce()).toBe(1);
    expect(await cursor()).toBe(block);
    expect(await balanceOf(first.client)).toBe('100');
    const status = await statusOf(first.client, first.requestId);
    expect(status.status).toBe('paid');
    expect(status.newPayments).toEqual([
      expect.objectContaining({ txHash: hash.toLowerCase(), received: '103', fee: '3', credited: '100', flag: null }),
    ]);
    expect(await depositRows(hash)).toEqual([
      { user_id: first.user.id, log_index: 0, received: '103000000', flag: null },
    ]);
  });

  it('credits nothing more when run again or when re-scanning from an older cursor', async () => {
    const safe = (await head()) - BigInt(CONFIRMATIONS);
    expect(await t.app.services.watcher.runOnce()).toBe(0);
    expect(await cursor()).toBe(safe);

    // Back to before the token existed: every log since is read again, none is credited twice.
    await t.database.db.execute(
      sql`update chain_cursors set last_block = ${String(deployBlock - 1n)}::bigint where chain_id = ${CHAIN_ID}`,
    );
    expect(await cursor()).toBe(deployBlock - 1n);
    expect(await t.app.services.watcher.runOnce()).toBe(0);
    expect(await cursor()).toBe(safe);
    expect(await balanceOf(first.client)).toBe('100');
    expect(await depositRows(firstPayment)).toHaveLength(1);
    expect((await statusOf(first.client, first.requestId)).newPayments).toHaveLength(1);

    // Concurrent callers share one scan rather than racing each other.
    await t.database.db.execute(
      sql`update chain_cursors set last_block = ${String(deployBlock - 1n)}::bigint where chain_id = ${CHAIN_ID}`,
    );
    expect(await Promise.all([t.app.services.watcher.runOnce(), t.app.services.watcher.runOnce()])).toEqual([0, 0]);
    expect(await balanceOf(first.client)).toBe('100');
    expect(await depositRows(firstPayment)).toHaveLength(1);
  });

  it('credits a payment that arrives hours after the request, and flags under- and over-payments', async () => {
    const late = await userWithTopup('50', '10.0.1.2');
    const under = await userWithTopup('50', '10.0.1.3');
    const over = await userWithTopup('50', '10.0.1.4');
    expect([late.address, under.address, over.address, first.address].length).toBe(
      new Set([late.address, under.address, over.address, first.address]).size,
    );
    t.clock.advance(3 * 3_600_000); // far past the 15-minute window, which only the UI enforces

    const payments = {
      late: await pay(late.address, '53'),
      under: await pay(under.address, '40'),
      over: await pay(over.address, '60'),
    };
    await mine(CONFIRMATIONS);
    expect(await t.app.services.watcher.runOnce()).toBe(3);

    expect(await balanceOf(late.client)).toBe('50');
    expect(await balanceOf(under.client)).toBe('37');
    expect(await balanceOf(over.client)).toBe('57');
    const expected = [
      [late, payments.late.hash, { received: '53', fee: '3', credited: '50', flag: null }],
      [under, payments.under.hash, { received: '40', fee: '3', credited: '37', flag: 'under' }],
      [over, payments.over.hash, { received: '60', fee: '3', credited: '57', flag: 'over' }],
    ] as const;
    for (const [user, hash, payment] of expected) {
      const status = await statusOf(user.client, user.requestId);
      expect(status.status).toBe('paid');
      expect(status.newPayments).toEqual([expect.objectContaining({ ...payment, txHash: hash.toLowerCase() })]);
    }
    expect(await t.app.services.watcher.runOnce()).toBe(0);
    expect(await balanceOf(first.client)).toBe('100');
  });

  it('never credits a payment that a reorg dropped before it had 3 confirmations', async () => {
    const user = await userWithTopup('10', '10.0.1.5');
    const { test } = clients();
    const before = await head();

    const snapshot = await test.snapshot();
    const dropped = await pay(user.address, '13');
    await mine(CONFIRMATIONS - 1);
    expect(await t.app.services.watcher.runOnce()).toBe(0);
    expect(await cursor()).toBe(dropped.block - 1n); // stopped just short of the unconfirmed payment
    expect(await balanceOf(user.client)).toBe('0');

    await test.revert({ id: snapshot });
    expect(await head()).toBe(before);
    await mine(CONFIRMATIONS + 2); // the replacement chain is longer, and the payment is not on it
    expect((await head()) - BigInt(CONFIRMATIONS)).toBeGreaterThanOrEqual(dropped.block);
    expect(await t.app.services.watcher.runOnce()).toBe(0);
    expect(await balanceOf(user.client)).toBe('0');
    expect(await statusOf(user.client, user.requestId)).toEqual({ status: 'waiting', newPayments: [] });
    expect(await depositRows(dropped.hash)).toEqual([]);

    // Paying again on the surviving chain credits normally.
    const kept = await pay(user.address, '13');
    expect(kept.hash).not.toBe(dropped.hash);
    await mine(CONFIRMATIONS);
    expect(await t.app.services.watcher.runOnce()).toBe(1);
    expect(await balanceOf(user.client)).toBe('10');
    expect(await depositRows(dropped.hash)).toEqual([]);
    expect(await depositRows(kept.hash)).toHaveLength(1);
  });

  it('rejects transfers whose value overflows, credits the normal one beside them in the same block, and moves on', async () => {
    const whale = await userWithTopup('10', '10.0.1.6');
    const normal = await userWithTopup('10', '10.0.1.7');
    // 2^255 base units, and $999,999,999,999,999: both far above the ceiling, and more micro-dollars than
    // a bigint column holds (before the ceiling, the second one's insert failed and stopped every deposit).
    const values = [2n ** 255n, parseUnits('13', 18), parseUnits('999999999999999', 18)];
    const { wallet } = clients();
    await receiptOf(
      await wallet.writeContract({ address: token, abi, functionName: 'mint', args: [payer, values[0]! + values[2]!] }),
    );
    const before = await metric('svp_deposits_rejected_total');
    // One transaction, three Transfer logs in one block: whale, normal, whale.
    const hash = await wallet.writeContract({
      address: token,
      abi,
      functionName: 'transferBatch',
      args: [[whale.address, normal.address, whale.address], values],
    });
    const { blockNumber } = await receiptOf(hash);
    await mine(CONFIRMATIONS);

    expect(await t.app.services.watcher.runOnce()).toBe(1);
    expect(await cursor()).toBe(blockNumber);
    expect(await balanceOf(normal.client)).toBe('10');
    expect(await balanceOf(whale.client)).toBe('0');
    expect(await depositRows(hash)).toEqual([
      { user_id: normal.user.id, log_index: 1, received: '13000000', flag: null },
    ]);
    expect(await statusOf(whale.client, whale.requestId)).toEqual({ status: 'waiting', newPayments: [] });
    const rejected = await queryRows<{
      user_id: string;
      log_index: string;
      amount_raw: string;
      code: string;
      reason: string;
    }>(
      t.database.db,
      sql`select user_id::text as user_id, log_index::text as log_index, amount_raw::text as amount_raw, code, reason
          from rejected_deposits where chain_id = ${CHAIN_ID} and tx_hash = ${hash.toLowerCase()} order by log_index`,
    );
    expect(rejected).toEqual([
      {
        user_id: whale.user.id,
        log_index: '0',
        amount_raw: String(2n ** 255n),
        code: 'above_ceiling',
        reason: expect.stringMatching(
          /^Not credited: [\d,]+(\.\d+)? USDT is above the ceiling of \$10,000,000 for one payment/,
        ),
      },
      {
        user_id: whale.user.id,
        log_index: '2',
        amount_raw: String(values[2]),
        code: 'above_ceiling',
        reason:
          'Not credited: 999,999,999,999,999 USDT is above the ceiling of $10,000,000 for one payment. Follow it up with the user.',
      },
    ]);
    expect(await metric('svp_deposits_rejected_total')).toBe(before + 2);

    // The admin sees both on the flagged-deposits screen, with the reason.
    const admin = await signedInAdmin(t);
    const flagged = (await admin.client.get(API.adminFlaggedDeposits)).body.deposits as {
      flag: string;
      txHash: string;
      reason: string | null;
    }[];
    expect(flagged.filter((d) => d.txHash === hash.toLowerCase()).map((d) => [d.flag, d.reason])).toEqual([
      ['rejected', expect.stringContaining('above the ceiling of $10,000,000')],
      ['rejected', expect.stringContaining('above the ceiling of $10,000,000')],
    ]);

    // Nothing is stuck: the whale's real payment after it is credited against the still-open request.
    const real = await pay(whale.address, '13');
    await mine(CONFIRMATIONS);
    expect(await t.app.services.watcher.runOnce()).toBe(1);
    expect(await balanceOf(whale.client)).toBe('10');
    expect(await depositRows(real.hash)).toEqual([
      { user_id: whale.user.id, log_index: 0, received: '13000000', flag: null },
    ]);
  });

  it('leaves the ledger consistent: every deposit credited exactly once', async () => {
    const report = await checkLedgerInvariants(t.database.db);
    expect(report).toMatchObject({ ok: true, depositsNotCreditedOnce: [] });
    const [totals] = await queryRows<{ count: string; received: string; credited: string }>(
      t.database.db,
      sql`select count(*)::text as count, sum(received)::text as received, sum(credited)::text as credited
          from deposits where chain_id = ${CHAIN_ID}`,
    );
    // 103 + 53 + 40 + 60 + 13 + 13 + 13 received; 100 + 50 + 37 + 57 + 10 + 10 + 10 credited; the two
    // rejected transfers are not deposits.
    expect(totals).toEqual({ count: '7', received: '295000000', credited: '274000000' });
  });
});
