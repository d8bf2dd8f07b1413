import { ASSETS, fromDecimalString, MAX_AMOUNT, type Asset } from './money-amounts.js';

/**
 * Every text made from an amount, server and web alike (DESIGN D2: amounts are exact integers, never floats).
 * Pick by who reads the text:
 *
 * A program (JSON, CSV, logs, a chain transaction): exact, never rounded, no grouping.
 *   toDecimalString(minor, asset)  "1234.5"   any asset's minor units
 *   usdText(micro)                 "1234.5"   USD micro-units: what the API sends for a dollar amount
 *   unitsText(raw, decimals)       "0.0002"   a chain token's base units (USDT at its decimals, BNB at 18)
 *
 * A person: rounded half away from zero, thousands grouped.
 *   formatUsd(decimal)             "$1,234.50", "-$3.20"  a dollar decimal as the API sends it
 *   formatUsdMicro(micro)          "$1,234.50"            the same from micro-units
 *   formatUsdShort(micro)          "$5", "$2.50"          a configured figure in a sentence
 *   formatUsdFigure(decimal)       "−$3.20", "+$1.00"     a treasury figure (any precision, typographic minus)
 *   withdrawalPayoutText(w)        "$12.345"              a payout: 3 places for a broken plan, else 2
 *   formatUsdt(decimal)            "1,234.50 USDT"        what the chain holds, at any precision
 *   formatBnb(decimal)             "0.0123 BNB"           gas
 *   formatSvp(tokens)              "200,000 SVP"          SVP tokens
 *   ceilingText(asset)             "$10,000,000"          the ceiling (or another limit) in a refusal
 *   formatAmount(minor, asset)     "1,234.50"             the bare number, where a message adds its own unit
 *   formatAmountExact(minor, asset) "10,000,000.5"        the bare number grouped but not rounded
 *   formatDecimal(decimal)         "1,234.57"             the bare number from a decimal of any precision
 */

/** "1234567" → "1,234,567" (a leading "-" is left alone). */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Base units as an exact decimal: unitsText(2n, 4) → "0.0002", unitsText(-125n, 1) → "-12.5". */
export function unitsText(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const abs = negative ? -raw : raw;
  const unit = 10n ** BigInt(decimals);
  const fraction = decimals > 0 ? (abs % unit).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${abs / unit}${fraction ? `.${fraction}` : ''}`;
}

/** Canonical exact decimal string of a minor-unit amount: trailing zeros trimmed ("12.5", "-3", "0"). */
export const toDecimalString = (minor: bigint, asset: Asset): string => unitsText(minor, ASSETS[asset].scale);

/** USD micro-units as the API's decimal string ("12.5"); the inverse of `usd` for amounts already exact. */
export const usdText = (micro: bigint): string => toDecimalString(micro, 'USD');

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
  const fraction = decimals > 0 ? `.${(abs % unit).toString().padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${groupThousands((abs / unit).toString())}${fraction}`;
}

/** Every digit, grouped: "999,999,999,999,999" or "10,000,000.5", for an amount of any size an admin must read whole. */
export function formatAmountExact(minor: bigint, asset: Asset): string {
  const [whole, fraction] = toDecimalString(minor, asset).split('.');
  return `${groupThousands(whole!)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * A decimal string of any precision (chain amounts carry 18 decimals) with `decimals` places, rounded half away
 * from zero and grouped: formatDecimal("1234.5678", 2) → "1,234.57". Text that is not a decimal is returned as
 * it came, so a surprising value shows rather than crashing the screen.
 */
export function formatDecimal(decimal: string, decimals = 2): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return decimal;
  const [, sign, whole = '0', fraction = ''] = match;
  const unit = 10n ** BigInt(decimals);
  let scaled = BigInt(whole) * unit + BigInt(fraction.slice(0, decimals).padEnd(decimals, '0') || '0');
  if ((fraction[decimals] ?? '0') >= '5') scaled += 1n;
  const rest = decimals > 0 ? `.${(scaled % unit).toString().padStart(decimals, '0')}` : '';
  return `${sign && scaled !== 0n ? '-' : ''}${groupThousands((scaled / unit).toString())}${rest}`;
}

/** "$12.35", "-$3.20" from USD micro-units. */
export function formatUsdMicro(micro: bigint, decimals = 2): string {
  const text = formatAmount(micro, 'USD', decimals);
  return text.startsWith('-') ? `-$${text.slice(1)}` : `$${text}`;
}

/** "$12.35", "-$3.20" from a USD decimal string as the API sends it; throws on one that is not a USD amount. */
export const formatUsd = (decimal: string, decimals = 2): string =>
  formatUsdMicro(fromDecimalString(decimal, 'USD'), decimals);

/** "$5" or "$2.50": a configured dollar figure in a sentence, without needless cents. */
export const formatUsdShort = (micro: bigint): string => `$${formatAmount(micro, 'USD').replace(/\.00$/, '')}`;

/**
 * A treasury figure: "$1,234.50", "−$3.20" with a typographic minus, and "+$1.00" when `signed` (a difference).
 * Lenient like formatDecimal, since the treasury compares ledger figures with chain ones of any precision.
 */
export function formatUsdFigure(decimal: string, { signed = false } = {}): string {
  const text = formatDecimal(decimal);
  if (text.startsWith('-')) return `−$${text.slice(1)}`;
  return `${signed && text !== '0.00' ? '+' : ''}$${text}`;
}

/** SPEC §9: a break-investment payout is shown with 3 decimals; every other payout with 2. */
export const withdrawalPayoutText = (w: { kind: 'maturity' | 'break'; payout: string }) =>
  formatUsd(w.payout, w.kind === 'break' ? 3 : 2);

/** "1,234.50 USDT": what the chain holds, at any precision it reports. */
export const formatUsdt = (decimal: string) => `${formatDecimal(decimal)} USDT`;

/** "0.0123 BNB": gas, to four places. */
export const formatBnb = (decimal: string) => `${formatDecimal(decimal, 4)} BNB`;

/** "200,000 SVP": whole tokens. */
export const formatSvp = (tokens: bigint) => `${formatAmount(tokens, 'SVP', 0)} SVP`;

const ASSET_UNITS: Record<Asset, string> = { USD: '', SVP: ' SVP tokens', COIN: ' coins' };

/** An amount as a refusal names it: "$10,000,000", "1,000,000,000,000 SVP tokens" (default: the ceiling). */
export function ceilingText(asset: Asset, minor: bigint = MAX_AMOUNT[asset]): string {
  const scale = ASSETS[asset].scale;
  const whole = minor % 10n ** BigInt(scale) === 0n;
  const text = formatAmount(minor, asset, whole ? 0 : Math.min(scale, 2));
  return asset === 'USD' ? `$${text}` : `${text}${ASSET_UNITS[asset]}`;
}
