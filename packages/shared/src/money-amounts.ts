/**
 * Exact money (DESIGN D2). Every amount is a bigint in minor units of its asset's declared scale.
 * JSON carries amounts as canonical decimal strings ("12.5"), never as floating-point numbers.
 * This file holds the amounts themselves (scales, ceilings, parsing, conversions); money-format.ts turns them into text.
 */
export const ASSETS = {
  USD: { scale: 6 },
  SVP: { scale: 0 },
  COIN: { scale: 2 },
} as const;

export type Asset = keyof typeof ASSETS;

/**
 * The ceiling (DESIGN D2): the largest amount of each asset that one operation may carry, whatever its
 * source (a transfer seen on chain, an API request, an admin adjustment). This is the only copy: every check
 * compares with it, and every refusal names it (`ceilingText`). $10,000,000 is far above any real payment and
 * leaves bigint columns (9.2 × 10^18 minor units) room for about 900,000 such amounts in one account. SVP's is
 * the same $10,000,000 at 100,000 tokens per dollar; COIN's is 10^12 coins.
 */
export const MAX_AMOUNT: Readonly<Record<Asset, bigint>> = {
  USD: 10_000_000n * 10n ** 6n,
  SVP: 1_000_000_000_000n,
  COIN: 1_000_000_000_000n * 10n ** 2n,
};

/**
 * Whether `text` is a plain decimal ("12", "12.5") worth more than `limit` (default: the asset's ceiling).
 * Any number of digits counts, so "99999999999999999999" is above it rather than merely malformed; text that
 * is not a plain decimal is not (the caller refuses it with its own message).
 */
export function exceedsAmount(text: string, asset: Asset, limit: bigint = MAX_AMOUNT[asset]): boolean {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return false;
  const [, whole, fraction = ''] = match;
  if (whole!.replace(/^0+/, '').length > 40) return true; // no ceiling has 40 digits; spares BigInt a huge text
  const scale = ASSETS[asset].scale;
  const digits = Math.max(fraction.length, scale);
  return BigInt(whole! + fraction.padEnd(digits, '0')) > limit * 10n ** BigInt(digits - scale);
}

/** Decimal string with an optional fraction: "12", "12.5", "0.25". No sign, no exponent. */
const DECIMAL = /^(\d{1,15})(?:\.(\d+))?$/;

/**
 * Parses a user-typed decimal into minor units. Returns null for anything that is not a plain
 * non-negative decimal with at most `maxDecimals` fraction digits (so "1e3", "-1", "1.234" for USD fail).
 */
export function parseAmount(text: string, asset: Asset, maxDecimals: number = ASSETS[asset].scale): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > maxDecimals) return null;
  const scale = ASSETS[asset].scale;
  return BigInt(whole!) * 10n ** BigInt(scale) + BigInt(fraction.padEnd(scale, '0') || '0');
}

/** Converts a decimal string (as sent by the API) back to minor units; throws on malformed input. */
export function fromDecimalString(text: string, asset: Asset): bigint {
  const negative = text.startsWith('-');
  const value = parseAmount(negative ? text.slice(1) : text, asset);
  if (value === null) throw new Error(`Not a ${asset} amount: ${text}`);
  return negative ? -value : value;
}

/** Micro-dollars from an exact figure: usd(5) or usd('2.5'), for constants and tests (never a computed float). */
export const usd = (dollars: number | string): bigint => fromDecimalString(String(dollars), 'USD');

/** Token base units → USD micro-units (USDT counts 1:1), flooring precision beyond a micro-dollar. */
export function tokenToMicro(amountRaw: bigint, decimals: number): bigint {
  return decimals >= 6 ? amountRaw / 10n ** BigInt(decimals - 6) : amountRaw * 10n ** BigInt(6 - decimals);
}

/** USD micro-units → token base units: what a payout of `micro` sends on chain. */
export function microToToken(micro: bigint, decimals: number): bigint {
  return decimals >= 6 ? micro * 10n ** BigInt(decimals - 6) : micro / 10n ** BigInt(6 - decimals);
}
