/**
 * The operator's keys (DESIGN D16): only the treasury CLI loads this file (eslint forbids it anywhere else under
 * src/), so the web server can never hold a key. From the environment, or from an encrypted keystore file.
 */
import { createCipheriv, createDecipheriv, createHash, pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { HDKey } from '@scure/bip32';
import { bytesToHex } from 'viem';
import { english, privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import type { TreasuryKeys, TreasurySigner } from './types.js';

/** A signer that can sign: bsc-chain.ts signs with its viem local account. */
export interface LocalSigner extends TreasurySigner {
  account: LocalAccount;
}

export interface OperatorKeys extends TreasuryKeys {
  treasury: LocalSigner;
  gas: LocalSigner | null;
  deposit(derivationIndex: number): LocalSigner;
  /** The deposit mnemonic's account xpub (m/44'/60'/0'/0), null without one. */
  depositXpub: string | null;
}

export interface TreasurySecrets {
  treasuryPrivateKey: string;
  gasPrivateKey: string | null;
  depositMnemonic: string | null;
}

export class KeyError extends Error {}

const DEPOSIT_ACCOUNT_PATH = "m/44'/60'/0'/0";
const wordIndex = new Map(english.map((w, i) => [w, i]));

/** BIP-39: known words, a valid count, and the checksum (a typo must not silently derive other addresses). */
function validMnemonic(words: string[]): boolean {
  if (![12, 15, 18, 21, 24].includes(words.length)) return false;
  const indexes = words.map((w) => wordIndex.get(w));
  if (indexes.some((i) => i === undefined)) return false;
  const bits = indexes.map((i) => i!.toString(2).padStart(11, '0')).join('');
  const checksumBits = words.length / 3;
  const entropy = Buffer.from(
    bits
      .slice(0, -checksumBits)
      .match(/.{8}/g)!
      .map((b) => parseInt(b, 2)),
  );
  const hash = createHash('sha256').update(entropy).digest();
  const expected = [...hash].map((b) => b.toString(2).padStart(8, '0')).join('');
  return expected.slice(0, checksumBits) === bits.slice(-checksumBits);
}

function signerOf(privateKey: string, name: string): LocalSigner {
  const hex = privateKey.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new KeyError(`${name} must be a private key of 64 hex digits`);
  const account = privateKeyToAccount(`0x${hex}`);
  return { address: account.address.toLowerCase(), account };
}

function checkAddress(signer: LocalSigner, expected: string | undefined, keyName: string, addressName: string) {
  if (expected && signer.address !== expected.trim().toLowerCase()) {
    throw new KeyError(
      `${keyName} is the key of ${signer.address}, not of ${addressName}=${expected}: refusing to run`,
    );
  }
}

/** The signers the secrets stand for, checked against the addresses and xpub the server is configured with. */
export function keysFrom(secrets: TreasurySecrets, env: NodeJS.ProcessEnv = {}): OperatorKeys {
  const treasury = signerOf(secrets.treasuryPrivateKey, 'TREASURY_PRIVATE_KEY');
  checkAddress(treasury, env.TREASURY_ADDRESS, 'TREASURY_PRIVATE_KEY', 'TREASURY_ADDRESS');
  const gas = secrets.gasPrivateKey ? signerOf(secrets.gasPrivateKey, 'GAS_PRIVATE_KEY') : null;
  if (gas) checkAddress(gas, env.GAS_WALLET_ADDRESS, 'GAS_PRIVATE_KEY', 'GAS_WALLET_ADDRESS');

  let account: HDKey | null = null;
  if (secrets.depositMnemonic) {
    const words = secrets.depositMnemonic.normalize('NFKD').trim().toLowerCase().split(/\s+/);
    if (!validMnemonic(words)) throw new KeyError('DEPOSIT_MNEMONIC is not a valid BIP-39 English mnemonic');
    const seed = pbkdf2Sync(words.join(' '), 'mnemonic', 2048, 64, 'sha512');
    account = HDKey.fromMasterSeed(seed).derive(DEPOSIT_ACCOUNT_PATH);
    if (env.DEPOSIT_XPUB && account.publicExtendedKey !== env.DEPOSIT_XPUB.trim()) {
      throw new KeyError(
        "DEPOSIT_MNEMONIC does not derive DEPOSIT_XPUB (m/44'/60'/0'/0): it is not the deposit addresses' mnemonic",
      );
    }
  }
  const deposits = new Map<number, LocalSigner>();
  return {
    treasury,
    gas,
    depositXpub: account?.publicExtendedKey ?? null,
    deposit(index) {
      if (!account) throw new KeyError('DEPOSIT_MNEMONIC is not loaded: sweeping needs the deposit keys');
      let signer = deposits.get(index);
      if (!signer) {
        const child = account.deriveChild(index);
        if (!child.privateKey) throw new KeyError(`no private key at deposit index ${index}`);
        const derived = privateKeyToAccount(bytesToHex(child.privateKey));
        signer = { address: derived.address.toLowerCase(), account: derived };
        deposits.set(index, signer);
      }
      return signer;
    },
  };
}

function secretsFromEnv(env: NodeJS.ProcessEnv): TreasurySecrets {
  if (!env.TREASURY_PRIVATE_KEY) {
    throw new KeyError('Set TREASURY_PRIVATE_KEY (and GAS_PRIVATE_KEY, DEPOSIT_MNEMONIC), or TREASURY_KEYSTORE');
  }
  return {
    treasuryPrivateKey: env.TREASURY_PRIVATE_KEY,
    gasPrivateKey: env.GAS_PRIVATE_KEY || null,
    depositMnemonic: env.DEPOSIT_MNEMONIC || null,
  };
}

/** TREASURY_KEYSTORE (with TREASURY_KEYSTORE_PASSWORD) when set, else the keys in the environment. */
export function loadKeys(env: NodeJS.ProcessEnv = process.env): OperatorKeys {
  if (!env.TREASURY_KEYSTORE) return keysFrom(secretsFromEnv(env), env);
  if (!env.TREASURY_KEYSTORE_PASSWORD) throw new KeyError('TREASURY_KEYSTORE needs TREASURY_KEYSTORE_PASSWORD');
  const file = JSON.parse(readFileSync(env.TREASURY_KEYSTORE, 'utf8')) as KeystoreFile;
  return keysFrom(openKeystore(file, env.TREASURY_KEYSTORE_PASSWORD), env);
}

// ---- Keystore: scrypt derives a key from the password, AES-256-GCM seals the three secrets ----

export interface KeystoreFile {
  format: 'svp-treasury-keystore';
  version: 1;
  /** In clear for the operator to check, and bound to the ciphertext (GCM additional data). */
  addresses: { treasury: string; gas: string | null };
  depositXpub: string | null;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  cipher: { name: 'aes-256-gcm'; iv: string; tag: string };
  ciphertext: string;
}

const scryptKey = (password: string, kdf: KeystoreFile['kdf']) =>
  scryptSync(password.normalize('NFKC'), Buffer.from(kdf.salt, 'hex'), 32, {
    N: kdf.N,
    r: kdf.r,
    p: kdf.p,
    maxmem: 256 * kdf.N * kdf.r + 1024 * 1024,
  });

const headerOf = (file: Omit<KeystoreFile, 'cipher' | 'ciphertext'>) =>
  Buffer.from(JSON.stringify([file.format, file.version, file.addresses, file.depositXpub, file.kdf]));

/** Seals the secrets with the password. N is scrypt's cost (2^17 by default: about 0.3 s and 128 MiB). */
export function sealKeystore(secrets: TreasurySecrets, password: string, options: { N?: number } = {}): KeystoreFile {
  const keys = keysFrom(secrets);
  const head: Omit<KeystoreFile, 'cipher' | 'ciphertext'> = {
    format: 'svp-treasury-keystore',
    version: 1,
    addresses: { treasury: keys.treasury.address, gas: keys.gas?.address ?? null },
    depositXpub: keys.depositXpub,
    kdf: { name: 'scrypt', N: options.N ?? 2 ** 17, r: 8, p: 1, salt: randomBytes(32).toString('hex') },
  };
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', scryptKey(password, head.kdf), iv);
  cipher.setAAD(headerOf(head));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return {
    ...head,
    cipher: { name: 'aes-256-gcm', iv: iv.toString('hex'), tag: cipher.getAuthTag().toString('hex') },
    ciphertext: ciphertext.toString('hex'),
  };
}

export function openKeystore(file: KeystoreFile, password: string): TreasurySecrets {
  if (file.format !== 'svp-treasury-keystore' || file.version !== 1) throw new KeyError('not a treasury keystore');
  const { N, r, p } = file.kdf;
  const sane = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!sane(N, 2 ** 20) || (N & (N - 1)) !== 0 || !sane(r, 32) || !sane(p, 16)) {
    throw new KeyError('the keystore has unusable scrypt parameters');
  }
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', scryptKey(password, file.kdf), Buffer.from(file.cipher.iv, 'hex'));
    decipher.setAAD(headerOf(file));
    decipher.setAuthTag(Buffer.from(file.cipher.tag, 'hex'));
    plain = Buffer.concat([decipher.update(Buffer.from(file.ciphertext, 'hex')), decipher.final()]).toString('utf8');
  } catch {
    throw new KeyError('wrong keystore password, or the file was altered');
  }
  return JSON.parse(plain) as TreasurySecrets;
}

/**
 * `keystore create`: seals the keys in the environment into a new file (never over an existing one), after the
 * same checks as a run, so a keystore always holds keys that match the configured addresses and xpub.
 */
export function createKeystoreFile(env: NodeJS.ProcessEnv, outPath: string, options: { N?: number } = {}) {
  const password = env.TREASURY_KEYSTORE_PASSWORD ?? '';
  if (password.length < 12) throw new KeyError('TREASURY_KEYSTORE_PASSWORD must be at least 12 characters');
  const secrets = secretsFromEnv(env);
  keysFrom(secrets, env);
  const file = sealKeystore(secrets, password, options);
  writeFileSync(outPath, `${JSON.stringify(file, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  return { addresses: file.addresses, depositXpub: file.depositXpub };
}
