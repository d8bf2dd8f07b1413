import { describe, expect, it } from 'vitest';
import { ledgerKey } from '../../src/modules/ledger/ledger-keys.js';

describe('ledger idempotency keys', () => {
  it('keep the stored formats: a changed format would post an already-posted event again', () => {
    expect(ledgerKey.deposit(56, 12_345n, '0xab', 3)).toBe('deposit:56:0000000000000012345:0xab:3');
    expect(ledgerKey.investment('i1')).toBe('investment:i1');
    expect(ledgerKey.referral('u1')).toBe('referral:u1');
    expect(ledgerKey.withdrawal('i1')).toBe('withdrawal:i1');
    expect(ledgerKey.investmentToBalance('i1')).toBe('investment-to-balance:i1');
    expect(ledgerKey.withdrawalDecided('w1')).toBe('withdrawal-decided:w1');
    expect(ledgerKey.welcome('u1')).toBe('welcome:u1');
    expect(ledgerKey.dailyCoins('u1', '2026-03-02')).toBe('daily-coins:u1:2026-03-02');
    expect(ledgerKey.botUpkeep('u1', new Date('2026-03-02T09:00:00Z'))).toBe('bot-upkeep:u1:2026-03-02T09:00:00.000Z');
    expect(ledgerKey.stakingYield('s1', 5n)).toBe('staking-yield:s1:5');
    expect(ledgerKey.stakeRelease('s1')).toBe('stake-release:s1');
  });

  it('makes the deliberately unique keys unique', () => {
    const at = new Date(1_000);
    expect(ledgerKey.unique('taps', 'u1', at)).toMatch(/^taps:u1:1000:[0-9a-f-]{36}$/);
    expect(ledgerKey.unique('staking.buy', 'u1')).not.toBe(ledgerKey.unique('staking.buy', 'u1'));
    expect(ledgerKey.adjustment()).toMatch(/^adjust:[0-9a-f-]{36}$/);
  });
});
