/**
 * The treasury command on BNB Smart Chain (or any EVM chain behind JSON-RPC): signs locally with the operator's
 * viem accounts and broadcasts raw transactions. Only the CLI loads this file (eslint forbids it under src/).
 */
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  isAddress,
  keccak256,
  TransactionReceiptNotFoundError,
  type Address,
  type Hex,
} from 'viem';
import { sendRawTransaction } from 'viem/actions';
import type { LocalSigner } from './keys.js';
import type { SignedTransaction, TreasuryChain, TreasurySigner } from './types.js';

/**
 * Gas budgeted for one token transfer. A top-up gives a deposit address this × the gas price, and a token
 * transfer's estimate with its margin must fit in it: then the sweep signed at that price can always pay.
 */
export const TOKEN_TRANSFER_GAS_BUDGET = 100_000n;
export const NATIVE_TRANSFER_GAS = 21_000n;
const GAS_MARGIN_PERCENT = 130n;

export interface BscTreasuryChainOptions {
  rpcUrl: string;
  tokenAddress: string;
  decimals: number;
  /** Expected chain id (56 for BSC mainnet): a different one from the RPC refuses to start. */
  chainId?: number;
}

/** Every message in an error and its causes: nodes word "already known" and "nonce too low" differently. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { message, details } = e as { message?: unknown; details?: unknown };
    if (typeof message === 'string') parts.push(message);
    if (typeof details === 'string') parts.push(details);
  }
  return parts.join(' | ');
}

export async function createBscTreasuryChain(options: BscTreasuryChainOptions): Promise<TreasuryChain> {
  const token = options.tokenAddress.toLowerCase() as Address;
  if (!isAddress(token, { strict: false })) throw new Error(`Invalid token address: ${options.tokenAddress}`);
  // cacheTime 0: nonces and receipts must be read fresh, not from viem's 4-second cache.
  const client = createPublicClient({ transport: http(options.rpcUrl, { timeout: 30_000 }), cacheTime: 0 });
  const chainId = await client.getChainId();
  if (options.chainId !== undefined && options.chainId !== chainId) {
    // The URL is left out: hosted RPC URLs often embed an API key.
    throw new Error(`The RPC URL is on chain ${chainId}, expected ${options.chainId}`);
  }

  // gasCosts() reads the price and signing reuses it, so a top-up priced at it covers the sweep signed next.
  let gasPrice: bigint | null = null;
  const currentGasPrice = async () => (gasPrice ??= await client.getGasPrice());

  const accountOf = (signer: TreasurySigner) => {
    const account = (signer as Partial<LocalSigner>).account;
    if (!account) throw new Error(`No key loaded for ${signer.address}`);
    return account;
  };

  async function sign(
    signer: TreasurySigner,
    tx: { to: Address; data?: Hex; value: bigint; gas: bigint; nonce: number },
    recipient: string,
    amountRaw: bigint,
  ): Promise<SignedTransaction> {
    const account = accountOf(signer);
    // Legacy (type 0) transactions with EIP-155 replay protection: what every BSC node accepts.
    const rawTx = await account.signTransaction({
      type: 'legacy',
      chainId,
      gasPrice: await currentGasPrice(),
      ...tx,
    });
    return {
      txHash: keccak256(rawTx),
      rawTx,
      nonce: tx.nonce,
      from: account.address.toLowerCase(),
      to: recipient.toLowerCase(),
      amountRaw,
    };
  }

  const chain: TreasuryChain = {
    name: 'bsc',
    chainId,
    decimals: options.decimals,
    tokenBalance: (address) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address as Address] }),
    nativeBalance: (address) => client.getBalance({ address: address as Address }),
    async gasCosts() {
      gasPrice = await client.getGasPrice();
      return { tokenTransfer: gasPrice * TOKEN_TRANSFER_GAS_BUDGET, nativeTransfer: gasPrice * NATIVE_TRANSFER_GAS };
    },
    minedNonce: (address) => client.getTransactionCount({ address: address as Address, blockTag: 'latest' }),

    async signTokenTransfer(signer, to, amountRaw, nonce) {
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to as Address, amountRaw] });
      const estimate = await client.estimateGas({ account: accountOf(signer).address, to: token, data });
      const gas = (estimate * GAS_MARGIN_PERCENT) / 100n;
      if (gas > TOKEN_TRANSFER_GAS_BUDGET) {
        throw new Error(
          `A transfer of this token needs ${estimate} gas, over the ${TOKEN_TRANSFER_GAS_BUDGET} budgeted`,
        );
      }
      return sign(signer, { to: token, data, value: 0n, gas, nonce }, to, amountRaw);
    },
    signNativeTransfer: (signer, to, wei, nonce) =>
      sign(signer, { to: to as Address, value: wei, gas: NATIVE_TRANSFER_GAS, nonce }, to, wei),

    async broadcast(rawTx) {
      try {
        await sendRawTransaction(client, { serializedTransaction: rawTx as Hex });
      } catch (error) {
        const text = errorText(error);
        // The node has these bytes already (pending or mined): sending them twice sends once.
        if (/already known|known transaction|already imported|already exists/i.test(text)) return;
        if (/nonce too low|nonce.*too low|correct nonce/i.test(text)) {
          if ((await chain.receipt(keccak256(rawTx as Hex))) !== null) return;
        }
        throw error;
      }
    },
    async receipt(txHash) {
      try {
        const receipt = await client.getTransactionReceipt({ hash: txHash as Hex });
        return receipt.status;
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
    },
  };
  return chain;
}
