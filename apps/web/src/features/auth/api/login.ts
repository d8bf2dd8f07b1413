import { t } from '@lingui/core/macro';
import { API, MSG, type LoginRequest, type Role, type UserSnapshot } from '@svp/shared';
import { useCallback, useState } from 'react';
import { ApiError, apiPost } from '../../../lib/api';
import { setStoredUser } from '../../../lib/storedUser';
import { localizeText } from '../../../shared/language/i18n';

export interface LoginVariant {
  role: Role;
  endpoint: string;
  /** SPEC §8: the default when the server gives no message. */
  invalidMessage: string;
  /** SPEC §6: what a person of the other role sees. */
  deniedMessage: string;
}

export const USER_LOGIN: LoginVariant = {
  role: 'user',
  endpoint: API.login,
  invalidMessage: MSG.login.invalid,
  deniedMessage: MSG.login.userOnly,
};

export const ADMIN_LOGIN: LoginVariant = {
  role: 'admin',
  endpoint: API.adminLogin,
  invalidMessage: MSG.adminLogin.invalid,
  deniedMessage: MSG.adminLogin.adminOnly,
};

/** Refusals the server words for the person (the spec's "server message" case): shown as they are. */
const SHOWN_AS_IS = new Set([
  'INVALID_CREDENTIALS',
  'ROLE_DENIED',
  'ACCOUNT_DISABLED',
  'RATE_LIMITED',
  'VALIDATION_ERROR',
]);

/** SPEC §8 login messages for a failed attempt. */
export function loginErrorMessage(error: unknown, variant: LoginVariant): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return localizeText(MSG.login.network);
    if (error.kind === 'http' && error.code && SHOWN_AS_IS.has(error.code)) {
      return localizeText(error.message || variant.invalidMessage);
    }
    if (error.kind === 'http') return errorPrefixed(localizeText(error.message || MSG.login.httpErrorDefault));
  }
  return errorPrefixed(localizeText(MSG.login.httpErrorDefault));
}

const errorPrefixed = (text: string) => t`Error: ${text}`;

const loadSchema = () => import('./login-schema');

/** Starts fetching the response validator; the form calls it on focus so submit never waits. */
export function preloadLoginSchema(): void {
  void loadSchema().catch(() => undefined);
}

/**
 * The password step: the signed-in user, or 'verify' when the account's second factor comes next (nothing is
 * stored until the code is given: TotpStep).
 */
export async function login(variant: LoginVariant, body: LoginRequest): Promise<UserSnapshot | 'verify'> {
  const { loginResponseSchema: schema } = await loadSchema().catch(() => {
    throw new ApiError('network', 0, 'Could not load the login code'); // offline since the page loaded
  });
  const res = await apiPost(variant.endpoint, body, { schema, logoutOn401: false });
  if (res.mfa === 'verify') return 'verify';
  if (!res.user) throw new ApiError('parse', 200, 'Unexpected response from the server');
  // The server enforces roles; this check only keeps a mismatched snapshot out of storage.
  if (res.user.role !== variant.role) throw new ApiError('http', 403, variant.deniedMessage, 'ROLE_DENIED');
  setStoredUser(res.user);
  return res.user;
}

interface LoginCallbacks {
  onSuccess: (result: unknown) => void;
  onError: (error: unknown) => void;
}

/**
 * The sign-in request and whether it is on its way. Plain state, not the query library: the login page's first
 * bundle carries none (DESIGN §7); a second submit while one is pending shares its answer (apiPost).
 */
export function useLogin(variant: LoginVariant, submit?: (body: LoginRequest) => Promise<unknown>) {
  const [isPending, setPending] = useState(false);
  const mutate = useCallback(
    (body: LoginRequest, { onSuccess, onError }: LoginCallbacks) => {
      setPending(true);
      (submit ? submit(body) : login(variant, body)).then(
        (result) => {
          setPending(false);
          onSuccess(result);
        },
        (error: unknown) => {
          setPending(false);
          onError(error);
        },
      );
    },
    [variant, submit],
  );
  return { isPending, mutate };
}
