// Component tests run in jsdom and get its stand-ins (setup-dom.ts); a test that runs in Node
// (`// @vitest-environment node`, e.g. src/locales/catalogs.test.ts) has no window to set up.
if (typeof window !== 'undefined') await import('./setup-dom');

export {};
