import { ACCOUNT_MSG } from './account-messages.js';
import { SIGN_IN_OUTCOME_LABEL } from './account-schemas.js';
import { BOT_SIM_MSG } from './bot-sim.js';
import { KEY_FACTS_MSG } from './key-facts.js';
import {
  LEDGER_ACCOUNT_LABELS,
  LEDGER_ASSET_LABELS,
  LEDGER_KIND_GROUP_LABELS,
  LEDGER_KIND_LABELS,
  LEDGER_MSG,
} from './ledger-view.js';
import { MSG } from './messages.js';
import { NOTIFICATION_CATEGORY_LABELS, NOTIFICATION_MSG } from './notifications.js';
import { OPERATOR_MSG } from './operator-messages.js';
import { ADMIN_ROLE_LABELS } from './operator-permissions.js';
import { ANNOUNCEMENT_AUDIENCE_LABELS } from './operator-schemas.js';
import { TWO_FACTOR_MSG } from './two-factor-messages.js';
import { fromDecimalString } from './money-amounts.js';
import { formatUsdMicro } from './money-format.js';
import { HOLD_CHANGES, utcMoment, WITHDRAWAL_CONTROLS_MSG } from './withdrawal-controls.js';

/**
 * Every text packages/shared holds, as one tree: English, the source (DESIGN D19). A translation
 * (locales/<language>.ts) has the same shape, checked by the compiler: a string for each string, a function with the
 * same parameters for each function. A missing or extra key does not compile; locales.test.ts checks the rest.
 */
export const SHARED_TEXTS = {
  MSG,
  ACCOUNT_MSG,
  TWO_FACTOR_MSG,
  OPERATOR_MSG,
  NOTIFICATION_MSG,
  NOTIFICATION_CATEGORY_LABELS,
  KEY_FACTS_MSG,
  LEDGER_KIND_GROUP_LABELS,
  LEDGER_KIND_LABELS,
  LEDGER_ACCOUNT_LABELS,
  LEDGER_ASSET_LABELS,
  LEDGER_MSG,
  WITHDRAWAL_CONTROLS_MSG,
  BOT_SIM_MSG,
  ADMIN_ROLE_LABELS,
  ANNOUNCEMENT_AUDIENCE_LABELS,
  SIGN_IN_OUTCOME_LABEL,
};

type Translated<T> = T extends (...args: infer A) => string
  ? (...args: A) => string
  : T extends string
    ? string
    : { [K in keyof T]: Translated<T[K]> };

export type SharedTexts = Translated<typeof SHARED_TEXTS>;

type Leaf = string | ((...args: never[]) => string);
type Tree = { [key: string]: Tree | Leaf };

/** A text of the tree found again from its English words: its path and, for a function, the arguments it had. */
export interface TextKey {
  key: string;
  params: string[];
}

// A private-use character: no text of ours holds one, and lint allows it in a pattern (a control character it refuses).
const SENTINEL = (i: number) => `\uE000${i}\uE000`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The functions whose parameters are not words set into the text: a moment ("4 Mar 2026, 09:00 UTC"), a USD amount
 * in micro-dollars, or one of a list of values. textKeyOf finds such a value in the English text by what it looks like
 * and hands it on as a string (the error envelope carries it as JSON); textAt turns it back into what the function
 * takes. Any other parameter is plain text.
 */
type ParamKind = 'text' | 'moment' | 'usdMicro' | readonly string[];
const PARAM_KINDS: Record<string, readonly ParamKind[]> = {
  'WITHDRAWAL_CONTROLS_MSG.dailyCap': ['usdMicro', 'usdMicro', 'usdMicro'],
  'WITHDRAWAL_CONTROLS_MSG.monthlyCap': ['usdMicro', 'usdMicro', 'usdMicro'],
  'WITHDRAWAL_CONTROLS_MSG.hold': ['moment', HOLD_CHANGES],
  'WITHDRAWAL_CONTROLS_MSG.requestedForReview': ['moment'],
};
const PROBE_MOMENT = new Date(Date.UTC(2001, 1, 3, 4, 5));
const probeMicro = (i: number) => BigInt(i + 1) * 1_000_000_000n + 120_000n; // "$1,000.12", "$2,000.12", …
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MOMENT_PATTERN = '(\\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2} UTC)';
const USD_PATTERN = '(-?\\$[\\d,]+\\.\\d{2})';

