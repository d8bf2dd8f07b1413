/**
 * Links into the block explorer the server names (`explorerUrl` in /config and the treasury report: BscScan or
 * its testnet); none on the simulated chain, where there is nothing to look at.
 */
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The explorer's page for a transaction; null without an explorer or for a malformed hash. */
export function explorerTxUrl(explorerUrl: string | null | undefined, hash: string): string | null {
  return explorerUrl && TX_HASH.test(hash) ? `${explorerUrl}/tx/${hash}` : null;
}

/** The explorer's page for an address; null without an explorer or for a malformed address. */
export function explorerAddressUrl(explorerUrl: string | null | undefined, address: string): string | null {
  return explorerUrl && ADDRESS.test(address) ? `${explorerUrl}/address/${address}` : null;
}
