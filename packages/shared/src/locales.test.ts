import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from './languages.js';
import { TEXTS as TEXTS_es } from './locales/es.js';
import { TEXTS as TEXTS_ru } from './locales/ru.js';
import { MSG } from './messages.js';
import { SHARED_TEXTS, textKeyOf, translateText, type SharedTexts } from './translation.js';
import { HOLD_CHANGES, REVIEW_REASONS } from './withdrawal-controls.js';

/**
 * The missing-key tests (DESIGN D19): every translation holds every text of SHARED_TEXTS, no more, each really
 * translated, each function with English's parameters and keeping every value English inserts.
 */

const TRANSLATIONS: Record<Exclude<Language, 'en'>, SharedTexts> = { es: TEXTS_es, ru: TEXTS_ru };
const TRANSLATED = LANGUAGES.filter((language): language is Exclude<Language, 'en'> => language !== 'en');

/** Texts that may read the same as English in every language: names and codes, not words. */
const SAME_AS_ENGLISH = new Set(['USDT', 'TOTP', 'BEP-20', 'SVP Invest']);

/** Parameters (by position) that are numbers: called with 1, 2, 5 (and more) besides strings. */
const NUMERIC_PARAMS: Record<string, number[]> = {
  'MSG.withdraw.notMatured': [0],
  'MSG.taps.tooManyForOneSave': [0, 1],
  'MSG.taps.dailyCap': [0],
  'MSG.payoutCheck.unconfirmed': [0, 1],
  'ACCOUNT_MSG.otherSessionsEnded': [0],
  'OPERATOR_MSG.announcementQueued': [0],
  'KEY_FACTS_MSG.bot.text': [2],
};
const NUMBERS = [0, 1, 2, 5, 11, 21, 22, 1000];

/** Functions whose parameters are not all strings: the calls that exercise each branch. */
const SPECIAL_CALLS: Record<string, unknown[][]> = {
  'MSG.withdraw.ruleBeforeInvesting': [['$5'], ['$0'], ['$2.50']],
  'MSG.withdraw.ruleBeforeInvestingWithReferrals': [
    ['$5', '1', '$5'],
    ['$5', '2', '$2.50'],
    ['$5', '5', '$1'],
    ['$5', '21', '$0.25'],
    ['$0', '1', '$5'],
  ],
  'MSG.staking.converted': [
    ['12.50', true],
    ['12.50', false],
  ],
  'KEY_FACTS_MSG.earningsRule.text': [
    ['The rule.', '$5'],
    ['The rule.', '$0'],
  ],
  // Withdrawal controls: amounts in micro-dollars, moments as Date or ISO text, the hold's change, review reasons.
  'WITHDRAWAL_CONTROLS_MSG.dailyCap': [[250_000_000n, 1_000_000_000n, 900_000_000n]],
  'WITHDRAWAL_CONTROLS_MSG.monthlyCap': [[250_000_000n, 5_000_000_000n, 4_900_000_000n]],
  'WITHDRAWAL_CONTROLS_MSG.hold': HOLD_CHANGES.map((change, i) => [new Date(Date.UTC(2026, i * 3, 4, 9)), change]),
  'WITHDRAWAL_CONTROLS_MSG.holdShort': HOLD_CHANGES.map((change) => [change]),
  'WITHDRAWAL_CONTROLS_MSG.underReview': [
    ['2026-03-04T09:00:00Z', ['large']],
    ['2026-12-31T23:59:00Z', ['large', 'new-wallet']],
    ['2026-03-04T09:00:00Z', []],
  ],
  'WITHDRAWAL_CONTROLS_MSG.requestedForReview': [['2026-03-04T09:00:00Z'], [new Date(Date.UTC(2026, 8, 1))]],
  'WITHDRAWAL_CONTROLS_MSG.reviewReason': REVIEW_REASONS.map((reason) => [reason]),
};

