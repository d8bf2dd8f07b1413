import { pbkdf2Sync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveAddress } from '../../src/modules/deposits/xpub.js';
import { createKeystoreFile, keysFrom, loadKeys, openKeystore, sealKeystore } from '../../src/treasury-runner/keys.js';

// The operator's keys (DESIGN D16): a wrong key or mnemonic refuses to run, and the keystore opens only with
// its password and only unaltered.
const MNEMONIC = 'test test test test test test test test test test test junk';
// The xpub the deposit tests configure: the mnemonic's m/44'/60'/0'/0, computed as watcher-bsc.test.ts does.
const XPUB = HDKey.fromMasterSeed(pbkdf2Sync(MNEMONIC, 'mnemonic', 2048, 64, 'sha512')).derive(
  "m/44'/60'/0'/0",
).publicExtendedKey;
const treasuryKey = generatePrivateKey();
const gasKey = generatePrivateKey();
const dir = mkdtempSync(path.join(tmpdir(), 'svp-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const env = {
  TREASURY_PRIVATE_KEY: treasuryKey,
  GAS_PRIVATE_KEY: gasKey,
  DEPOSIT_MNEMONIC: MNEMONIC,
  TREASURY_ADDRESS: privateKeyToAccount(treasuryKey).address,
  GAS_WALLET_ADDRESS: privateKeyToAccount(gasKey).address,
  DEPOSIT_XPUB: XPUB,
};

describe('loadKeys', () => {
  it('derives the treasury, the gas wallet and each deposit address as the server does from the xpub', () => {
    const keys = loadKeys(env);
    expect(keys.treasury.address).toBe(env.TREASURY_ADDRESS.toLowerCase());
    expect(keys.gas?.address).toBe(env.GAS_WALLET_ADDRESS.toLowerCase());
    expect(keys.depositXpub).toBe(XPUB);
    for (const i of [0, 1, 7]) {
      expect(keys.deposit(i).address).toBe(deriveAddress(XPUB, i));
      expect(keys.deposit(i).account.address).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: i }).address);
    }
  });

  it('refuses keys that do not match the configured addresses or xpub', () => {
    expect(() => loadKeys({ ...env, TREASURY_ADDRESS: env.GAS_WALLET_ADDRESS })).toThrow(/not of TREASURY_ADDRESS/);
    expect(() => loadKeys({ ...env, GAS_WALLET_ADDRESS: env.TREASURY_ADDRESS })).toThrow(/not of GAS_WALLET_ADDRESS/);
    const other = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    expect(() => loadKeys({ ...env, DEPOSIT_MNEMONIC: other })).toThrow(/does not derive DEPOSIT_XPUB/);
    // A typo fails the BIP-39 checksum instead of deriving someone else's addresses.
    expect(() => loadKeys({ ...env, DEPOSIT_MNEMONIC: MNEMONIC.replace('junk', 'test') })).toThrow(
      /not a valid BIP-39/,
    );
    expect(() => loadKeys({ ...env, TREASURY_PRIVATE_KEY: '0x1234' })).toThrow(/64 hex digits/);
    expect(() => loadKeys({})).toThrow(/TREASURY_PRIVATE_KEY/);
  });

  it('loads without a mnemonic for payouts, and says so when a sweep asks for a deposit key', () => {
    const keys = loadKeys({ TREASURY_PRIVATE_KEY: treasuryKey });
    expect(keys.gas).toBeNull();
    expect(() => keys.deposit(0)).toThrow(/DEPOSIT_MNEMONIC is not loaded/);
  });
});

describe('keystore', () => {
  it('round-trips the secrets and refuses a wrong password or an altered file', () => {
    const secrets = { treasuryPrivateKey: treasuryKey, gasPrivateKey: gasKey, depositMnemonic: MNEMONIC };
    const file = sealKeystore(secrets, 'a long enough password', { N: 2 ** 14 });
    expect(file.addresses.treasury).toBe(env.TREASURY_ADDRESS.toLowerCase());
    expect(file.depositXpub).toBe(XPUB);
    expect(JSON.stringify(file)).not.toContain(treasuryKey.slice(2));
    expect(openKeystore(file, 'a long enough password')).toEqual(secrets);
    expect(() => openKeystore(file, 'another password!')).toThrow(/wrong keystore password/);
    // The addresses shown in clear are bound to the ciphertext.
    const altered = { ...file, addresses: { ...file.addresses, treasury: `0x${'00'.repeat(20)}` } };
    expect(() => openKeystore(altered, 'a long enough password')).toThrow(/altered/);
  });

  it('`keystore create` writes a private file once, and loadKeys opens it with the same checks', () => {
    const out = path.join(dir, 'treasury.keystore.json');
    const made = createKeystoreFile({ ...env, TREASURY_KEYSTORE_PASSWORD: 'correct horse battery' }, out, {
      N: 2 ** 14,
    });
    expect(made.addresses.treasury).toBe(env.TREASURY_ADDRESS.toLowerCase());
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(() => createKeystoreFile({ ...env, TREASURY_KEYSTORE_PASSWORD: 'correct horse battery' }, out)).toThrow(
      /EEXIST/,
    );
    expect(() => createKeystoreFile({ ...env, TREASURY_KEYSTORE_PASSWORD: 'short' }, path.join(dir, 'x'))).toThrow(
      /at least 12/,
    );

    const fromFile = { TREASURY_KEYSTORE: out, TREASURY_KEYSTORE_PASSWORD: 'correct horse battery' };
    const keys = loadKeys({ ...fromFile, DEPOSIT_XPUB: XPUB, TREASURY_ADDRESS: env.TREASURY_ADDRESS });
    expect(keys.deposit(0).address).toBe(deriveAddress(XPUB, 0));
    expect(() => loadKeys({ ...fromFile, TREASURY_ADDRESS: env.GAS_WALLET_ADDRESS })).toThrow(/TREASURY_ADDRESS/);
    expect(() => loadKeys({ TREASURY_KEYSTORE: out })).toThrow(/TREASURY_KEYSTORE_PASSWORD/);

    const tampered = JSON.parse(readFileSync(out, 'utf8'));
    // Flip the first byte's bits: setting it to a fixed value left it unchanged one time in 256.
    const first = (parseInt(tampered.ciphertext.slice(0, 2), 16) ^ 0xff).toString(16).padStart(2, '0');
    tampered.ciphertext = `${first}${tampered.ciphertext.slice(2)}`;
    writeFileSync(path.join(dir, 'tampered.json'), JSON.stringify(tampered));
    expect(() => loadKeys({ ...fromFile, TREASURY_KEYSTORE: path.join(dir, 'tampered.json') })).toThrow(/altered/);
    expect(keysFrom(openKeystore(JSON.parse(readFileSync(out, 'utf8')), 'correct horse battery')).gas?.address).toBe(
      env.GAS_WALLET_ADDRESS.toLowerCase(),
    );
  });
});
