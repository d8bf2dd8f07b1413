import { describe, expect, it } from 'vitest';
import { usd } from '../src/money.js';
import {
  breakPayout,
  withdrawableNow,
  daysRemaining,
  expectedWithdrawal,
  findPlan,
  maturityPayout,
  PLANS,
  topupCredit,
  withdrawalDueDate,
} from '../src/plans.js';

describe('expected withdrawal (DESIGN D4)', () => {
  it.each([
    ['standard', '10', '22.5'],
    ['silver', '20', '45'],
    ['gold', '50', '90'],
    ['platinum', '100', '180'],
    ['standard', '200', '450'],
    ['gold', '75', '135'],
    ['platinum', '150.55', '270.99'],
  ])('%s plan: $%s for 45 days pays back $%s', (code, amount, expected) => {
    expect(expectedWithdrawal(usd(amount), findPlan(code)!, 45)).toBe(usd(expected));
  });

  it('has the four plans of SPEC §3 with their powers and minimums', () => {
    expect(PLANS.map((p) => [p.name, p.type, p.dailyTask, p.minAmount])).toEqual([
      ['Standard', 'Basic', 1, usd(10)],
      ['Silver', 'Premium', 2, usd(20)],
      ['Gold', 'Elite', 3, usd(50)],
      ['Platinum', 'Master', 4, usd(100)],
    ]);
  });
});

describe('withdrawal payouts (SPEC §9)', () => {
  it('pays expected + earnings − 2.6 and splits the fees 1 / 1 / 0.6', () => {
    expect(maturityPayout(usd('22.5'), usd(5))).toEqual({
      gross: usd('27.5'),
      fees: { handling: usd(1), crypto: usd(1), charity: usd('0.6') },
      payout: usd('24.9'),
    });
  });

  it('floors the payout at 0 and takes only what there is in fees', () => {
    expect(maturityPayout(usd(0), usd('1.5'))).toEqual({
      gross: usd('1.5'),
      fees: { handling: usd(1), crypto: usd('0.5'), charity: 0n },
      payout: 0n,
    });
  });

  it('pays 40% of the invested amount − 2.6 when breaking', () => {
    expect(breakPayout(usd(10)).payout).toBe(usd('1.4'));
    expect(breakPayout(usd(100)).payout).toBe(usd('37.4'));
    expect(breakPayout(usd('33.33')).payout).toBe(usd('10.732'));
  });
});

describe('top-up credit', () => {
  it('credits received − $3, floored at 0', () => {
    expect(topupCredit(usd(103))).toEqual({ fee: usd(3), credit: usd(100) });
    expect(topupCredit(usd(2))).toEqual({ fee: usd(2), credit: 0n });
  });
});

describe('dates', () => {
  it('counts days remaining as a ceiling', () => {
    const end = new Date('2026-04-16T09:00:00Z');
    expect(daysRemaining(end, new Date('2026-04-15T09:00:01Z'))).toBe(1);
    expect(daysRemaining(end, new Date('2026-04-16T09:00:00Z'))).toBe(0);
    expect(daysRemaining(end, new Date('2026-04-20T00:00:00Z'))).toBeLessThan(0);
  });

  it('promises 48 business hours, skipping Sundays', () => {
    // Monday 09:00 → Wednesday 09:00.
    expect(withdrawalDueDate(new Date('2026-03-02T09:00:00Z')).toISOString()).toBe('2026-03-04T09:00:00.000Z');
    // Friday 09:00 → Friday 24 h → Saturday 24 h ends Sunday 09:00 → Sunday skipped → Monday 09:00.
    expect(withdrawalDueDate(new Date('2026-03-06T09:00:00Z')).toISOString()).toBe('2026-03-09T09:00:00.000Z');
    // Sunday 12:00 → counting starts Monday 00:00 → Wednesday 00:00.
    expect(withdrawalDueDate(new Date('2026-03-08T12:00:00Z')).toISOString()).toBe('2026-03-11T00:00:00.000Z');
  });
});

describe('withdrawableNow', () => {
  const end = new Date('2026-04-16T09:00:00Z');
  const plan = { expectedWithdrawal: 22_500_000n, earnings: 5_000_000n, endsAt: end };
  it('is nothing before maturity, without enough earnings, or without a plan', () => {
    expect(withdrawableNow(plan, 5_000_000n, new Date('2026-04-16T08:59:59Z'))).toBe(0n);
    expect(withdrawableNow({ ...plan, earnings: 4_990_000n }, 5_000_000n, end)).toBe(0n);
    expect(withdrawableNow({ ...plan, endsAt: null }, 5_000_000n, end)).toBe(0n);
  });
  it('is the maturity payout once matured with the minimum earnings', () => {
    expect(withdrawableNow(plan, 5_000_000n, end)).toBe(27_500_000n - 2_600_000n);
    expect(withdrawableNow({ ...plan, earnings: 0n }, 0n, end)).toBe(22_500_000n - 2_600_000n);
  });
});
