import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { keccak256, toHex, getAddress } from 'viem';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { appSettings } from '../../db/schema.js';

const DEV_XPUB_KEY = 'dev_deposit_xpub';

/**
 * Address i under an account-level xpub (the key at m/44'/60'/0'/0): child i, public derivation only.
 * The server never holds a private key (DESIGN D8).
 */
export function deriveAddress(xpub: string, index: number): string {
  const child = HDKey.fromExtendedKey(xpub).deriveChild(index);
  if (!child.publicKey) throw new Error('xpub derivation produced no public key');
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
  const hash = keccak256(toHex(uncompressed.slice(1)));
  return getAddress(`0x${hash.slice(-40)}`).toLowerCase();
}

/**
 * DEPOSIT_XPUB when configured; otherwise a development xpub generated once and stored. Its private
 * half is thrown away at once: money sent to development addresses cannot be moved, so it must never
 * be used for real funds (the log says so at start).
 */
export async function resolveDepositXpub(
  db: Db,
  clock: Clock,
  configured: string | undefined,
  warn: (msg: string) => void,
): Promise<string> {
  if (configured) {
    deriveAddress(configured, 0); // fail at start on a malformed xpub, not at the first top-up
    return configured;
  }
  const [stored] = await db.select().from(appSettings).where(eq(appSettings.key, DEV_XPUB_KEY));
  if (stored) {
    warn('DEPOSIT_XPUB is not set: using the stored development xpub. Never send real funds to these addresses.');
    return stored.value;
  }
  const account = HDKey.fromMasterSeed(randomBytes(32)).derive("m/44'/60'/0'/0");
  const xpub = account.publicExtendedKey;
  await db.insert(appSettings).values({ key: DEV_XPUB_KEY, value: xpub, updatedAt: clock.now() }).onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, DEV_XPUB_KEY));
  warn('DEPOSIT_XPUB is not set: generated a development xpub. Never send real funds to these addresses.');
  return row!.value;
}
