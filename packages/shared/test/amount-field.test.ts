import { describe, expect, it } from 'vitest';
import { MSG } from '../src/messages.js';
import { amountField, amountOrNullField, ceilingMessage } from '../src/schemas.js';

const INVALID = 'Please enter a valid amount.';
const issue = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('amount fields: typed text parsed once, at the edge, into minor units', () => {
  it('yields a bigint in the asset’s minor units', () => {
    expect(amountField('USD', INVALID).parse('12.5')).toBe(12_500_000n);
    expect(amountField('USD', INVALID).parse(' 0.01 ')).toBe(10_000n);
    expect(amountField('SVP', INVALID).parse('100000')).toBe(100_000n);
    expect(amountField('USD', INVALID, { decimals: 6, precisionMessage: false }).parse('1.000001')).toBe(1_000_001n);
  });

  it('refuses in the spec’s order: ceiling, precision, then anything that is not a positive amount', () => {
    const usd = amountField('USD', INVALID);
    expect(issue(usd.safeParse('10000000.001'))).toBe(ceilingMessage('USD'));
    expect(issue(usd.safeParse('9'.repeat(50)))).toBe(ceilingMessage('USD'));
    expect(issue(usd.safeParse('1.234'))).toBe(MSG.common.amountDecimals);
    expect(issue(amountField('SVP', INVALID).safeParse('1.5'))).toBe(MSG.common.tokensWhole);
    for (const text of ['', '   ', '0', '0.00', '-5', 'abc', '1e3', '1,000', '.5']) {
      expect(issue(usd.safeParse(text)), text).toBe(INVALID);
    }
    expect(issue(usd.safeParse(undefined))).toBe(INVALID);
    expect(issue(usd.safeParse(12))).toBe(INVALID);
    expect(issue(usd.safeParse('9'.repeat(100)))).toBe(ceilingMessage('USD'));
    expect(issue(usd.safeParse('x'.repeat(100)))).toBe(INVALID);
    const capped = amountField('USD', INVALID, { above: { limit: 5_000_000n, message: 'At most $5.' } });
    expect(issue(capped.safeParse('5.01'))).toBe('At most $5.');
    expect(capped.parse('5')).toBe(5_000_000n);
  });

  it('leaves “not an amount” to the service where the spec names something else first', () => {
    const field = amountOrNullField('USD');
    expect(field.parse('')).toBeNull();
    expect(field.parse('abc')).toBeNull();
    expect(field.parse('0')).toBeNull();
    expect(field.parse('10')).toBe(10_000_000n);
    expect(issue(field.safeParse('1.234'))).toBe(MSG.common.amountDecimals);
    expect(issue(field.safeParse('10000000.01'))).toBe(ceilingMessage('USD'));
  });
});
