import { formatUsd, toDecimalString } from '@svp/shared';

/** "$12.35" from USD micro-units (DESIGN D2: exact integers, formatted by the shared helpers). */
export const usdFromMinor = (minor: bigint, decimals = 2) => formatUsd(toDecimalString(minor, 'USD'), decimals);

/** A date and time in the reader's locale, or "—" for a missing or malformed timestamp. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
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
  const grouped = (scaled / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = decimals > 0 ? `.${(scaled % unit).toString().padStart(decimals, '0')}` : '';
  return `${sign && scaled !== 0n ? '-' : ''}${grouped}${rest}`;
}

/** "0x5e5e…5e5e": a transaction hash or address short enough for a table cell (the full one goes beside it). */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}
