import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@svp/shared';
import { currentLanguage } from './i18n';
import { chooseLanguage } from './chooseLanguage';

/**
 * The language picker of every page (the sign-in pages' shell and the top bar): a native select, light enough for
 * the login page's first bundle and at home on a phone. Each language is named in its own words.
 */
export function LanguagePicker() {
  const { t } = useLingui();
  return (
    <select
      className="language-picker"
      aria-label={t`Language`}
      value={currentLanguage()}
      onChange={(event) => void chooseLanguage(event.currentTarget.value as Language)}
    >
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
