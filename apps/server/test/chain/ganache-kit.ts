import { pbkdf2Sync } from 'node:crypto';
import { HDKey } from '@scure/bip32';
import ganache from 'ganache';
import { createPublicClient, createTestClient, createWalletClient, defineChain, http, type Address } from 'viem';

/** What every test on a real EVM shares: ganache over HTTP JSON-RPC, its chain for viem, the deposit mnemonic. */
export const GANACHE_CHAIN_ID = 1337;
export const ganacheChain = defineChain({
  id: GANACHE_CHAIN_ID,
  name: 'ganache',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1'] } },
});

/**
 * Deposit addresses come from the account-level key of this well-known mnemonic, so the user holding index 0
 * gets the mnemonic's first account: proof that the server's public derivation matches a wallet's.
 */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';
// BIP-39 seed (PBKDF2-HMAC-SHA512, 2048 rounds, salt "mnemonic"), computed here to avoid another dependency.
const seed = pbkdf2Sync(TEST_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512');
export const TEST_DEPOSIT_XPUB = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'/0").publicExtendedKey;

export type GanacheServer = ReturnType<typeof ganache.server>;

/** A fresh ganache on a free port: deterministic unlocked accounts, automine, gas estimated when not given. */
export async function startGanache(): Promise<{ server: GanacheServer; rpcUrl: string }> {
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: GANACHE_CHAIN_ID },
    wallet: { deterministic: true },
    // Otherwise eth_sendTransaction without `gas` gets 90,000, too little to deploy the token.
    miner: { defaultTransactionGasLimit: 'estimate' },
  });
  await server.listen(0, '127.0.0.1');
  return { server, rpcUrl: `http://127.0.0.1:${server.address().port}` };
}

/**
 * Ganache runs in this process's JavaScript: a 250-transfer batch on a loaded CI machine took longer than viem's
 * 10 s default, and the retry viem then makes would send the transaction again. One attempt, as long as a test.
 */
export const ganacheTransport = (rpcUrl: string) => http(rpcUrl, { timeout: 55_000, retryCount: 0 });

/** Reading and mining clients (no cache, fast polling: automine answers at once). */
export function ganacheClients(rpcUrl: string) {
  const transport = ganacheTransport(rpcUrl);
  return {
    pub: createPublicClient({ chain: ganacheChain, transport, cacheTime: 0, pollingInterval: 50 }),
    test: createTestClient({ chain: ganacheChain, transport, mode: 'ganache' }),
  };
}

/** A wallet client sending as one of ganache's unlocked accounts. */
export const ganacheWallet = (rpcUrl: string, account: Address) =>
  createWalletClient({ chain: ganacheChain, transport: ganacheTransport(rpcUrl), account });

/** Ganache's deterministic unlocked accounts, in order. */
export const ganacheAccounts = async (rpcUrl: string): Promise<Address[]> =>
  createWalletClient({ chain: ganacheChain, transport: ganacheTransport(rpcUrl) }).getAddresses();
