import { achievements, toDecimalString, usdText, DAY_MS } from '@svp/shared';
import type { SummaryRow } from './staking.repository.js';
import { yieldDue } from './yield.js';

/** The latest stake of a summary row, and whether it is the active one. */
export function stakeOf(row: SummaryRow | undefined) {
  const s = row?.stake;
  const stake = s && {
    tokens: BigInt(s.tokens),
    startedAt: new Date(Number(s.started_ms)),
    endsAt: new Date(Number(s.ends_ms)),
    creditedTotal: BigInt(s.credited_total),
  };
  return { stake, active: s?.status === 'active' ? stake : undefined };
}

/**
 * What the staking room shows of a summary row at `now`: a pure function, so a replay renders the same.
 * `earned` includes yield accrued since the last settlement (a pure function of time), so a read shows the
 * current figure without posting it, and Withdraw Earned, which settles first, pays exactly that.
 */
export function stakingView(row: SummaryRow | undefined, now: Date, apyBp: bigint, apyPercent: number) {
  const get = (code: string) => BigInt(row?.balances?.[code] ?? '0');
  const { stake, active } = stakeOf(row);
  const accrued = active ? yieldDue(active, apyBp, now) : (stake?.creditedTotal ?? 0n);
  const unsettled = active && accrued > active.creditedTotal ? accrued - active.creditedTotal : 0n;
  const earned = get('usd.staking_earned') + unsettled;
  const empty = [get('usd.fund'), get('svp.wallet'), get('svp.staked'), earned].every((v) => v === 0n);
  return {
    username: row?.username ?? '',
    balance: usdText(get('usd.balance')),
    fundBalance: usdText(get('usd.fund')),
    tokenWallet: toDecimalString(get('svp.wallet'), 'SVP'),
    staked: toDecimalString(get('svp.staked'), 'SVP'),
    earned: usdText(earned),
    totalEarned: usdText(accrued),
    status: (empty ? 'In-Active' : 'Hold') as 'In-Active' | 'Hold',
    achievements: achievements(get('usd.balance'), get('svp.staked'), earned),
    apy: `${apyPercent}%`,
    stakingStartDate: active?.startedAt.toISOString() ?? null,
    stakingEndDate: active?.endsAt.toISOString() ?? null,
    stakeDay: active ? Math.floor((now.getTime() - active.startedAt.getTime()) / DAY_MS) + 1 : null,
  };
}
