import { createPublicClient, decodeEventLog, erc20Abi, http, isAddress, parseAbiItem, type Log } from 'viem';
import type { ChainScanner, ChainTransaction, ObservedTransfer } from './types.js';

/** Binance-Peg BSC-USD (USDT) on BNB Smart Chain: 18 decimals, unlike USDT on Ethereum or Tron. */
export const BSC_USDT_ADDRESS = '0x55d398326f99059fF775485246999027B3197955';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Gas a BEP-20 transfer and a plain BNB transfer use, with a margin; what one sweep costs is priced from these. */
const TOKEN_TRANSFER_GAS = 65_000n;
const NATIVE_TRANSFER_GAS = 21_000n;

const byChainOrder = (a: ObservedTransfer, b: ObservedTransfer) =>
  a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;

/** How endpoints word a log query whose answer would be too large (geth, BSC nodes, hosted providers). */
const TOO_LARGE = /more than \d+ results|too many|limit exceeded|response size|range is too (large|wide)|exceed/i;

/** Every message in an error and its causes (viem wraps the node's own words). */
function errorMessages(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { message, details } = e as { message?: unknown; details?: unknown };
    parts.push(String(message ?? ''), String(details ?? ''));
  }
  return parts.join(' ');
}

export interface BscScannerOptions {
  rpcUrl: string;
  tokenAddress?: `0x${string}`;
  decimals?: number;
  /** Blocks on top of a transfer before it is credited; BSC reorgs are short, 15 leaves a wide margin. */
  confirmations?: number;
  /** Expected chain id (56 for BSC mainnet); when given, the RPC must report the same one. */
  chainId?: number;
  /** Largest range one `transfers` call accepts; the watcher chunks to this. */
  maxRange?: bigint;
}

/**
 * A `ChainScanner` for an ERC-20 token over JSON-RPC (DESIGN D8). Async because the chain id is read from
 * the RPC: credits are keyed by chain, so a URL pointing at the wrong network must fail at startup, not
 * record testnet payments under mainnet's id.
 */