/** A found value back as the function takes it: a moment as an ISO timestamp, an amount in micro-dollars. */
function decodeParam(kind: ParamKind | undefined, value: string): unknown {
  if (kind === 'usdMicro') return fromDecimalString(value.replace(/[$,]/g, ''), 'USD');
  if (kind === 'moment') {
    const [, day, month, year, hh, mm] = /^(\d{1,2}) ([A-Z][a-z]{2}) (\d{4}), (\d{2}):(\d{2}) UTC$/.exec(value) ?? [];
    if (!day) return value;
    return new Date(Date.UTC(Number(year), MONTHS.indexOf(month!), Number(day), Number(hh), Number(mm))).toISOString();
  }
  return value;
}

/** Every way to call a function for its patterns: each list parameter takes each of its values in turn. */
function probeCalls(kinds: readonly ParamKind[]): { args: unknown[]; fixed: Record<number, string> }[] {
  let calls: { args: unknown[]; fixed: Record<number, string> }[] = [{ args: [], fixed: {} }];
  kinds.forEach((kind, i) => {
    const values: { arg: unknown; fixed?: string }[] =
      kind === 'moment'
        ? [{ arg: PROBE_MOMENT }]
        : kind === 'usdMicro'
          ? [{ arg: probeMicro(i) }]
          : kind === 'text'
            ? [{ arg: SENTINEL(i) }]
            : kind.map((value) => ({ arg: value, fixed: value }));
    calls = calls.flatMap((call) =>
      values.map(({ arg, fixed }) => ({
        args: [...call.args, arg],
        fixed: fixed === undefined ? call.fixed : { ...call.fixed, [i]: fixed },
      })),
    );
  });
  return calls;
}

/** The pattern of a function's text called with probes: each probe's rendering becomes a capture of its kind. */
function typedPattern(text: string, kinds: readonly ParamKind[]): { source: string; order: number[] } | undefined {
  const needles = kinds.flatMap((kind, i) =>
    kind === 'moment'
      ? [{ needle: utcMoment(PROBE_MOMENT), i, group: MOMENT_PATTERN }]
      : kind === 'usdMicro'
        ? [{ needle: formatUsdMicro(probeMicro(i)), i, group: USD_PATTERN }]
        : kind === 'text'
          ? [{ needle: SENTINEL(i), i, group: '([\\s\\S]+?)' }]
          : [],
  );
  if (!needles.length) return { source: escapeRegExp(text), order: [] };
  const order: number[] = [];
  const split = new RegExp(`(${needles.map((n) => escapeRegExp(n.needle)).join('|')})`);
  const source = text
    .split(split)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      const found = needles.find((n) => n.needle === part)!;
      order.push(found.i);
      return found.group;
    })
    .join('');
  return order.length === needles.length ? { source, order } : undefined;
}

interface Matchers {
  exact: Map<string, string>;
  patterns: { key: string; pattern: RegExp; order: number[]; fixed: Record<number, string> }[];
}
let matchers: Matchers | undefined;

