/** A token transfer seen on a chain, confirmed deeply enough to credit. */
export interface ObservedTransfer {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  /** Lower-case 0x sender and recipient. */
  from: string;
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
  /**
   * Every transfer of the token in blocks [fromBlock, toBlock], whoever it is to: the watcher asks the deposit
   * sink which recipients are ours (ADR 0022: a scan costs the transfers in its blocks, not the number of
   * deposit addresses).
   */
  transfers(fromBlock: bigint, toBlock: bigint): Promise<ObservedTransfer[]>;
  /** Transfers of the token from `from` (lower-case: the treasury) in blocks [fromBlock, toBlock]. */
  outgoing(fromBlock: bigint, toBlock: bigint, from: string): Promise<ObservedTransfer[]>;
  /** Largest block range one `transfers` call may ask for (public BSC endpoints cap eth_getLogs). */
  readonly maxRange: bigint;
  /** Blocks on top of a transfer's before it counts (safeHead is head − this). */
  readonly confirmations: number;
  /** One transaction as the chain has it now, with its transfers of the token; null if the chain has none. */
  transaction(txHash: string): Promise<ChainTransaction | null>;
  /** What the treasury screen shows: token balances of `addresses`, the native balance of `gasWallet`, gas price. */
  holdings(addresses: string[], gasWallet: string | null): Promise<ChainHoldings>;
}

export interface ChainTransaction {
  succeeded: boolean;
  blockNumber: bigint;
  /** Blocks from its block to the head, its own included. */
  confirmations: number;
  /** Its Transfer events of the watched token (any other contract's events are left out). */
  transfers: ObservedTransfer[];
}

export interface ChainHoldings {
  /** Token base units per address asked for (lower-case). */
  token: Map<string, bigint>;
  /** Wei on the gas wallet (0 without one). */
  gasWei: bigint;
  /** Wei one sweep costs at the current gas price: a native top-up plus one token transfer. */
  sweepGasWei: bigint;
  decimals: number;
}

/** What became of one transfer from the treasury handed to the payout sink. */
export type PayoutResult = 'paid' | 'duplicate' | 'unmatched';

/**
 * Where the watcher hands USDT leaving the treasury (DESIGN D16): the withdrawals module implements it and
 * app.ts wires it in. A confirmed transfer pays the approved withdrawal it matches, exactly once.
 */
export interface PayoutSink {
  /** The treasury address (lower-case), or null when none is configured (then nothing is watched). */
  treasury: string | null;
  confirm(transfer: ObservedTransfer): Promise<PayoutResult>;
}

/** What became of one transfer handed to the deposit sink. */
export type IngestResult = 'credited' | 'duplicate' | 'ignored' | 'rejected';

/**
 * Where the watcher hands what it sees: the deposits module implements it and app.ts wires it in, so the
 * chain layer imports nothing above it.
 */
export interface DepositSink {
  /** Which of `candidates` (lower-case recipients of a scanned range) are deposit addresses: one indexed look-up. */
  depositAddressesAmong(candidates: string[]): Promise<Set<string>>;
  /** Credits transfers (in chain order) once each, in as few database calls as it can; results in order. */
  ingestMany(transfers: ObservedTransfer[]): Promise<IngestResult[]>;
  /** Credits a transfer once (idempotent by chain, transaction and log). */
  ingest(transfer: ObservedTransfer): Promise<IngestResult>;
  /** Records a transfer that cannot be credited, with the reason the error gives. */
  reject(transfer: ObservedTransfer, error: unknown): Promise<IngestResult>;
}
