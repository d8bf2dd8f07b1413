// Russian: locales/ru/ (index.ts assembles the parts). The web app loads it as @svp/shared/locales/ru.
export { TEXTS } from './ru/index.js';
