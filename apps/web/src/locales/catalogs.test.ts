// @vitest-environment node
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The web app's catalogs against its code (DESIGN D19): every text the code marks for translation is in every
 * language's catalog, translated, with the same placeholders; no catalog keeps a text the code no longer has.
 * packages/shared's texts have their own test (packages/shared/src/locales.test.ts).
 */
const webRoot = path.resolve(import.meta.dirname, '../..');

// Texts that read the same in a translation: names and codes.
const SAME_IN_EVERY_LANGUAGE = new Set(['SVP Invest', 'USDT', 'BEP-20', 'TOTP', 'OK', 'ID', 'Email', 'E-mail', 'Hash']);

type Catalog = Record<string, { message?: string; translation?: string; obsolete?: boolean }>;
let code: Catalog;
let catalogs: Record<string, Catalog>;

beforeAll(async () => {
  const config = getConfig({ cwd: webRoot, skipValidation: true });
  const [catalog] = await getCatalogs(config);
  code = ((await catalog!.collect()) ?? {}) as Catalog;
  catalogs = (await catalog!.readAll()) as Record<string, Catalog>;
}, 120_000);

/** `{name}`, `{count, plural, …}`'s name and `<0>`-style tags: what a translation must keep. */
function placeholders(text: string): string[] {
  const names = [...text.matchAll(/\{\s*([\w.]+)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...text.matchAll(/<\/?(\d+)\/?>/g)].map((m) => m[0]);
  return [...new Set([...names, ...tags])].sort();
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
        if (!translation.trim() || (translation === english && !SAME_IN_EVERY_LANGUAGE.has(english))) {
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
