import { BOT_COST_COINS, BOT_COST_USD, BOT_UPKEEP_COINS, BOT_UPKEEP_PERIOD_MS } from './engagement.js';
import { fromDecimalString } from './money-amounts.js';
import { formatAmount, formatUsdShort } from './money-format.js';
import {
  BREAK_PAYOUT_PERCENT,
  PLAN_DURATIONS,
  PLANS,
  TOPUP_FEE,
  WITHDRAWAL_FEE_TOTAL,
  WITHDRAWAL_FEES,
} from './plans.js';

/**
 * The key facts shown before money goes in (DESIGN D6, D15): how and when money can leave the platform. One
 * text for every screen that shows them (top-up, plan, bot, sign-up, terms), built from the shared constants and
 * the operator's configured figures as GET /config answers them, so no screen states a figure of its own.
 */
export interface KeyFactsConfig {
  /** GET /config `minEarningsToWithdraw`: a USD decimal. */
  minEarningsToWithdraw: string;
  /** GET /config `withdrawalRuleText`: the earnings rule with the configured minimum and referral bonus. */
  withdrawalRuleText: string;
}

export interface KeyFact {
  /** A short name, read first. */
  term: string;
  text: string;
}

export const KEY_FACTS_TITLE = 'Before you pay in: how your money can leave';

const coins = (minor: bigint) => `${formatAmount(minor, 'COIN', 0)} coins`;

export function keyFacts(config: KeyFactsConfig): KeyFact[] {
  const minimum = formatUsdShort(fromDecimalString(config.minEarningsToWithdraw, 'USD'));
  const fees = formatUsdShort(WITHDRAWAL_FEE_TOTAL);
  const days = PLAN_DURATIONS.filter((d) => d.enabled).map((d) => d.days);
  const smallest = PLANS.reduce((low, p) => (p.minAmount < low ? p.minAmount : low), PLANS[0]!.minAmount);
  const hours = BOT_UPKEEP_PERIOD_MS / 3_600_000;
  return [
    {
      term: 'Top-up fee',
      text: `Each top-up costs a ${formatUsdShort(TOPUP_FEE)} fee, taken from what you send.`,
    },
    {
      term: 'Plans',
      text:
        `Plans start at ${formatUsdShort(smallest)} and lock the amount for ${days.join(' or ')} days. ` +
        `At maturity the plan's expected withdrawal can leave the plan.`,
    },
    {
      term: 'Withdrawal to your wallet',
      text:
        `Only from a plan: at maturity you receive the expected withdrawal plus your earnings, minus ${fees} in fees ` +
        `(${formatUsdShort(WITHDRAWAL_FEES.handling)} handling, ${formatUsdShort(WITHDRAWAL_FEES.crypto)} crypto, ` +
        `${formatUsdShort(WITHDRAWAL_FEES.charity)} charity).`,
    },
    {
      term: 'Earnings rule',
      text:
        `${config.withdrawalRuleText} Earnings are referral bonuses and other credits, not the plan's profit. ` +
        (minimum === '$0'
          ? ''
          : `Each withdrawal pays your earnings out with it, so every later withdrawal needs ${minimum} of new earnings.`),
    },
    {
      term: 'Breaking a plan',
      text: `Before maturity you can break the plan: it pays ${BREAK_PAYOUT_PERCENT}% of the amount invested, minus ${fees} in fees.`,
    },
    {
      term: 'Your balance stays here',
      text:
        'Money in your balance (top-ups, a matured plan moved to your balance) cannot be withdrawn to a wallet ' +
        'without a plan: it can only go into a plan, the bot or staking.',
    },
    {
      term: 'When it arrives',
      text: 'Withdrawals are paid to the wallet on file within 48 hours to 3 days. Sundays are not business days: nothing is processed on a Sunday.',
    },
    {
      term: 'The trading bot',
      text:
        `A simulation that earns nothing. Activation costs ${formatUsdShort(BOT_COST_USD)} or ${coins(BOT_COST_COINS)}; ` +
        `it pauses after ${hours} hours unless ${coins(BOT_UPKEEP_COINS)} are there for the next day.`,
    },
    {
      term: 'Risk',
      text: 'Returns are not guaranteed and you can lose the money you invest.',
    },
  ];
}
