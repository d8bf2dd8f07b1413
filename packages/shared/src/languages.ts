/**
 * The product's languages (DESIGN D19): English is the source, verbatim from the spec; the others are translations
 * held to it by the missing-key tests. The account keeps one (`users.language`), e-mails go out in it.
 */
export const LANGUAGES = ['en', 'es', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language in its own words: the picker lists them so, whatever language the page is in. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español', ru: 'Русский' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the reader's preferred languages (navigator.languages, Accept-Language) that we have, else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}
