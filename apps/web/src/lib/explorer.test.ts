import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, explorerTxUrl } from './explorer';

const TX = `0x${'ab'.repeat(32)}`;
const ADDRESS = `0x${'5'.repeat(40)}`;
const BSCSCAN = 'https://bscscan.com';

describe('block explorer links', () => {
  it('link a transaction or an address into the explorer the server names', () => {
    expect(explorerTxUrl(BSCSCAN, TX)).toBe(`https://bscscan.com/tx/${TX}`);
    expect(explorerAddressUrl('https://testnet.bscscan.com', ADDRESS)).toBe(
      `https://testnet.bscscan.com/address/${ADDRESS}`,
    );
  });

  it('link nothing without an explorer (the simulated chain) or for a malformed value', () => {
    expect(explorerTxUrl(null, TX)).toBeNull();
    expect(explorerTxUrl(undefined, TX)).toBeNull();
    expect(explorerTxUrl(BSCSCAN, `${TX}/../x`)).toBeNull();
    expect(explorerAddressUrl(BSCSCAN, TX)).toBeNull();
  });
});