/** Distinctive arguments: each must come out of the translation wherever it comes out of English. */
const sentinel = (i: number) => `ZQ${i}X`;
const SENTINEL_CALLS: Record<string, unknown[]> = {
  'MSG.staking.converted': [sentinel(0), true],
  // No marker can pass through an amount or a moment: 'keeps the amounts and moments of withdrawal controls' below.
  'WITHDRAWAL_CONTROLS_MSG.dailyCap': [1_000_000n, 2_000_000n, 3_000_000n],
  'WITHDRAWAL_CONTROLS_MSG.monthlyCap': [1_000_000n, 2_000_000n, 3_000_000n],
  'WITHDRAWAL_CONTROLS_MSG.hold': ['2026-03-04T09:00:00Z', 'wallet'],
  'WITHDRAWAL_CONTROLS_MSG.holdShort': ['email'],
  'WITHDRAWAL_CONTROLS_MSG.underReview': ['2026-03-04T09:00:00Z', ['large', 'new-wallet']],
  'WITHDRAWAL_CONTROLS_MSG.requestedForReview': ['2026-03-04T09:00:00Z'],
  'WITHDRAWAL_CONTROLS_MSG.reviewReason': ['new-wallet'],
};

type Fn = (...args: unknown[]) => string;
interface Leaf {
  key: string;
  en: string | Fn;
  tr: string | Fn;
}

/** Walks English and a translation together; returns the texts both have and every difference of shape. */
function walk(en: unknown, tr: unknown, path = '', leaves: Leaf[] = [], problems: string[] = []) {
  const kind = (value: unknown) => (value === null ? 'null' : typeof value);
  if (kind(en) !== kind(tr)) {
    problems.push(`${path || '(root)'}: ${kind(tr)} where English has ${kind(en)}`);
  } else if (typeof en === 'object' && en !== null) {
    const enNode = en as Record<string, unknown>;
    const trNode = tr as Record<string, unknown>;
    for (const name of Object.keys(enNode)) {
      const key = path ? `${path}.${name}` : name;
      if (!Object.hasOwn(trNode, name)) problems.push(`${key}: missing`);
      else walk(enNode[name], trNode[name], key, leaves, problems);
    }
    for (const name of Object.keys(trNode)) {
      if (!Object.hasOwn(enNode, name)) problems.push(`${path ? `${path}.${name}` : name}: not in English`);
    }
  } else if (typeof en === 'string' || typeof en === 'function') {
    leaves.push({ key: path, en: en as string | Fn, tr: tr as string | Fn });
  } else {
    problems.push(`${path}: unexpected ${kind(en)}`);
  }
  return { leaves, problems };
}

/** Every call a function of the tree is checked with. */
function callsOf(key: string, length: number): unknown[][] {
  const calls: unknown[][] = [...(SPECIAL_CALLS[key] ?? [Array.from({ length }, () => '12.50')])];
  for (const n of NUMBERS) {
    const numeric = NUMERIC_PARAMS[key];
    if (numeric) calls.push(Array.from({ length }, (_, i) => (numeric.includes(i) ? n : '12.50')));
  }
  return calls;
}

const english = walk(SHARED_TEXTS, SHARED_TEXTS).leaves;

describe('the test lists name real texts', () => {
  it.each(Object.keys({ ...NUMERIC_PARAMS, ...SPECIAL_CALLS, ...SENTINEL_CALLS }))('%s', (key) => {
    const leaf = english.find((l) => l.key === key);
    expect(leaf && typeof leaf.en).toBe('function');
  });
});

