import { describe, expect, it } from 'vitest';
import { ceilingText, exceedsAmount, MAX_AMOUNT } from '../src/money.js';
import { amountField, ceilingMessage } from '../src/schemas.js';
import { adminAdjustSchema } from '../src/admin-schemas.js';
import { MAX_TOPUP, topupRequestSchema } from '../src/deposits-schemas.js';

describe('the amount ceiling (MAX_AMOUNT)', () => {
  it('names each asset’s ceiling as a person reads it', () => {
    expect(ceilingText('USD')).toBe('$10,000,000');
    expect(ceilingText('SVP')).toBe('1,000,000,000,000 SVP tokens');
    expect(ceilingText('COIN')).toBe('1,000,000,000,000 coins');
    expect(ceilingText('USD', MAX_TOPUP)).toBe('$9,999,997');
  });

  it('compares exactly, at any length, and leaves malformed text to the caller', () => {
    expect(exceedsAmount('10000000', 'USD')).toBe(false);
    expect(exceedsAmount(' 10000000.000000 ', 'USD')).toBe(false);
    expect(exceedsAmount('10000000.000001', 'USD')).toBe(true);
    expect(exceedsAmount('10000000.0000001', 'USD')).toBe(true);
    expect(exceedsAmount('0010000000', 'USD')).toBe(false);
    expect(exceedsAmount('9'.repeat(16), 'USD')).toBe(true);
    expect(exceedsAmount('9'.repeat(100_000), 'USD')).toBe(true);
    expect(exceedsAmount('0'.repeat(100) + '1', 'USD')).toBe(false);
    expect(exceedsAmount('1000000000000', 'SVP')).toBe(false);
    expect(exceedsAmount('1000000000001', 'SVP')).toBe(true);
    expect(exceedsAmount('1000000000000.01', 'COIN')).toBe(true);
    for (const text of ['', 'abc', '-99999999999999999', '1e99', '1,000,000,000,000', '.5']) {
      expect(exceedsAmount(text, 'USD')).toBe(false);
    }
    expect(MAX_AMOUNT.USD).toBe(10_000_000n * 1_000_000n);
  });

  it('is what the request schemas refuse, with the message naming it', () => {
    const usd = amountField('USD', 'Enter an amount.');
    expect(usd.safeParse('10000000').data).toBe(10_000_000_000_000n);
    expect(usd.safeParse('10000000.01').error?.issues[0]?.message).toBe(ceilingMessage('USD'));
    expect(topupRequestSchema.safeParse({ amount: '9999997.01' }).error?.issues[0]?.message).toBe(
      'Enter an amount of at most $9,999,997: with the $3 fee, one payment may be at most $10,000,000.',
    );
    const adjust = (account: string, amount: string) =>
      adminAdjustSchema.safeParse({ account, direction: 'credit', amount, reason: 'x' });
    expect(adjust('svp.wallet', '1000000000000').success).toBe(true);
    expect(adjust('svp.wallet', '1000000000001').error?.issues).toMatchObject([
      { path: ['amount'], message: ceilingMessage('SVP') },
    ]);
    // An unknown account is refused as such; its amount is not judged against some other asset's ceiling.
    expect(adjust('usd.nope', '1'.repeat(20)).error?.issues).toMatchObject([{ path: ['account'] }]);
  });
});
