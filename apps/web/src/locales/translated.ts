import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * For tests: a text's translation as the translators wrote it in a language's web catalog, with `{name}` values
 * filled in; English is the text itself. A test that looks its texts up here stays green when a translation is
 * reworded, and fails when a text has none.
 */
export function translated(language: string, english: string, values: Record<string, string> = {}): string {
  const text = language === 'en' ? english : catalog(language).get(english);
  if (!text) throw new Error(`${language}: no translation of "${english}"`);
  return text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

const catalogs = new Map<string, Map<string, string>>();

function catalog(language: string): Map<string, string> {
  let entries = catalogs.get(language);
  if (entries) return entries;
  entries = new Map();
  const po = readFileSync(join(import.meta.dirname, language, 'messages.po'), 'utf8');
  for (const block of po.split('\n\n')) {
    const id = /^msgid "((?:[^"\\]|\\.)*)"$/m.exec(block)?.[1];
    const text = /^msgstr "((?:[^"\\]|\\.)*)"$/m.exec(block)?.[1];
    if (id && text !== undefined) entries.set(JSON.parse(`"${id}"`) as string, JSON.parse(`"${text}"`) as string);
  }
  catalogs.set(language, entries);
  return entries;
}
