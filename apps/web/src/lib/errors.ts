import { MSG } from '@svp/shared';
import { localizeText } from '../shared/language/i18n';
import { ApiError } from './api';

export interface FallbackTexts {
  /** The server answered with an error but without a message of ours. */
  http: string;
  /** No usable answer at all (offline, connection refused, unexpected body). */
  network: string;
}

/**
 * The server's own message when it sent one (the spec's wording, SPEC §5/§8), else the screen's fallback; in the
 * reader's language (the server speaks English: its texts are packages/shared's, found again by their words).
 */
export function errorMessage(error: unknown, fallback: FallbackTexts): string {
  if (error instanceof ApiError && error.kind === 'http') return localizeText(error.message || fallback.http);
  return localizeText(fallback.network);
}

/** The server's message for one field of the form, when it named that field, in the reader's language. */
export function fieldError(error: unknown, field: string): string | undefined {
  const text = error instanceof ApiError ? error.fields?.[field] : undefined;
  return text === undefined ? undefined : localizeText(text);
}

/** Fills an API path template such as `/topup/:requestId/status`. */
export function pathWith(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** For a screen's data that failed to load: the server's message, or the network text of SPEC §8. */
export function loadErrorText(error: unknown): string {
  return errorMessage(error, { http: MSG.common.internal, network: MSG.login.network });
}
