import { describe, expect, it } from 'vitest';
import { formatDecimal, shortHash } from './money';

describe('formatDecimal', () => {
  it('rounds any precision half away from zero and groups thousands', () => {
    expect(formatDecimal('1234.5678')).toBe('1,234.57');
    expect(formatDecimal('100.250000000000000001')).toBe('100.25');
    expect(formatDecimal('0.005')).toBe('0.01');
    expect(formatDecimal('-0.005')).toBe('-0.01');
    expect(formatDecimal('-34.5')).toBe('-34.50');
    expect(formatDecimal('999999999999999999999.999')).toBe('1,000,000,000,000,000,000,000.00');
    expect(formatDecimal('0.123456789', 4)).toBe('0.1235');
    expect(formatDecimal('7', 0)).toBe('7');
  });

  it('drops the sign of an amount that rounds to zero, and leaves text that is not a decimal alone', () => {
    expect(formatDecimal('-0.001')).toBe('0.00');
    expect(formatDecimal('1e5')).toBe('1e5');
  });
});

describe('shortHash', () => {
  it('keeps the first six and last four characters of a long value', () => {
    expect(shortHash(`0x5e${'0'.repeat(60)}5e5e`)).toBe('0x5e00…5e5e');
    expect(shortHash('0x1234')).toBe('0x1234');
  });
});
