import { decodeEventLog, type Abi, type Address, type Hash, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBscScanner } from '../../src/chain/bsc.js';
import type { ObservedTransfer } from '../../src/chain/types.js';
import { compileFixture } from './compile.js';
import {
  GANACHE_CHAIN_ID,
  ganacheAccounts,
  ganacheClients,
  ganacheWallet,
  startGanache,
  type GanacheServer,
} from './ganache-kit.js';

// A real EVM (ganache) behind real HTTP JSON-RPC, and a real Solidity token, so the scanner's log
// filters, topic encoding and decoding run exactly as they would against a BSC node.
const CHAIN_ID = GANACHE_CHAIN_ID;

let server: GanacheServer;
let rpcUrl: string;
let abi: Abi;
let token: Address;
let otherToken: Address;
let owner: Address;

const clients = () => ({ ...ganacheClients(rpcUrl), wallet: ganacheWallet(rpcUrl, owner) });

const randomAddress = (): Address => privateKeyToAddress(generatePrivateKey());

async function receiptOf(hash: Hash) {
  const receipt = await clients().pub.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  // ganache reports a reverted transaction only in its receipt; fail here rather than on a missing log.
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return receipt;
}

async function send(functionName: 'transfer' | 'transferBatch', args: unknown[], address: Address = token) {
  return clients().wallet.writeContract({ address, abi, functionName, args });
}

/**
 * What the scanner should report for `hash`: the token's Transfer logs to watched addresses, from the receipt.
 * The log index is counted from the start of the block, as eth_getLogs does (ganache's receipts count it
 * from the start of the transaction, so it is recomputed from the receipts of earlier transactions).
 */
async function expectedFrom(hash: Hash, watched: string[]): Promise<ObservedTransfer[]> {
  const { pub } = clients();
  const receipt = await receiptOf(hash);
  const block = await pub.getBlock({ blockNumber: receipt.blockNumber });
  let offset = 0;
  for (const earlier of block.transactions.slice(0, receipt.transactionIndex)) {
    offset += (await pub.getTransactionReceipt({ hash: earlier })).logs.length;
  }
  return receipt.logs.flatMap((log, i) => {
    if (log.address.toLowerCase() !== token.toLowerCase()) return [];
    const { args } = decodeEventLog({ abi, eventName: 'Transfer', topics: log.topics, data: log.data }) as unknown as {
      args: { from: string; to: string; value: bigint };
    };
    if (!watched.includes(args.to.toLowerCase())) return [];
    return [
      {
        chainId: CHAIN_ID,
        txHash: hash.toLowerCase(),
        logIndex: offset + i,
        blockNumber: receipt.blockNumber,
        from: args.from.toLowerCase(),
        to: args.to.toLowerCase(),
        amountRaw: args.value,
        decimals: 18,
      },
    ];
  });
}

const key = (t: ObservedTransfer) => `${t.txHash}:${t.logIndex}`;

type Scanner = Awaited<ReturnType<typeof createBscScanner>>;
/** The scanner's transfers in [from, to] to `watched` (it reports every recipient; the watcher picks its own). */
async function transfersTo(scanner: Scanner, from: bigint, to: bigint, watched: string[]) {
  const wanted = new Set(watched.map((a) => a.toLowerCase()));
  return (await scanner.transfers(from, to)).filter((t) => wanted.has(t.to));
}

beforeAll(async () => {
  const compiled = compileFixture('TestToken.sol', 'TestToken');
  abi = compiled.abi;
  ({ server, rpcUrl } = await startGanache());
  [owner] = (await ganacheAccounts(rpcUrl)) as [Address];
  const { wallet } = clients(); // after `owner` is known: ganache's unlocked account signs
  const deploy = async (): Promise<Address> => {
    const hash = await wallet.deployContract({ abi, bytecode: compiled.bytecode as Hex, account: owner });
    const { contractAddress } = await receiptOf(hash);
    if (!contractAddress) throw new Error('deploy failed');
    await receiptOf(
      await wallet.writeContract({ address: contractAddress, abi, functionName: 'mint', args: [owner, 10n ** 30n] }),
    );
    return contractAddress;
  };
  token = await deploy();
  otherToken = await deploy();
});

afterEach(async () => {
  vi.restoreAllMocks();
  // Tests leave automine on; make sure a failed assertion in the middle of a manual-mining test does too.
  if (server) await clients().test.setAutomine(true);
});

afterAll(async () => {
  await server?.close();
});

