// Spanish: locales/es/ (index.ts assembles the parts). The web app loads it as @svp/shared/locales/es.
export { TEXTS } from './es/index.js';
