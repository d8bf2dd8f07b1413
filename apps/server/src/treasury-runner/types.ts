/**
 * The operator's treasury command (DESIGN D16): sweeps deposit addresses into the treasury and pays approved
 * withdrawals from it. It runs on the operator's machine with the keys; the web server never holds one. The
 * same steps run against the simulated chain (no keys, no gas) inside a development server.
 */

/** A transaction signed and not yet known to be on chain: recorded (treasury_steps) before it is broadcast. */
export interface SignedTransaction {
  txHash: string;
  /** The signed bytes (or, on the simulated chain, what stands for them): broadcasting them twice sends once. */
  rawTx: string;
  nonce: number;
  from: string;
  to: string;
  /** Token base units (token transfer) or wei (native transfer). */
  amountRaw: bigint;
}

/** Who signs for an address: a viem local account on BSC, just the address on the simulated chain. */
export interface TreasurySigner {
  /** Lower-case 0x address. */
  address: string;
}

/** The keys the command holds: the treasury, the gas wallet, and each deposit address by its derivation index. */
export interface TreasuryKeys {
  treasury: TreasurySigner;
  gas: TreasurySigner | null;
  deposit(derivationIndex: number): TreasurySigner;
}

/** What the treasury command needs of a chain. */
export interface TreasuryChain {
  readonly name: 'simulated' | 'bsc';
  readonly chainId: number;
  /** The token's decimals (18 for BSC USDT). */
  readonly decimals: number;
  tokenBalance(address: string): Promise<bigint>;
  nativeBalance(address: string): Promise<bigint>;
  /** Wei a token transfer and a native transfer cost now (0 on the simulated chain: it has no gas). */
  gasCosts(): Promise<{ tokenTransfer: bigint; nativeTransfer: bigint }>;
  /** Transactions of `address` mined so far (its next nonce as the chain has it). */
  minedNonce(address: string): Promise<number>;
  signTokenTransfer(signer: TreasurySigner, to: string, amountRaw: bigint, nonce: number): Promise<SignedTransaction>;
  signNativeTransfer(signer: TreasurySigner, to: string, wei: bigint, nonce: number): Promise<SignedTransaction>;
  /** Sends signed bytes; sending bytes the chain already has is not an error. */
  broadcast(rawTx: string): Promise<void>;
  /** 'success' or 'reverted' once mined, null while the chain does not have it. */
  receipt(txHash: string): Promise<'success' | 'reverted' | null>;
}
