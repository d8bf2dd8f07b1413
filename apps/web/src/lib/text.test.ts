import { describe, expect, it } from 'vitest';
import { plural, shortHash } from './text';

describe('shortHash', () => {
  it('keeps the first six and last four characters of a long value', () => {
    expect(shortHash(`0x5e${'0'.repeat(60)}5e5e`)).toBe('0x5e00…5e5e');
    expect(shortHash('0x1234')).toBe('0x1234');
  });
});

describe('plural', () => {
  it('adds an s but for one, or takes the plural it is given', () => {
    expect(plural(1, 'approved withdrawal')).toBe('1 approved withdrawal');
    expect(plural(0, 'active plan')).toBe('0 active plans');
    expect(plural(2, 'address', 'addresses')).toBe('2 addresses');
  });
});
