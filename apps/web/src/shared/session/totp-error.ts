import { MSG } from '@svp/shared';
import { ApiError } from '../../lib/api';
import { localizeText } from '../language/i18n';

/**
 * SPEC-style texts for a failed second-factor code (the admin login's and the console's "Confirm it's you"):
 * the server's (MSG.totp.invalid, rate limit), else a network text; in the reader's language.
 */
export function totpErrorMessage(error: unknown): string {
  return localizeText(englishTotpError(error));
}

function englishTotpError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return MSG.login.network;
    if (error.status === 429) return error.message || MSG.common.rateLimited;
    if (error.kind === 'http') return error.message || MSG.totp.invalid;
  }
  return MSG.totp.invalid;
}
