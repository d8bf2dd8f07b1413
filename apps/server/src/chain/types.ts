/** A token transfer seen on a chain, confirmed deeply enough to credit. */
export interface ObservedTransfer {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  /** Lower-case 0x recipient. */
  to: string;
  /** Token base units. */
  amountRaw: bigint;
  decimals: number;
}

/**
 * One chain behind one interface (DESIGN D8): `simulated` for development and tests, `bsc` for real
 * USDT on BNB Smart Chain. The watcher owns the cursor; a scanner only answers range queries.
 */
export interface ChainScanner {
  readonly name: 'simulated' | 'bsc';
  readonly chainId: number;
  /** The newest block that has enough confirmations to credit (head − confirmations). */
  safeHead(): Promise<bigint>;
  /** Transfers of the token to any of `addresses` (lower-case) in blocks [fromBlock, toBlock]. */
  transfers(fromBlock: bigint, toBlock: bigint, addresses: string[]): Promise<ObservedTransfer[]>;
  /** Largest block range one `transfers` call may ask for (public BSC endpoints cap eth_getLogs). */
  readonly maxRange: bigint;
}
