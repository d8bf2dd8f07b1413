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

/** What became of one transfer handed to the deposit sink. */
export type IngestResult = 'credited' | 'duplicate' | 'ignored' | 'rejected';

/**
 * Where the watcher hands what it sees: the deposits module implements it and app.ts wires it in, so the
 * chain layer imports nothing above it.
 */
export interface DepositSink {
  /** Every deposit address (lower-case) a transfer may be for. */
  addresses(): Promise<string[]>;
  /** Credits a transfer once (idempotent by chain, transaction and log). */
  ingest(transfer: ObservedTransfer): Promise<IngestResult>;
  /** Records a transfer that cannot be credited, with the reason the error gives. */
  reject(transfer: ObservedTransfer, error: unknown): Promise<IngestResult>;
}
