import { describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import { mnemonicToAccount } from 'viem/accounts';
import { mnemonicToSeedSync } from '@scure/bip39';
import { deriveAddress } from '../../src/modules/deposits/xpub.js';

// The well-known development mnemonic (Hardhat/Foundry): its addresses are public test vectors.
const MNEMONIC = 'test test test test test test test test test test test junk';

describe('deposit address derivation', () => {
  it("derives m/44'/60'/0'/0/i from the account xpub exactly as a wallet does", () => {
    const xpub = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/60'/0'/0").publicExtendedKey;
    expect(deriveAddress(xpub, 0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    for (const i of [1, 7]) {
      expect(deriveAddress(xpub, i)).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: i }).address.toLowerCase());
    }
  });
});
