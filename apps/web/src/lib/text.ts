import { currentLanguage } from '../shared/language/i18n';

// Display text that is not money: dates, hashes, counts, in the language picked (DESIGN D19). Money text is
// @svp/shared's money-format.ts: exact strings, the same in every language.

/** A date and time in the reader's language, or "—" for a missing or malformed timestamp. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(currentLanguage(), {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** A date alone ("March 5, 2026"), or "—" for a missing or malformed one. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString(currentLanguage(), { year: 'numeric', month: 'long', day: 'numeric' });
}

/** "0x5e5e…5e5e": a transaction hash or address short enough for a table cell (the full one goes beside it). */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash;
}

/** A count (taps, users) with the reader's language's digit grouping: "12,500", "12 500", "12.500". */
export function formatCount(n: number): string {
  return n.toLocaleString(currentLanguage());
}

/** English only: "1 approved withdrawal", "3 approved withdrawals". Translated texts use Lingui's plural instead. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
