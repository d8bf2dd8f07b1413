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