function buildMatchers(): Matchers {
  const exact = new Map<string, string>();
  const patterns: Matchers['patterns'] = [];
  const walk = (node: Tree, path: string) => {
    for (const [name, value] of Object.entries(node)) {
      const key = path ? `${path}.${name}` : name;
      if (typeof value === 'string') {
        if (!exact.has(value)) exact.set(value, key);
      } else if (typeof value === 'function' && PARAM_KINDS[key]) {
        const kinds = PARAM_KINDS[key];
        for (const { args, fixed } of probeCalls(kinds)) {
          const text = (value as (...args: unknown[]) => string)(...args);
          const found = typedPattern(text, kinds);
          if (found) patterns.push({ key, pattern: new RegExp(`^${found.source}$`), order: found.order, fixed });
        }
      } else if (typeof value === 'function') {
        // Called with markers for its arguments, the function shows where each lands in its English text. A text
        // that reads otherwise for a count of 1 ("1 referral", "3 referrals") is called again with 1 there.
        const fn = value as (...args: string[]) => string;
        const markers = Array.from({ length: fn.length }, (_, i) => SENTINEL(i));
        const textOf = (args: string[]) => {
          try {
            const text = fn(...args);
            return typeof text === 'string' ? text : undefined;
          } catch {
            return undefined;
          }
        };
        const general = textOf(markers);
        const variants: { text: string; fixed: number | null }[] = [];
        markers.forEach((_, i) => {
          // As text ("1") and as a number, for a function that compares its count with either.
          for (const one of ['1', 1]) {
            const text = textOf(markers.map((m, j) => (j === i ? (one as string) : m)));
            if (text === undefined || text === general?.split(SENTINEL(i)).join('1')) continue;
            if (!variants.some((v) => v.text === text)) variants.push({ text, fixed: i });
          }
        });
        if (general !== undefined) variants.push({ text: general, fixed: null });
        for (const { text, fixed } of variants) {
          const order: number[] = [];
          const source = text
            .split(/(\uE000\d+\uE000)/)
            .map((part) => {
              const marker = /^\uE000(\d+)\uE000$/.exec(part);
              if (!marker) return escapeRegExp(part);
              order.push(Number(marker[1]));
              return '([\\s\\S]+?)';
            })
            .join('');
          if (order.length === fn.length - (fixed === null ? 0 : 1))
            patterns.push({
              key,
              pattern: new RegExp(`^${source}$`),
              order,
              fixed: fixed === null ? {} : { [fixed]: '1' },
            });
        }
      } else {
        walk(value, key);
      }
    }
  };
  walk(SHARED_TEXTS as unknown as Tree, '');
  return { exact, patterns };
}

/**
 * The path and arguments of a text of SHARED_TEXTS, from its English words: how the server's error envelope names
 * its message (`key`, `params`) and how the web app shows a server text in the reader's language. Undefined for a
 * text the tree does not hold (a message of the database, say): it is shown as it came.
 */
export function textKeyOf(text: string): TextKey | undefined {
  matchers ??= buildMatchers();
  const key = matchers.exact.get(text);
  if (key) return { key, params: [] };
  for (const { key: fnKey, pattern, order, fixed } of matchers.patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: string[] = [];
    for (const [argument, value] of Object.entries(fixed)) params[Number(argument)] = value;
    order.forEach((argument, i) => (params[argument] = match[i + 1]!));
    return { key: fnKey, params };
  }
  return undefined;
}

/**
 * The text at `key` of a translation, filled with `params`; undefined when the tree has no text there. A parameter
 * that is itself an English text of the tree (a bonus, "$1 plus 100,000 SVP tokens", inside the referral rule) is
 * given in the translation's words too.
 */
export function textAt(texts: SharedTexts, key: string, params: readonly string[] = [], depth = 0): string | undefined {
  let node: unknown = texts;
  for (const name of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[name];
  }
  if (typeof node === 'string') return node;
  if (typeof node === 'function') {
    const kinds = PARAM_KINDS[key];
    const args = params.map((value, i) => {
      const kind = kinds?.[i] ?? 'text';
      return kind === 'text' ? (depth < 2 ? translateText(texts, value, depth + 1) : value) : decodeParam(kind, value);
    });
    return (node as (...args: unknown[]) => string)(...args);
  }
  return undefined;
}

/** An English text of the tree, in `texts`' language; any other text as it is. */
export function translateText(texts: SharedTexts, text: string, depth = 0): string {
  const found = textKeyOf(text);
  return (found && textAt(texts, found.key, found.params, depth)) ?? text;
}
