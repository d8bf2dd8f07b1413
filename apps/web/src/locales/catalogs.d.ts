// A language's catalog, compiled from its .po file by @lingui/vite-plugin when imported (features/language/i18n.ts).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
