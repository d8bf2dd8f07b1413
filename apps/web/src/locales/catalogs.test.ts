// @vitest-environment node
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web app's catalogs against its code (DESIGN D19): every text the code marks for translation is in every
 * language's catalog, translated, with the same placeholders; no catalog keeps a text the code no longer has.
 * packages/shared's texts have their own test (packages/shared/src/locales.test.ts).
 */
const webRoot = path.resolve(import.meta.dirname, '../..');

// Texts that read the same in a translation: names and codes, and words a language shares with English.
const NAMES = ['SVP Invest', 'USDT', 'BEP-20', 'TOTP', 'OK', 'ID', 'Hash', 'BNB Smart Chain'];
const SAME: Record<string, Set<string>> = {
  es: new Set([
    ...NAMES,
    'Plan',
    'Token',
    'Tokens',
    'Staking',
    'Pips',
    'Yield Farmer', // the crypto term, as Spanish speakers use it
    '{hoursLate} h',
    'Error: {text}',
    'Error: {meText}',
    'Error: {meError}',
    '{command}: {what}, gas {gas}.',
  ]),
  ru: new Set([...NAMES, 'E-mail']), // as Russian interfaces write it
};

type Catalog = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;
let code: Catalog;
let catalogs: Record<string, Catalog>;

beforeAll(async () => {
  const config = getConfig({ cwd: webRoot, skipValidation: true });
  const [catalog] = await getCatalogs(config);
  code = ((await catalog!.collect()) ?? {}) as Catalog;
  catalogs = (await catalog!.readAll()) as Record<string, Catalog>;
}, 120_000);

type Compiled = (string | Compiled)[] | [string, string?, Record<string, Compiled>?];

/** The values a text inserts (`{name}`, a plural's count) and its `<0>`-style tags: what a translation must keep. */
function placeholders(text: string): string[] {
  const names = new Set<string>();
  const visit = (parts: Compiled) => {
    for (const part of parts) {
      if (typeof part === 'string') continue;
      const [name, , cases] = part as [string, string?, Record<string, Compiled>?];
      names.add(`{${name}}`);
      for (const branch of Object.values(cases ?? {})) if (Array.isArray(branch)) visit(branch); // not the offset
    }
  };
  visit(compileMessage(text) as Compiled);
  const tags = [...text.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]);
  return [...names, ...new Set(tags)].sort();
}

describe('the web catalogs', () => {
  it('hold every text of the code, and none it no longer has (else: npm run i18n:extract -w @svp/web)', () => {
    const ids = Object.keys(code).sort();
    expect(ids.length).toBeGreaterThan(0);
    for (const [language, catalog] of Object.entries(catalogs)) {
      const held = Object.keys(catalog).filter((id) => !catalog[id]!.obsolete);
      expect({ language, missing: ids.filter((id) => !(id in catalog)) }).toEqual({ language, missing: [] });
      expect({ language, unused: held.filter((id) => !(id in code)) }).toEqual({ language, unused: [] });
    }
  });

  for (const language of ['es', 'ru']) {
    it(`translate every text into ${language}, keeping its placeholders`, () => {
      const catalog = catalogs[language]!;
      const untranslated: string[] = [];
      const changedPlaceholders: string[] = [];
      for (const [id, { message }] of Object.entries(code)) {
        const english = message ?? id;
        const translation = catalog[id]?.translation ?? '';
        if (!translation.trim() || (translation === english && !SAME[language]!.has(english))) {
          untranslated.push(english);
        } else if (placeholders(translation).join() !== placeholders(english).join()) {
          changedPlaceholders.push(`${english} -> ${translation}`);
        }
      }
      expect(untranslated).toEqual([]);
      expect(changedPlaceholders).toEqual([]);
    });
  }
});
