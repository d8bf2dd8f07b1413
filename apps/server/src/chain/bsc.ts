import { createPublicClient, http, isAddress, parseAbiItem } from 'viem';
import type { ChainScanner, ObservedTransfer } from './types.js';

/** Binance-Peg BSC-USD (USDT) on BNB Smart Chain: 18 decimals, unlike USDT on Ethereum or Tron. */
export const BSC_USDT_ADDRESS = '0x55d398326f99059fF775485246999027B3197955';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Recipients per eth_getLogs call: an OR over topic values that public endpoints accept without complaint. */
const ADDRESS_BATCH = 100;

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

  return {
    name: 'bsc',
    chainId,
    maxRange,

    async safeHead() {
      const head = await client.getBlockNumber();
      return head > confirmations ? head - confirmations : 0n;
    },

    async transfers(fromBlock, toBlock, addresses): Promise<ObservedTransfer[]> {
      if (fromBlock < 0n) throw new RangeError(`fromBlock ${fromBlock} is negative`);
      if (toBlock < fromBlock) return [];
      if (toBlock - fromBlock + 1n > maxRange) {
        throw new RangeError(`Block range ${fromBlock}..${toBlock} exceeds maxRange ${maxRange}; chunk it`);
      }
      const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
      for (const a of wanted) if (!isAddress(a, { strict: false })) throw new Error(`Invalid address: ${a}`);
      const watched = new Set(wanted);

      const seen = new Map<string, ObservedTransfer>();
      // Sequential batches: public endpoints rate-limit, and a failure anywhere must fail the whole range
      // so the watcher does not advance its cursor past transfers it never saw.
      for (let i = 0; i < wanted.length; i += ADDRESS_BATCH) {
        const batch = wanted.slice(i, i + ADDRESS_BATCH) as `0x${string}`[];
        const logs = await client.getLogs({
          address: token,
          event: transferEvent,
          args: { to: batch },
          fromBlock,
          toBlock,
          strict: true,
        });
        for (const log of logs) {
          // Removed logs come from a reorg; pending ones have no block yet. Neither can be credited.
          if (log.removed || log.blockNumber === null || log.transactionHash === null || log.logIndex === null) {
            continue;
          }
          // Re-check what the node was asked to filter: a lax RPC must not make us credit someone else's log.
          const to = log.args.to.toLowerCase();
          if (log.address.toLowerCase() !== token || !watched.has(to)) continue;
          if (log.blockNumber < fromBlock || log.blockNumber > toBlock) continue;
          const txHash = log.transactionHash.toLowerCase();
          seen.set(`${txHash}:${log.logIndex}`, {
            chainId,
            txHash,
            logIndex: log.logIndex,
            blockNumber: log.blockNumber,
            to,
            amountRaw: log.args.value,
            decimals,
          });
        }
      }
      // A stable order lets the watcher credit (and log) in chain order.
      return [...seen.values()].sort((a, b) =>
        a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
      );
    },
  };
}
