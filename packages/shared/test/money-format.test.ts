import { describe, expect, it } from 'vitest';
import {
  ceilingText,
  formatAmount,
  formatAmountExact,
  formatBnb,
  formatDecimal,
  formatSvp,
  formatUsd,
  formatUsdFigure,
  formatUsdMicro,
  formatUsdShort,
  formatUsdt,
  fromDecimalString,
  toDecimalString,
  unitsText,
  usdText,
  withdrawalPayoutText,
} from '../src/money.js';

describe('exact text, for a program', () => {
  it('writes base units at any number of decimals without rounding', () => {
    expect(unitsText(2n, 4)).toBe('0.0002');
    expect(unitsText(-125n, 1)).toBe('-12.5');
    expect(unitsText(10n ** 18n + 1n, 18)).toBe('1.000000000000000001');
    expect(unitsText(1_500n, 0)).toBe('1500');
    expect(unitsText(0n, 18)).toBe('0');
  });

  it('writes USD micro-units as the API decimal, the same as toDecimalString', () => {
    expect(usdText(12_500_000n)).toBe('12.5');
    expect(usdText(1n)).toBe('0.000001');
    expect(usdText(-3_000_000n)).toBe('-3');
    expect(toDecimalString(250n, 'COIN')).toBe('2.5');
  });
});

describe('text for a person', () => {
  it('formats dollars from a decimal and from micro-units alike', () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsdMicro(1_234_500_000n)).toBe('$1,234.50');
    expect(formatUsd('-3.2')).toBe('-$3.20');
    expect(formatUsdMicro(-3_200_000n)).toBe('-$3.20');
    expect(formatUsd('0.12345', 4)).toBe('$0.1235');
    expect(() => formatUsd('12.3.4')).toThrow();
  });

  it('drops needless cents only in the short form', () => {
    expect(formatUsdShort(5_000_000n)).toBe('$5');
    expect(formatUsdShort(2_500_000n)).toBe('$2.50');
    expect(formatUsdShort(1_000_000_000_000n)).toBe('$1,000,000');
  });

  it('shows a treasury figure with a typographic minus, and a plus only on a signed non-zero one', () => {
    expect(formatUsdFigure('-3.2')).toBe('−$3.20');
    expect(formatUsdFigure('1')).toBe('$1.00');
    expect(formatUsdFigure('1', { signed: true })).toBe('+$1.00');
    expect(formatUsdFigure('0.001', { signed: true })).toBe('$0.00');
    expect(formatUsdFigure('100.250000000000000001')).toBe('$100.25');
  });

  it('gives a broken plan payout three places and a matured one two', () => {
    expect(withdrawalPayoutText({ kind: 'break', payout: '12.3456' })).toBe('$12.346');
    expect(withdrawalPayoutText({ kind: 'maturity', payout: '12.3456' })).toBe('$12.35');
  });

  it('names the unit of chain amounts and tokens', () => {
    expect(formatUsdt('1234.5')).toBe('1,234.50 USDT');
    expect(formatUsdt('0.000000000000000001')).toBe('0.00 USDT');
    expect(formatBnb('0.012345')).toBe('0.0123 BNB');
    expect(formatSvp(200_000n)).toBe('200,000 SVP');
  });

  it('names a ceiling whole, or to the cent when it has cents', () => {
    expect(ceilingText('USD')).toBe('$10,000,000');
    expect(ceilingText('USD', 2_500_000n)).toBe('$2.50');
    expect(ceilingText('SVP')).toBe('1,000,000,000,000 SVP tokens');
    expect(ceilingText('COIN', 25n)).toBe('0.25 coins');
  });
});

describe('bare numbers', () => {
  it('groups every digit of an exact amount without rounding it', () => {
    expect(formatAmountExact(999_999_999_999_999n * 10n ** 6n, 'USD')).toBe('999,999,999,999,999');
    expect(formatAmountExact(10_000_000_500_000n, 'USD')).toBe('10,000,000.5');
    expect(formatAmountExact(0n, 'USD')).toBe('0');
    expect(formatAmountExact(-1_234_000_000n, 'USD')).toBe('-1,234');
  });

  it('rounds a decimal of any precision half away from zero and groups thousands', () => {
    expect(formatDecimal('1234.5678')).toBe('1,234.57');
    expect(formatDecimal('100.250000000000000001')).toBe('100.25');
    expect(formatDecimal('0.005')).toBe('0.01');
    expect(formatDecimal('-0.005')).toBe('-0.01');
    expect(formatDecimal('-34.5')).toBe('-34.50');
    expect(formatDecimal('999999999999999999999.999')).toBe('1,000,000,000,000,000,000,000.00');
    expect(formatDecimal('0.123456789', 4)).toBe('0.1235');
    expect(formatDecimal('7', 0)).toBe('7');
  });

  it('drops the sign of a decimal that rounds to zero, and leaves text that is not a decimal alone', () => {
    expect(formatDecimal('-0.001')).toBe('0.00');
    expect(formatDecimal('1e5')).toBe('1e5');
  });

  it('gives the same text from a decimal as from its minor units, so either input may be used', () => {
    for (const text of ['0', '0.004999', '0.005', '12.345', '1234567.891011', '999999999999999.999999']) {
      for (const places of [0, 2, 3]) {
        expect(formatDecimal(text, places)).toBe(formatAmount(fromDecimalString(text, 'USD'), 'USD', places));
      }
    }
  });
});
