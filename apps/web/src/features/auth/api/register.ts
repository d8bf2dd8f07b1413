import { API, MSG, okResponseSchema, type RegisterRequest, type RegistrationField } from '@svp/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api';
import { currentLanguage, localizeText } from '../../../shared/language/i18n';

/** Signs up in the language the page is read in: the account's until changed (DESIGN D19). */
export function register(body: RegisterRequest) {
  return apiPost(
    API.register,
    { ...body, language: currentLanguage() },
    { schema: okResponseSchema, logoutOn401: false },
  );
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

const FORM_FIELDS: readonly RegistrationField[] = [
  'email',
  'password',
  'confirmPassword',
  'referralCode',
  'walletAddress',
  'termsChecked',
];

export interface RegisterFailure {
  fields: Partial<Record<RegistrationField, string>>;
  general: string | null;
}

/**
 * SPEC §8: field errors go beside their fields; a bare message becomes the general error;
 * anything else is the unknown-error text; no usable response is the network text.
 */
export function registerFailure(error: unknown): RegisterFailure {
  if (!(error instanceof ApiError) || error.kind !== 'http') {
    return { fields: {}, general: localizeText(MSG.register.networkError) };
  }
  const fields: RegisterFailure['fields'] = {};
  for (const [name, text] of Object.entries(error.fields ?? {})) {
    if ((FORM_FIELDS as readonly string[]).includes(name)) fields[name as RegistrationField] = localizeText(text);
  }
  if (Object.keys(fields).length > 0) return { fields, general: null };
  return { fields, general: localizeText(error.message || MSG.register.unknownError) };
}
