import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, pickLanguage, type Language, type SharedTexts } from '@svp/shared';
import { compileEnglish } from './english';

/**
 * The reader's language (DESIGN D19): the one picked on this device, else the browser's first we have. Signed in,
 * the account's language (GET /me) wins and is kept here too, so the sign-in page after a logout speaks it.
 */
export const LANGUAGE_KEY = 'language';

// English needs no catalog: the macros left its words in the code, compiled here on first use (english.ts).
i18n.setMessagesCompiler(compileEnglish as never);

/**
 * packages/shared's texts in the language shown, with what finds a server's English text in them; null for English:
 * its texts are the ones each screen imports, so the login page loads no second copy of them (DESIGN §7).
 */
let translated: { texts: SharedTexts; translate: (texts: SharedTexts, english: string) => string } | null = null;
const listeners = new Set<() => void>();

export function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function initialLanguage(): Language {
  return storedLanguage() ?? pickLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));
}

// Each language's two catalogs (the web app's, compiled from its .po file, and packages/shared's) are chunks of their
// own, fetched only when that language is used.
const CATALOGS: Record<Exclude<Language, 'en'>, () => Promise<[{ messages: Messages }, { TEXTS: SharedTexts }]>> = {
  es: () => Promise.all([import('../../locales/es/messages.po'), import('@svp/shared/locales/es')]),
  ru: () => Promise.all([import('../../locales/ru/messages.po'), import('@svp/shared/locales/ru')]),
};

/** Loads a language's catalogs and switches every text to it; remembered on this device. */
export async function activateLanguage(language: Language): Promise<void> {
  if (language === 'en') {
    activateEnglishNow();
  } else {
    const [[web, shared], { translateText }] = await Promise.all([
      CATALOGS[language](),
      import('@svp/shared/translation'),
    ]);
    translated = { texts: shared.TEXTS, translate: translateText };
    i18n.loadAndActivate({ locale: language, messages: web.messages });
  }
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts this page
  }
  for (const listener of listeners) listener();
}

/** English at once, with nothing to load: what the first render of an English reader needs. */
export function activateEnglishNow(): void {
  translated = null;
  i18n.loadAndActivate({ locale: DEFAULT_LANGUAGE, messages: {} });
}

export function currentLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE;
}

/** packages/shared's texts in the current language, or null for English (the importer's own are the English). */
export function translatedTexts(): SharedTexts | null {
  return translated?.texts ?? null;
}

/** A text of packages/shared in its English words (a server error, a validation message), in the reader's language. */
export function localizeText(text: string): string {
  return translated ? translated.translate(translated.texts, text) : text;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export { i18n };

/** The terms or the privacy policy in the reader's language: one static page per language (public/). */
export function legalPage(page: 'terms' | 'policy'): string {
  const language = currentLanguage();
  return language === 'en' ? `/${page}.html` : `/${page}.${language}.html`;
}