export async function createBscScanner(options: BscScannerOptions): Promise<ChainScanner> {
  const token = (options.tokenAddress ?? BSC_USDT_ADDRESS).toLowerCase() as `0x${string}`;
  const decimals = options.decimals ?? 18;
  const confirmations = BigInt(options.confirmations ?? 15);
  const maxRange = options.maxRange ?? 5_000n;
  if (!isAddress(token, { strict: false })) throw new Error(`Invalid token address: ${token}`);
  if (!Number.isInteger(decimals) || decimals < 0) throw new Error(`Invalid decimals: ${decimals}`);
  if (confirmations < 0n) throw new Error('confirmations must be >= 0');
  if (maxRange < 1n) throw new Error('maxRange must be >= 1');

  // cacheTime 0: viem otherwise caches eth_blockNumber for its 4 s polling interval, so safeHead() would lag.
  const client = createPublicClient({ transport: http(options.rpcUrl, { timeout: 30_000 }), cacheTime: 0 });

  const rpcChainId = await client.getChainId();
  if (options.chainId !== undefined && options.chainId !== rpcChainId) {
    // The URL is left out of the message: hosted RPC URLs often embed an API key.
    throw new Error(`The RPC URL is on chain ${rpcChainId}, expected ${options.chainId}`);
  }
  const chainId = rpcChainId;

  const toTransfer = (
    txHash: string,
    logIndex: number,
    blockNumber: bigint,
    args: { from: string; to: string; value: bigint },
  ): ObservedTransfer => ({
    chainId,
    txHash: txHash.toLowerCase(),
    logIndex,
    blockNumber,
    from: args.from.toLowerCase(),
    to: args.to.toLowerCase(),
    amountRaw: args.value,
    decimals,
  });

  return {
    name: 'bsc',
    chainId,
    maxRange,
    confirmations: Number(confirmations),

    async safeHead() {
      const head = await client.getBlockNumber();
      return head > confirmations ? head - confirmations : 0n;
    },

    async transfers(fromBlock, toBlock): Promise<ObservedTransfer[]> {
      if (fromBlock < 0n) throw new RangeError(`fromBlock ${fromBlock} is negative`);
      if (toBlock < fromBlock) return [];
      if (toBlock - fromBlock + 1n > maxRange) {
        throw new RangeError(`Block range ${fromBlock}..${toBlock} exceeds maxRange ${maxRange}; chunk it`);
      }
      // Every Transfer of the token in the range, no recipient topic: the watcher looks the recipients up in
      // its own index (ADR 0022). One call, so a failure fails the whole range and the cursor stays put.
      const logs = await logsOf(fromBlock, toBlock);
      const seen = new Map<string, ObservedTransfer>();
      for (const log of logs) {
        // Removed logs come from a reorg; pending ones have no block yet. Neither can be credited.
        if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) {
          continue;
        }
        // Re-check what the node was asked to filter: a lax RPC must not make us credit another contract's log.
        if (log.address.toLowerCase() !== token) continue;
        if (log.blockNumber < fromBlock || log.blockNumber > toBlock) continue;
        const transfer = toTransfer(log.transactionHash, log.logIndex, log.blockNumber, log.args);
        seen.set(`${transfer.txHash}:${transfer.logIndex}`, transfer);
      }
      // A stable order lets the watcher credit (and log) in chain order.
      return [...seen.values()].sort(byChainOrder);
    },

    async outgoing(fromBlock, toBlock, from): Promise<ObservedTransfer[]> {
      if (toBlock < fromBlock) return [];
      const sender = from.toLowerCase();
      const logs = await client.getLogs({
        address: token,
        event: transferEvent,
        args: { from: sender as `0x${string}` },
        fromBlock,
        toBlock,
        strict: true,
      });
      const found: ObservedTransfer[] = [];
      for (const log of logs) {
        if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) continue;
        if (log.address.toLowerCase() !== token || log.args.from.toLowerCase() !== sender) continue;
        if (log.blockNumber < fromBlock || log.blockNumber > toBlock) continue;
        found.push(toTransfer(log.transactionHash, log.logIndex, log.blockNumber, log.args));
      }
      return found.sort(byChainOrder);
    },

    async transaction(txHash): Promise<ChainTransaction | null> {
      const receipt = await client.getTransactionReceipt({ hash: txHash as `0x${string}` }).catch((error: unknown) => {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return null;
        throw error;
      });
      if (!receipt) return null;
      const head = await client.getBlockNumber();
      return {
        succeeded: receipt.status === 'success',
        blockNumber: receipt.blockNumber,
        confirmations: Number(head - receipt.blockNumber + 1n),
        transfers: receipt.logs.flatMap((log) => tokenTransfer(log, receipt.blockNumber)),
      };
    },

    async holdings(addresses, gasWallet) {
      const tokenBalances = new Map<string, bigint>();
      for (const address of addresses) {
        const balance = await client.readContract({
          address: token,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address as `0x${string}`],
        });
        tokenBalances.set(address.toLowerCase(), balance);
      }
      const gasWei = gasWallet ? await client.getBalance({ address: gasWallet as `0x${string}` }) : 0n;
      const gasPrice = await client.getGasPrice();
      return {
        token: tokenBalances,
        gasWei,
        sweepGasWei: gasPrice * (TOKEN_TRANSFER_GAS + NATIVE_TRANSFER_GAS),
        decimals,
      };
    },
  };

  /**
   * The token's Transfer logs in [fromBlock, toBlock]. A range the endpoint refuses for its size (BSC's USDT
   * moves thousands of times a block; public endpoints cap a response at about 10,000 logs) is asked for in
   * halves, down to one block; any other failure, or a single block refused, fails the range.
   */
  function tokenLogs(fromBlock: bigint, toBlock: bigint) {
    return client.getLogs({ address: token, event: transferEvent, fromBlock, toBlock, strict: true });
  }
  async function logsOf(fromBlock: bigint, toBlock: bigint): Promise<Awaited<ReturnType<typeof tokenLogs>>> {
    try {
      return await tokenLogs(fromBlock, toBlock);
    } catch (error) {
      if (toBlock === fromBlock || !TOO_LARGE.test(errorMessages(error))) throw error;
      const middle = fromBlock + (toBlock - fromBlock) / 2n;
      return [...(await logsOf(fromBlock, middle)), ...(await logsOf(middle + 1n, toBlock))];
    }
  }

  /** A receipt's log as a transfer of the watched token, or nothing (another contract, another event). */
  function tokenTransfer(log: Log, blockNumber: bigint): ObservedTransfer[] {
    if (log.address.toLowerCase() !== token || log.logIndex === null || log.transactionHash === null) return [];
    try {
      const event = decodeEventLog({ abi: [transferEvent], data: log.data, topics: log.topics, strict: true });
      return [toTransfer(log.transactionHash, log.logIndex, blockNumber, event.args)];
    } catch {
      return [];
    }
  }
}
