// A language's catalog, compiled from its .po file by @lingui/vite-plugin when imported (shared/language/i18n.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
