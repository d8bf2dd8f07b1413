import { MSG, type SharedTexts } from '@svp/shared';
import { useSyncExternalStore } from 'react';
import { subscribeLanguage, translatedTexts } from './i18n';

function useTranslatedTexts(): SharedTexts | null {
  return useSyncExternalStore(subscribeLanguage, translatedTexts, translatedTexts);
}

/** MSG (SPEC §5, §8) in the reader's language: `const MSG = useMsg();` in place of the import. */
export function useMsg(): SharedTexts['MSG'] {
  return useTranslatedTexts()?.MSG ?? MSG;
}

/**
 * Another group of packages/shared's texts in the reader's language, given its English (the screen's own import):
 * `const accountMsg = useSharedTexts('ACCOUNT_MSG', ACCOUNT_MSG);`.
 */
export function useSharedTexts<K extends keyof SharedTexts>(group: K, english: SharedTexts[K]): SharedTexts[K] {
  return useTranslatedTexts()?.[group] ?? english;
}

/** The same outside React (a module's helper called while rendering, a toast's text). */
export function sharedTextsOf<K extends keyof SharedTexts>(group: K, english: SharedTexts[K]): SharedTexts[K] {
  return translatedTexts()?.[group] ?? english;
}
