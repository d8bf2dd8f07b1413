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
import type { SharedTexts } from './translation.js';

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

/**
 * The words of the key facts, English (DESIGN D19): part of SHARED_TEXTS (translation.ts), so each language gives its
 * own (locales/<language>.ts). The figures are computed here and passed in, already formatted.
 */
export const KEY_FACTS_MSG = {
  title: 'Before you pay in: how your money can leave',
  /** Between two choices: the plan durations are listed with it ("30 or 45"). */
  or: ' or ',
  topupFee: {
    term: 'Top-up fee',
    text: (fee: string) => `Each top-up costs a ${fee} fee, taken from what you send.`,
  },
  plans: {
    term: 'Plans',
    /** `days`: the enabled durations, joined with `or`. */
    text: (smallest: string, days: string) =>
      `Plans start at ${smallest} and lock the amount for ${days} days. ` +
      `At maturity the plan's expected withdrawal can leave the plan.`,
  },
  withdrawal: {
    term: 'Withdrawal to your wallet',
    text: (fees: string, handling: string, crypto: string, charity: string) =>
      `Only from a plan: at maturity you receive the expected withdrawal plus your earnings, minus ${fees} in fees ` +
      `(${handling} handling, ${crypto} crypto, ${charity} charity).`,
  },
  earningsRule: {
    term: 'Earnings rule',
    /** `rule`: GET /config `withdrawalRuleText`; `minimum`: the configured minimum, "$0" when there is none. */
    text: (rule: string, minimum: string) =>
      `${rule} Earnings are referral bonuses and other credits, not the plan's profit. ` +
      (minimum === '$0'
        ? ''
        : `Each withdrawal pays your earnings out with it, so every later withdrawal needs ${minimum} of new earnings.`),
  },
  breaking: {
    term: 'Breaking a plan',
    text: (percent: string, fees: string) =>
      `Before maturity you can break the plan: it pays ${percent}% of the amount invested, minus ${fees} in fees.`,
  },
  balance: {
    term: 'Your balance stays here',
    text:
      'Money in your balance (top-ups, a matured plan moved to your balance) cannot be withdrawn to a wallet ' +
      'without a plan: it can only go into a plan, the bot or staking.',
  },
  arrival: {
    term: 'When it arrives',
    text: 'Withdrawals are paid to the wallet on file within 48 hours to 3 days. Sundays are not business days: nothing is processed on a Sunday.',
  },
  bot: {
    term: 'The trading bot',
    /** `coinsCost` and `upkeep`: numbers of SVP coins, formatted. */
    text: (cost: string, coinsCost: string, hours: number, upkeep: string) =>
      `A simulation that earns nothing. Activation costs ${cost} or ${coinsCost} coins; ` +
      `it pauses after ${hours} hours unless ${upkeep} coins are there for the next day.`,
  },
  risk: {
    term: 'Risk',
    text: 'Returns are not guaranteed and you can lose the money you invest.',
  },
} as const;

/** The key facts' words in one language: SHARED_TEXTS.KEY_FACTS_MSG or a translation's. */
export type KeyFactsTexts = SharedTexts['KEY_FACTS_MSG'];

export const KEY_FACTS_TITLE = KEY_FACTS_MSG.title;

/** The key facts' title in `texts`' language. */
export function keyFactsTitle(texts: KeyFactsTexts = KEY_FACTS_MSG): string {
  return texts.title;
}

/** The key facts, in `texts`' language (English unless given), with the configured figures. */
export function keyFacts(config: KeyFactsConfig, texts: KeyFactsTexts = KEY_FACTS_MSG): KeyFact[] {
  const minimum = formatUsdShort(fromDecimalString(config.minEarningsToWithdraw, 'USD'));
  const fees = formatUsdShort(WITHDRAWAL_FEE_TOTAL);
  const days = PLAN_DURATIONS.filter((d) => d.enabled).map((d) => d.days);
  const smallest = PLANS.reduce((low, p) => (p.minAmount < low ? p.minAmount : low), PLANS[0]!.minAmount);
  const hours = BOT_UPKEEP_PERIOD_MS / 3_600_000;
  const coins = (minor: bigint) => formatAmount(minor, 'COIN', 0);
  return [
    { term: texts.topupFee.term, text: texts.topupFee.text(formatUsdShort(TOPUP_FEE)) },
    { term: texts.plans.term, text: texts.plans.text(formatUsdShort(smallest), days.join(texts.or)) },
    {
      term: texts.withdrawal.term,
      text: texts.withdrawal.text(
        fees,
        formatUsdShort(WITHDRAWAL_FEES.handling),
        formatUsdShort(WITHDRAWAL_FEES.crypto),
        formatUsdShort(WITHDRAWAL_FEES.charity),
      ),
    },
    { term: texts.earningsRule.term, text: texts.earningsRule.text(config.withdrawalRuleText, minimum) },
    { term: texts.breaking.term, text: texts.breaking.text(String(BREAK_PAYOUT_PERCENT), fees) },
    { term: texts.balance.term, text: texts.balance.text },
    { term: texts.arrival.term, text: texts.arrival.text },
    {
      term: texts.bot.term,
      text: texts.bot.text(formatUsdShort(BOT_COST_USD), coins(BOT_COST_COINS), hours, coins(BOT_UPKEEP_COINS)),
    },
    { term: texts.risk.term, text: texts.risk.text },
  ];
}
