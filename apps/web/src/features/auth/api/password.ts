import { API, MSG, okResponseSchema } from '@svp/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api';
import { localizeText } from '../../../shared/language/i18n';

export function requestOtp(email: string) {
  return apiPost(API.otpRequest, { email }, { schema: okResponseSchema, logoutOn401: false });
}

export function resetPassword(body: { email: string; otp: string; newPassword: string }) {
  return apiPost(API.passwordReset, body, { schema: okResponseSchema, logoutOn401: false });
}

export function useRequestOtp() {
  return useMutation({ mutationFn: requestOtp });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/**
 * SPEC §8: the server's words when it gave some, else the step's default; no response at all is a connection error.
 * In the reader's language.
 */
export function passwordErrorMessage(error: unknown, fallback: string): string {
  return localizeText(englishPasswordError(error, fallback));
}

function englishPasswordError(error: unknown, fallback: string): string {
  // A refusal (bad address, too many attempts) says why; a server failure gets the spec's words.
  if (error instanceof ApiError && error.kind === 'http')
    return error.status < 500 ? error.message || fallback : fallback;
  if (error instanceof ApiError && error.kind === 'parse') return fallback;
  return MSG.otp.connection;
}
