import { describe, expect, it } from 'vitest';
import { KEY_FACTS_MSG, KEY_FACTS_TITLE, keyFacts, keyFactsTitle, type KeyFactsConfig } from '../src/key-facts.js';
import { TEXTS as TEXTS_es } from '../src/locales/es.js';
import { TEXTS as TEXTS_ru } from '../src/locales/ru.js';
import { SHARED_TEXTS } from '../src/translation.js';

const WITH_MINIMUM: KeyFactsConfig = { minEarningsToWithdraw: '5.00', withdrawalRuleText: 'RULE A.' };
const NO_MINIMUM: KeyFactsConfig = { minEarningsToWithdraw: '0', withdrawalRuleText: 'RULE B.' };

describe('key facts in English (DESIGN D6, D15)', () => {
  it('keep their title', () => {
    expect(KEY_FACTS_TITLE).toBe('Before you pay in: how your money can leave');
    expect(keyFactsTitle()).toBe(KEY_FACTS_TITLE);
  });

  it('read as before, word for word, with a minimum of earnings', () => {
    expect(keyFacts(WITH_MINIMUM)).toEqual([
      {
        term: 'Top-up fee',
        text: 'Each top-up costs a $3 fee, taken from what you send.',
      },
      {
        term: 'Plans',
        text: "Plans start at $10 and lock the amount for 45 days. At maturity the plan's expected withdrawal can leave the plan.",
      },
      {
        term: 'Withdrawal to your wallet',
        text: 'Only from a plan: at maturity you receive the expected withdrawal plus your earnings, minus $2.60 in fees ($1 handling, $1 crypto, $0.60 charity).',
      },
      {
        term: 'Earnings rule',
        text: "RULE A. Earnings are referral bonuses and other credits, not the plan's profit. Each withdrawal pays your earnings out with it, so every later withdrawal needs $5 of new earnings.",
      },
      {
        term: 'Breaking a plan',
        text: 'Before maturity you can break the plan: it pays 40% of the amount invested, minus $2.60 in fees.',
      },
      {
        term: 'Your balance stays here',
        text: 'Money in your balance (top-ups, a matured plan moved to your balance) cannot be withdrawn to a wallet without a plan: it can only go into a plan, the bot or staking.',
      },
      {
        term: 'When it arrives',
        text: 'Withdrawals are paid to the wallet on file within 48 hours to 3 days. Sundays are not business days: nothing is processed on a Sunday.',
      },
      {
        term: 'The trading bot',
        text: 'A simulation that earns nothing. Activation costs $5 or 500,000 coins; it pauses after 24 hours unless 100,000 coins are there for the next day.',
      },
      {
        term: 'Risk',
        text: 'Returns are not guaranteed and you can lose the money you invest.',
      },
    ]);
  });

  it('read as before, word for word, without a minimum', () => {
    expect(keyFacts(NO_MINIMUM)).toEqual([
      {
        term: 'Top-up fee',
        text: 'Each top-up costs a $3 fee, taken from what you send.',
      },
      {
        term: 'Plans',
        text: "Plans start at $10 and lock the amount for 45 days. At maturity the plan's expected withdrawal can leave the plan.",
      },
      {
        term: 'Withdrawal to your wallet',
        text: 'Only from a plan: at maturity you receive the expected withdrawal plus your earnings, minus $2.60 in fees ($1 handling, $1 crypto, $0.60 charity).',
      },
      {
        term: 'Earnings rule',
        text: "RULE B. Earnings are referral bonuses and other credits, not the plan's profit. ",
      },
      {
        term: 'Breaking a plan',
        text: 'Before maturity you can break the plan: it pays 40% of the amount invested, minus $2.60 in fees.',
      },
      {
        term: 'Your balance stays here',
        text: 'Money in your balance (top-ups, a matured plan moved to your balance) cannot be withdrawn to a wallet without a plan: it can only go into a plan, the bot or staking.',
      },
      {
        term: 'When it arrives',
        text: 'Withdrawals are paid to the wallet on file within 48 hours to 3 days. Sundays are not business days: nothing is processed on a Sunday.',
      },
      {
        term: 'The trading bot',
        text: 'A simulation that earns nothing. Activation costs $5 or 500,000 coins; it pauses after 24 hours unless 100,000 coins are there for the next day.',
      },
      {
        term: 'Risk',
        text: 'Returns are not guaranteed and you can lose the money you invest.',
      },
    ]);
  });

  it('are the English of SHARED_TEXTS', () => {
    expect(SHARED_TEXTS.KEY_FACTS_MSG).toBe(KEY_FACTS_MSG);
    expect(keyFacts(WITH_MINIMUM, SHARED_TEXTS.KEY_FACTS_MSG)).toEqual(keyFacts(WITH_MINIMUM));
  });
});

describe.each([
  ['es', TEXTS_es],
  ['ru', TEXTS_ru],
])('key facts in %s', (_language, texts) => {
  it('have the title of the language', () => {
    expect(keyFactsTitle(texts.KEY_FACTS_MSG)).toBe(texts.KEY_FACTS_MSG.title);
    expect(keyFactsTitle(texts.KEY_FACTS_MSG)).not.toBe(KEY_FACTS_TITLE);
  });

  it.each([WITH_MINIMUM, NO_MINIMUM])('state every fact, translated, with the same figures (%o)', (config) => {
    const english = keyFacts(config);
    const translated = keyFacts(config, texts.KEY_FACTS_MSG);
    expect(translated).toHaveLength(english.length);
    translated.forEach((fact, i) => {
      const source = english[i]!;
      expect(fact.term).not.toBe(source.term);
      expect(fact.text).not.toBe(source.text);
      for (const figure of source.text.match(/\$[\d.,]*\d|\d[\d,]*%?|RULE [AB]\./g) ?? []) {
        expect(fact.text, `${source.term}: ${figure}`).toContain(figure);
      }
    });
  });
});
