import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// The web app's own texts (DESIGN D19): English is the source, written in the code through Lingui's macros;
// `npm run i18n:extract -w @svp/web` writes every language's catalog, the build compiles the one a reader picks.
// packages/shared's texts are translated in packages/shared/src/locales instead.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'ru'],
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['<rootDir>/src'], exclude: ['**/*.test.*'] }],
  // Files, not line numbers, as each text's origin: an edit elsewhere in a file does not rewrite every catalog.
  format: formatter({ lineNumbers: false }),
});
