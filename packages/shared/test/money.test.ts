import { describe, expect, it } from 'vitest';
import { formatAmount, formatUsd, fromDecimalString, parseAmount, toDecimalString } from '../src/money.js';

describe('money', () => {
  it('parses user-typed USD with at most 2 decimals into micro-dollars', () => {
    expect(parseAmount('12.34', 'USD', 2)).toBe(12_340_000n);
    expect(parseAmount(' 10 ', 'USD', 2)).toBe(10_000_000n);
    expect(parseAmount('0.5', 'USD', 2)).toBe(500_000n);
    expect(parseAmount('1.234', 'USD', 2)).toBeNull();
    expect(parseAmount('-1', 'USD', 2)).toBeNull();
    expect(parseAmount('1e3', 'USD', 2)).toBeNull();
    expect(parseAmount('', 'USD', 2)).toBeNull();
    expect(parseAmount('abc', 'USD', 2)).toBeNull();
    expect(parseAmount('9999999999999999', 'USD', 2)).toBeNull();
  });

  it('parses coins in quarters and whole SVP tokens', () => {
    expect(parseAmount('0.25', 'COIN')).toBe(25n);
    expect(parseAmount('1.5', 'SVP')).toBeNull();
    expect(parseAmount('100000', 'SVP')).toBe(100_000n);
  });

  it('round-trips canonical decimal strings exactly', () => {
    for (const text of ['0', '12.5', '0.000001', '123456789.123456', '-3.25']) {
      expect(toDecimalString(fromDecimalString(text, 'USD'), 'USD')).toBe(text);
    }
    expect(toDecimalString(2_600_000n, 'USD')).toBe('2.6');
  });

  it('formats with half-away-from-zero rounding and thousands separators', () => {
    expect(formatAmount(12_345_678n, 'USD')).toBe('12.35');
    expect(formatAmount(1_234_567_000_000n, 'USD')).toBe('1,234,567.00');
    expect(formatAmount(1_405_000n, 'USD', 3)).toBe('1.405');
    expect(formatAmount(-2_600_000n, 'USD')).toBe('-2.60');
    expect(formatUsd('22.5')).toBe('$22.50');
    expect(formatUsd('-1')).toBe('-$1.00');
  });
});
