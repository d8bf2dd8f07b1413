import { textKeyOf, type ErrorCode, type ErrorResponse } from '@svp/shared';

/**
 * An error in DESIGN §4's shape. The message stays English (API clients and logs read it); when it is one of
 * packages/shared's texts, `key` and `params` name it too, so the web app shows it in the reader's language
 * (DESIGN D19) without matching English words. Fields' messages are texts of the same tree: the app looks each up.
 */
export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorResponse {
  const text = textKeyOf(message);
  return {
    error: {
      code,
      message,
      ...(fields && Object.keys(fields).length ? { fields } : {}),
      ...(text ? { key: text.key, params: text.params } : {}),
    },
  };
}
