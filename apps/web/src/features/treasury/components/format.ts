import { formatDecimal } from '../../../lib/money';

/** "1,234.50 USDT": what the chain holds, at any precision it reports. */
export const usdtText = (decimal: string) => `${formatDecimal(decimal)} USDT`;

/** "$1,234.50", "−$3.20": what the ledger counts, in dollars. */
export function dollarsText(decimal: string, signed = false): string {
  const text = formatDecimal(decimal);
  if (text.startsWith('-')) return `−$${text.slice(1)}`;
  return `${signed && text !== '0.00' ? '+' : ''}$${text}`;
}

/** "0.0123 BNB": gas, to four places. */
export const bnbText = (decimal: string) => `${formatDecimal(decimal, 4)} BNB`;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
