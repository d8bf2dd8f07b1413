/**
 * Exact money (DESIGN D2). Every amount is a bigint in minor units of its asset's declared scale.
 * JSON carries amounts as canonical decimal strings ("12.5"), never as floating-point numbers.
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

const ASSET_UNITS: Record<Asset, string> = { USD: '', SVP: ' SVP tokens', COIN: ' coins' };

/** An amount as a refusal names it: "$10,000,000", "1,000,000,000,000 SVP tokens" (default: the ceiling). */
export function ceilingText(asset: Asset, minor: bigint = MAX_AMOUNT[asset]): string {
  const scale = ASSETS[asset].scale;
  const whole = minor % 10n ** BigInt(scale) === 0n;
  const text = formatAmount(minor, asset, whole ? 0 : Math.min(scale, 2));
  return asset === 'USD' ? `$${text}` : `${text}${ASSET_UNITS[asset]}`;
}

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

/** Canonical exact decimal string of a minor-unit amount: trailing zeros trimmed ("12.5", "-3", "0"). */
export function toDecimalString(minor: bigint, asset: Asset): string {
  const scale = ASSETS[asset].scale;
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const unit = 10n ** BigInt(scale);
  const whole = abs / unit;
  let fraction = scale > 0 ? (abs % unit).toString().padStart(scale, '0').replace(/0+$/, '') : '';
  fraction = fraction ? `.${fraction}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Converts a decimal string (as sent by the API) back to minor units; throws on malformed input. */
export function fromDecimalString(text: string, asset: Asset): bigint {
  const negative = text.startsWith('-');
  const value = parseAmount(negative ? text.slice(1) : text, asset);
  if (value === null) throw new Error(`Not a ${asset} amount: ${text}`);
  return negative ? -value : value;
}

/**
 * Rounds half away from zero to `decimals` places and groups thousands: formatAmount(12_345_678n, 'USD') → "12.35".
 */
export function formatAmount(minor: bigint, asset: Asset, decimals = 2): string {
  const scale = ASSETS[asset].scale;
  const negative = minor < 0n;
  let abs = negative ? -minor : minor;
  if (decimals < scale) {
    const drop = 10n ** BigInt(scale - decimals);
    abs = (abs + drop / 2n) / drop;
  } else {
    abs = abs * 10n ** BigInt(decimals - scale);
  }
  const unit = 10n ** BigInt(decimals);
  const whole = (abs / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = decimals > 0 ? `.${(abs % unit).toString().padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** "$12.35" from a USD decimal string as the API sends it. */
export function formatUsd(decimal: string, decimals = 2): string {
  const minor = fromDecimalString(decimal, 'USD');
  const text = formatAmount(minor, 'USD', decimals);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** "$5" or "$2.50": a configured dollar figure in a sentence, without needless cents. */
export const formatUsdShort = (minor: bigint): string => `$${formatAmount(minor, 'USD').replace(/\.00$/, '')}`;

/** SPEC §9: a break-investment payout is shown with 3 decimals; every other payout with 2. */
export const withdrawalPayoutText = (w: { kind: 'maturity' | 'break'; payout: string }) =>
  formatUsd(w.payout, w.kind === 'break' ? 3 : 2);

export const usd = (dollars: number | string): bigint => fromDecimalString(String(dollars), 'USD');

/** USD minor units as the API's decimal string ("12.5"); the inverse of `usd` for amounts already exact. */
export const usdText = (minor: bigint): string => toDecimalString(minor, 'USD');

/** Token base units → USD micro-units (USDT counts 1:1), flooring precision beyond a micro-dollar. */
export function tokenToMicro(amountRaw: bigint, decimals: number): bigint {
  return decimals >= 6 ? amountRaw / 10n ** BigInt(decimals - 6) : amountRaw * 10n ** BigInt(6 - decimals);
}

/** USD micro-units → token base units: what a payout of `micro` sends on chain. */
export function microToToken(micro: bigint, decimals: number): bigint {
  return decimals >= 6 ? micro * 10n ** BigInt(decimals - 6) : micro / 10n ** BigInt(6 - decimals);
}