describe('createBscScanner against a real EVM', () => {
  it('reads the chain id from the RPC and refuses a URL on another chain', async () => {
    const scanner = await createBscScanner({ rpcUrl, tokenAddress: token });
    expect(scanner).toMatchObject({ name: 'bsc', chainId: CHAIN_ID, maxRange: 5_000n });
    await expect(createBscScanner({ rpcUrl, tokenAddress: token, chainId: 56 })).rejects.toThrow(/chain 1337/);
  });

  it('reports a transfer only once it has `confirmations` blocks on top', async () => {
    const { pub, test } = clients();
    const scanner = await createBscScanner({ rpcUrl, tokenAddress: token }); // default 15 confirmations
    const recipient = randomAddress(); // checksummed (mixed case) on purpose
    const watched = [recipient.toLowerCase()];
    const hash = await send('transfer', [recipient, 1_234_567n * 10n ** 12n]);
    const { blockNumber: txBlock } = await receiptOf(hash);

    await test.mine({ blocks: 14 });
    expect(await pub.getBlockNumber()).toBe(txBlock + 14n);
    expect(await scanner.safeHead()).toBe(txBlock - 1n);
    expect(await transfersTo(scanner, 1n, await scanner.safeHead(), watched)).toEqual([]);

    await test.mine({ blocks: 1 });
    const safe = await scanner.safeHead();
    expect(safe).toBe(txBlock);
    const found = await transfersTo(scanner, 1n, safe, watched);
    expect(found).toEqual([
      {
        chainId: CHAIN_ID,
        txHash: hash.toLowerCase(),
        logIndex: 0, // the only log of the only transaction in its block
        blockNumber: txBlock,
        from: owner.toLowerCase(),
        to: recipient.toLowerCase(),
        amountRaw: 1_234_567n * 10n ** 12n,
        decimals: 18,
      },
    ]);
    expect(found).toEqual(await expectedFrom(hash, watched));
  });

  it('ignores unwatched recipients and other tokens, and gives distinct log indexes within a tx and a block', async () => {
    const { pub, test } = clients();
    const scanner = await createBscScanner({ rpcUrl, tokenAddress: token, confirmations: 0 });
    const [a, b, unwatched] = [randomAddress(), randomAddress(), randomAddress()];
    const watched = [a.toLowerCase(), b.toLowerCase()];
    const from = (await pub.getBlockNumber()) + 1n;

    // One transaction with four Transfer logs, one of them to an unwatched address.
    const batch = await send('transferBatch', [
      [a, unwatched, a, b],
      [1n, 2n, 3n, 4n],
    ]);
    // The same recipient paid in a token we do not watch.
    await receiptOf(await send('transfer', [a, 99n], otherToken));
    // Two transactions mined into one block.
    await test.setAutomine(false);
    const first = await send('transfer', [a, 5n]);
    const second = await send('transfer', [b, 6n]);
    await test.mine({ blocks: 1 });
    await test.setAutomine(true);
    const to = await pub.getBlockNumber();

    const expected = [
      ...(await expectedFrom(batch, watched)),
      ...(await expectedFrom(first, watched)),
      ...(await expectedFrom(second, watched)),
    ];
    expect(expected).toHaveLength(5);
    const sameBlock = (await receiptOf(first)).blockNumber;
    expect((await receiptOf(second)).blockNumber).toBe(sameBlock);

    const found = await transfersTo(scanner, from, to, watched);
    expect(found).toEqual(expected);
    expect(new Set(found.map(key)).size).toBe(found.length);
    expect(found.filter((t) => t.txHash === batch.toLowerCase()).map((t) => t.amountRaw)).toEqual([1n, 3n, 4n]);
    const inBlock = found.filter((t) => t.blockNumber === sameBlock);
    expect(inBlock).toHaveLength(2);
    expect(inBlock[0]?.logIndex).not.toBe(inBlock[1]?.logIndex);

    // Same range again, and with duplicate / mixed-case addresses: the same items, none twice.
    expect(await transfersTo(scanner, from, to, watched)).toEqual(found);
    expect(await transfersTo(scanner, from, to, [a, b, a.toLowerCase(), b.toUpperCase().replace('0X', '0x')])).toEqual(
      found,
    );
    // The unwatched address was paid too; it is only left out because nobody asked for it.
    expect((await transfersTo(scanner, from, to, [unwatched.toLowerCase()])).map((t) => t.amountRaw)).toEqual([2n]);
    expect(await transfersTo(scanner, from, to, [randomAddress().toLowerCase()])).toEqual([]);
    expect(await transfersTo(scanner, from, to, [])).toEqual([]);
  });

  it('reports every recipient in one eth_getLogs call per range, with no recipient topic', async () => {
    const { pub } = clients();
    const scanner = await createBscScanner({ rpcUrl, tokenAddress: token, confirmations: 0 });
    const paid = Array.from({ length: 250 }, () => randomAddress());
    const from = (await pub.getBlockNumber()) + 1n;
    const hash = await send('transferBatch', [paid, paid.map((_, i) => BigInt(i + 1))]);
    const to = (await receiptOf(hash)).blockNumber;

    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const found = await scanner.transfers(from, to);

    const getLogs = fetchSpy.mock.calls
      .map(([, init]) => JSON.parse(String(init?.body)) as { method: string; params: { topics: unknown[] }[] })
      .filter((body) => body.method === 'eth_getLogs');
    expect(getLogs).toHaveLength(1);
    expect(getLogs[0]!.params[0]!.topics.slice(1).filter((t) => t !== null)).toEqual([]);
    expect(found.map((t) => t.to)).toEqual(paid.map((p) => p.toLowerCase()));
    expect(found.map((t) => t.amountRaw)).toEqual(paid.map((_, i) => BigInt(i + 1)));
    expect(found).toEqual(
      await expectedFrom(
        hash,
        paid.map((p) => p.toLowerCase()),
      ),
    );
  });

  it('asks for a range the endpoint finds too large in halves, and fails on any other error', async () => {
    const { pub, test } = clients();
    const scanner = await createBscScanner({ rpcUrl, tokenAddress: token, confirmations: 0 });
    const recipient = randomAddress();
    const from = (await pub.getBlockNumber()) + 1n;
    const first = await send('transfer', [recipient, 11n]);
    await test.mine({ blocks: 2 });
    const second = await send('transfer', [recipient, 12n]);
    const to = (await receiptOf(second)).blockNumber;
    const real = globalThis.fetch;
    const refuse = (code: number, message: string) =>
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const body = JSON.parse(String(init?.body)) as {
          id: number;
          method: string;
          params: { fromBlock: string; toBlock: string }[];
        };
        // Refuses any range wider than one block, as an endpoint capping its answer would for a busy token.
        if (body.method === 'eth_getLogs' && body.params[0]!.fromBlock !== body.params[0]!.toBlock) {
          return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, error: { code, message } }), {
            headers: { 'content-type': 'application/json' },
          });
        }
        return real(input, init);
      });

    refuse(-32005, 'query returned more than 10000 results');
    const found = await scanner.transfers(from, to);
    expect(found.map((t) => [t.txHash, t.amountRaw])).toEqual([
      [first.toLowerCase(), 11n],
      [second.toLowerCase(), 12n],
    ]);
    vi.restoreAllMocks();
    refuse(-32000, 'header not found');
    await expect(scanner.transfers(from, to)).rejects.toThrow();
  });

  it('throws for a range larger than maxRange, so the caller must chunk', async () => {
    const small = await createBscScanner({ rpcUrl, tokenAddress: token, maxRange: 10n });
    await expect(small.transfers(1n, 10n)).resolves.toEqual(expect.any(Array));
    await expect(small.transfers(1n, 11n)).rejects.toThrow(/maxRange/);
    const byDefault = await createBscScanner({ rpcUrl, tokenAddress: token });
    await expect(byDefault.transfers(1n, 5_001n)).rejects.toThrow(/maxRange 5000/);
    await expect(byDefault.transfers(1n, 5_000n)).resolves.toEqual(expect.any(Array));
  });

  it('never reports a transfer that a reorg dropped before it was confirmed', async () => {
    const { pub, test } = clients();
    const confirmations = 3;
    const scanner = await createBscScanner({ rpcUrl, tokenAddress: token, confirmations });
    const recipient = randomAddress();
    const watched = [recipient.toLowerCase()];
    const from = (await pub.getBlockNumber()) + 1n;

    const snapshot = await test.snapshot();
    const dropped = await send('transfer', [recipient, 777n]);
    const { blockNumber: txBlock } = await receiptOf(dropped);
    await test.mine({ blocks: confirmations - 1 });
    // Visible at the head, but not yet under safeHead, so the watcher does not look at it.
    expect(await transfersTo(scanner, from, await pub.getBlockNumber(), watched)).toHaveLength(1);
    expect(await scanner.safeHead()).toBeLessThan(txBlock);

    await test.revert({ id: snapshot });
    expect(await pub.getBlockNumber()).toBe(from - 1n);
    // The replacement chain pays the same address a different amount in a different transaction.
    const kept = await send('transfer', [recipient, 888n]);
    await test.mine({ blocks: confirmations + 2 });
    const safe = await scanner.safeHead();
    expect(safe).toBeGreaterThanOrEqual(txBlock);

    const found = await transfersTo(scanner, from, safe, watched);
    expect(found.map((t) => t.txHash)).toEqual([kept.toLowerCase()]);
    expect(found[0]?.amountRaw).toBe(888n);
    expect(found.some((t) => t.txHash === dropped.toLowerCase())).toBe(false);
  });
});