describe.each(TRANSLATED)('translation %s', (language) => {
  const texts = TRANSLATIONS[language];
  const { leaves, problems } = walk(SHARED_TEXTS, texts);
  const strings = leaves.filter((l) => typeof l.en === 'string');
  const functions = leaves.filter((l) => typeof l.en === 'function') as { key: string; en: Fn; tr: Fn }[];

  it('exists, as locales/<language>.ts', () => {
    expect(texts).toBeDefined();
    expect(texts).not.toBe(SHARED_TEXTS);
  });

  it('has the same keys as English at every level, no missing, no extra, same kinds', () => {
    expect(problems).toEqual([]);
    expect(leaves.length).toBe(english.length);
  });

  it('has every string non-empty and translated', () => {
    const empty = strings.filter((l) => (l.tr as string).trim() === '').map((l) => l.key);
    const same = strings.filter((l) => l.tr === l.en && !SAME_AS_ENGLISH.has(l.en as string)).map((l) => l.key);
    expect(empty).toEqual([]);
    expect(same).toEqual([]);
  });

  it("has every function with English's number of parameters", () => {
    const wrong = functions
      .filter((l) => l.tr.length !== l.en.length)
      .map((l) => `${l.key}: ${l.tr.length}, English ${l.en.length}`);
    expect(wrong).toEqual([]);
  });

  it('gives a non-empty text, not the English one, for every function and sample arguments', () => {
    const failures: string[] = [];
    for (const { key, en, tr } of functions) {
      for (const args of callsOf(key, en.length)) {
        const label = `${key}(${args.map((a) => (typeof a === 'bigint' ? `${a}n` : JSON.stringify(a))).join(', ')})`;
        let text: unknown;
        try {
          text = tr(...args);
        } catch (error) {
          failures.push(`${label} threw ${String(error)}`);
          continue;
        }
        if (typeof text !== 'string' || text.trim() === '') failures.push(`${label} gave ${JSON.stringify(text)}`);
        else if (text === en(...args) && !SAME_AS_ENGLISH.has(text)) failures.push(`${label} is the English text`);
        else if (/undefined|NaN|null|\[object/.test(text)) failures.push(`${label} gave ${text}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps every value English inserts', () => {
    const failures: string[] = [];
    for (const { key, en, tr } of functions) {
      const args = SENTINEL_CALLS[key] ?? Array.from({ length: en.length }, (_, i) => sentinel(i));
      const enText = en(...args);
      const trText = tr(...args);
      for (let i = 0; i < 3 + en.length; i++) {
        const count = (text: string) => text.split(sentinel(i)).length - 1;
        if (count(enText) > 0 && count(trText) !== count(enText)) {
          failures.push(`${key}: ${sentinel(i)} ${count(enText)}× in English, ${count(trText)}× in "${trText}"`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('keeps the amounts, numbers and names of every string', () => {
    // "$5", "500,000", "48", "BEP-20", "SVP Invest", "USDT"…: what English states, the translation states too.
    const tokens = (text: string) => text.match(/\$[\d.,]*\d|\d[\d,.]*\d|\d|BEP-20|SVP Invest|USDT|TOTP|QR|0x/g) ?? [];
    const failures: string[] = [];
    for (const { key, en, tr } of strings) {
      const missing = tokens(en as string).filter((token) => !(tr as string).includes(token));
      if (missing.length) failures.push(`${key}: ${missing.join(', ')} missing from "${tr}"`);
    }
    expect(failures).toEqual([]);
  });
});

describe.each(TRANSLATED)('withdrawal controls in %s', (language) => {
  const texts = TRANSLATIONS[language].WITHDRAWAL_CONTROLS_MSG;
  const en = SHARED_TEXTS.WITHDRAWAL_CONTROLS_MSG;

  it('keeps the amounts of a cap', () => {
    for (const cap of ['dailyCap', 'monthlyCap'] as const) {
      const text = texts[cap](12_345_670_000n, 1_000_000_000_000n, 987_650_000n);
      for (const amount of ['$12,345.67', '$1,000,000.00', '$987.65']) expect(text).toContain(amount);
      expect(text).toContain(cap === 'dailyCap' ? '24' : '30');
      expect(en[cap](12_345_670_000n, 1_000_000_000_000n, 987_650_000n)).toContain('$12,345.67');
    }
  });

  it("keeps a moment's day, year, time and UTC, with a month of its own language", () => {
    const text = texts.hold('2026-03-04T09:05:00Z', 'wallet');
    expect(text).toContain('4 ');
    expect(text).toContain('2026, 09:05 UTC');
    expect(text).not.toContain('Mar');
    expect(texts.requestedForReview(new Date(Date.UTC(2026, 11, 31, 23, 59)))).toContain('31 ');
    expect(texts.underReview('2026-03-04T09:05:00Z', ['large'])).toContain('2026, 09:05 UTC');
  });

  it('says each change and reason as its own text says it', () => {
    for (const change of HOLD_CHANGES) {
      expect(texts.holdShort(change)).toBe(texts.holdChanges[change]);
      expect(texts.hold('2026-03-04T09:05:00Z', change)).toContain(texts.holdChanges[change]);
    }
    for (const reason of REVIEW_REASONS) {
      expect(texts.reviewReason(reason)).toBe(texts.reviewReasons[reason]);
      expect(texts.underReview('2026-03-04T09:05:00Z', [reason])).toContain(texts.reviewReasons[reason]);
    }
  });
});

describe('the withdrawal controls and the bot status as the web finds them', () => {
  it('a review reason and a change, the English words of reviewReason and holdShort', () => {
    const reason = SHARED_TEXTS.WITHDRAWAL_CONTROLS_MSG.reviewReason('large');
    expect(textKeyOf(reason)).toEqual({ key: 'WITHDRAWAL_CONTROLS_MSG.reviewReasons.large', params: [] });
    expect(translateText(TEXTS_es, reason)).toBe('un retiro grande');
    const change = SHARED_TEXTS.WITHDRAWAL_CONTROLS_MSG.holdShort('two-factor-off');
    expect(translateText(TEXTS_ru, change)).toBe('была отключена двухфакторная аутентификация');
  });

  it("a line of the bot's status box", () => {
    const line = SHARED_TEXTS.BOT_SIM_MSG.statusLines[2];
    expect(textKeyOf(line)).toEqual({ key: 'BOT_SIM_MSG.statusLines.2', params: [] });
    expect(translateText(TEXTS_es, line)).toBe('Reequilibrando la posición simulada…');
  });
});

describe('Russian plural forms', () => {
  const notMatured = TEXTS_ru.MSG.withdraw.notMatured as (days: number | string) => string;
  it.each([
    [1, 'день'],
    [2, 'дня'],
    [4, 'дня'],
    [5, 'дней'],
    [11, 'дней'],
    [12, 'дней'],
    [14, 'дней'],
    [21, 'день'],
    [22, 'дня'],
    [25, 'дней'],
    [101, 'день'],
    [111, 'дней'],
    ['1', 'день'],
    ['3', 'дня'],
    ['1,001', 'день'],
    ['1,000', 'дней'],
  ])('%s → %s', (n, word) => {
    expect(notMatured(n)).toBe(`Срок вашего плана истекает через ${n} ${word}.`);
  });

  it('agrees with the last of a list of durations', () => {
    expect(TEXTS_ru.KEY_FACTS_MSG.plans.text('$10', '30 или 45')).toContain('на 30 или 45 дней.');
    expect(TEXTS_ru.KEY_FACTS_MSG.plans.text('$10', '45 или 22')).toContain('на 45 или 22 дня.');
    expect(TEXTS_ru.KEY_FACTS_MSG.plans.text('$10', '21')).toContain('на 21 день.');
  });

  it('counts other sessions in every form', () => {
    const ended = TEXTS_ru.ACCOUNT_MSG.otherSessionsEnded as (count: number | string) => string;
    expect(ended(1)).toBe('Завершена одна другая сессия.');
    expect(ended(2)).toBe('Завершены 2 другие сессии.');
    expect(ended('5')).toBe('Завершено 5 других сессий.');
    expect(ended(21)).toBe('Завершена 21 другая сессия.');
  });
});

describe('Spanish plural forms', () => {
  it('uses the singular for 1 only, the count a number or a string', () => {
    const notMatured = TEXTS_es.MSG.withdraw.notMatured as (days: number | string) => string;
    expect(notMatured(1)).toBe('Su plan vence en 1 día.');
    expect(notMatured('1')).toBe('Su plan vence en 1 día.');
    expect(notMatured(2)).toBe('Su plan vence en 2 días.');
    expect(notMatured(0)).toBe('Su plan vence en 0 días.');
  });
});

describe('translateText finds an English text and gives it in a language', () => {
  it('a plain text', () => {
    expect(textKeyOf(MSG.register.emailTaken)).toEqual({ key: 'MSG.register.emailTaken', params: [] });
    expect(translateText(TEXTS_es, MSG.register.emailTaken)).toBe('Este correo electrónico ya está registrado.');
    expect(translateText(TEXTS_ru, MSG.register.emailTaken)).toBe('Этот адрес электронной почты уже зарегистрирован.');
  });

  it('a function, with the arguments it had', () => {
    const text = MSG.invest.belowMinimum('25');
    expect(textKeyOf(text)).toEqual({ key: 'MSG.invest.belowMinimum', params: ['25'] });
    expect(translateText(TEXTS_es, text)).toBe('El importe debe ser de al menos $25');
    expect(translateText(TEXTS_ru, text)).toBe('Сумма должна быть не меньше $25');
  });

  it('a function with a count, recovered as a string', () => {
    const text = MSG.withdraw.notMatured(3);
    expect(translateText(TEXTS_es, text)).toBe('Su plan vence en 3 días.');
    expect(translateText(TEXTS_ru, text)).toBe('Срок вашего плана истекает через 3 дня.');
  });

  it('the earnings rule, with and without its referral example, from the text GET /config sends', () => {
    const plain = MSG.withdraw.ruleBeforeInvesting('$5');
    expect(textKeyOf(plain)).toEqual({ key: 'MSG.withdraw.ruleBeforeInvesting', params: ['$5'] });
    const one = MSG.withdraw.ruleBeforeInvestingWithReferrals('$5', '1', '$5');
    expect(one).toBe(
      'To withdraw to your wallet at maturity you need at least $5 in earnings (for example 1 referral at $5 each); ' +
        'without them you can move the matured plan to your balance.',
    );
    expect(textKeyOf(one)).toEqual({ key: 'MSG.withdraw.ruleBeforeInvestingWithReferrals', params: ['$5', '1', '$5'] });
    const two = MSG.withdraw.ruleBeforeInvestingWithReferrals('$5', '2', '$2.50');
    expect(two).toContain('(for example 2 referrals at $2.50 each)');
    expect(textKeyOf(two)).toEqual({
      key: 'MSG.withdraw.ruleBeforeInvestingWithReferrals',
      params: ['$5', '2', '$2.50'],
    });
    expect(translateText(TEXTS_es, one)).toContain('(por ejemplo, 1 referido a $5 cada uno)');
    expect(translateText(TEXTS_ru, two)).toContain('(например, 2 реферала по $2.50)');
    expect(translateText(TEXTS_ru, plain)).toContain('не менее $5 заработка;');
    const none = MSG.withdraw.ruleBeforeInvesting('$0');
    expect(MSG.withdraw.ruleBeforeInvestingWithReferrals('$0', '1', '$5')).toBe(none);
    expect(textKeyOf(none)?.key).toBe('MSG.withdraw.ruleNoMinimum');
    expect(translateText(TEXTS_es, none)).toBe('Al vencimiento puede retirar el pago a su billetera.');
  });

  it('a count of 1, whose English reads otherwise than the plural', () => {
    const text = MSG.withdraw.notMatured(1);
    expect(textKeyOf(text)).toEqual({ key: 'MSG.withdraw.notMatured', params: ['1'] });
    expect(translateText(TEXTS_ru, text)).toBe('Срок вашего плана истекает через 1 день.');
  });

  it('any other text as it came', () => {
    expect(translateText(TEXTS_es, 'duplicate key value violates unique constraint')).toBe(
      'duplicate key value violates unique constraint',
    );
  });
});

describe.each(TRANSLATED)('server texts with amounts, moments and listed values, in %s', (language) => {
  const texts = language === 'es' ? TEXTS_es : TEXTS_ru;
  const english = SHARED_TEXTS.WITHDRAWAL_CONTROLS_MSG;
  const translated = texts.WITHDRAWAL_CONTROLS_MSG;
  const due = new Date('2026-03-04T09:00:00Z');

  it('finds a cap refusal and writes it with the same amounts', () => {
    for (const cap of ['dailyCap', 'monthlyCap'] as const) {
      const text = english[cap](12_340_000n, 500_000_000_000n, 1_000_000n);
      expect(textKeyOf(text)).toEqual({
        key: `WITHDRAWAL_CONTROLS_MSG.${cap}`,
        params: ['$12.34', '$500,000.00', '$1.00'], // JSON-safe: the error envelope carries them
      });
      expect(translateText(texts, text)).toBe(translated[cap](12_340_000n, 500_000_000_000n, 1_000_000n));
    }
  });

  it('finds a hold for every change, and a review with its moment', () => {
    for (const change of HOLD_CHANGES) {
      expect(translateText(texts, english.hold(due, change))).toBe(translated.hold(due, change));
    }
    expect(translateText(texts, english.requestedForReview(due))).toBe(translated.requestedForReview(due));
    expect(textKeyOf(english.requestedForReview(due))?.params).toEqual(['4 Mar 2026, 09:00 UTC']);
  });
});

describe.each(TRANSLATED)('a text inside a text, in %s', (language) => {
  it('gives the referral rule with its bonus in the translation’s words', () => {
    const texts = language === 'es' ? TEXTS_es : TEXTS_ru;
    const rule = MSG.referral.inviteOnInvestment(MSG.referral.bonusBoth('$1', '100,000'));
    expect(translateText(texts, rule)).toBe(
      texts.MSG.referral.inviteOnInvestment(texts.MSG.referral.bonusBoth('$1', '100,000')),
    );
    expect(translateText(texts, MSG.referral.inviteOnSignup('$5'))).toBe(texts.MSG.referral.inviteOnSignup('$5'));
  });
});
