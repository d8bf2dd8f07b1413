import {
  API,
  MSG,
  adminLoginResponseSchema,
  totpSetupSchema,
  totpVerifyResponseSchema,
  type LoginRequest,
  type Role,
  type UserSnapshot,
} from '@svp/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api';
import { setStoredUser } from '../../../lib/storedUser';
import { adminKeys } from '../../../shared/query-keys';

export type MfaStage = 'setup' | 'verify';

/** Step 1 of the admin login: the password, answered with the second-factor stage (no user yet). */
export async function adminPasswordLogin(body: LoginRequest): Promise<MfaStage> {
  const res = await apiPost(API.adminLogin, body, { schema: adminLoginResponseSchema, logoutOn401: false });
  return res.mfa;
}

export const authKeys = {
  /** Under the admin key, as every query of an admin's session. */
  totpSetup: () => [...adminKeys.all, 'totp', 'setup'] as const,
};

export const totpSetupQueryOptions = queryOptions({
  queryKey: authKeys.totpSetup(),
  queryFn: () => apiPost(API.adminTotpSetup, {}, { schema: totpSetupSchema, logoutOn401: false }),
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});

/** The secret to enrol, fetched once per sign-in (the server keeps it until confirmed). */
export function useTotpSetup(enabled: boolean) {
  return useQuery({ ...totpSetupQueryOptions, enabled });
}

export interface VerifiedAdmin {
  user: UserSnapshot;
  recoveryCodes?: string[];
}

/**
 * Step 2: a TOTP code (or a recovery code); on success the session is complete and the snapshot stored. An admin's
 * login and a user's with two-factor sign-in on share it; only the endpoint and the expected role differ.
 */
export function useTotpVerify(portal: Role = 'admin') {
  return useMutation({
    mutationFn: async (code: string): Promise<VerifiedAdmin> => {
      const res = await apiPost(
        portal === 'admin' ? API.adminTotpVerify : API.twoFactorSignIn,
        { code },
        { schema: totpVerifyResponseSchema, logoutOn401: false },
      );
      if (res.user.role !== portal) {
        const denied = portal === 'admin' ? MSG.adminLogin.adminOnly : MSG.login.userOnly;
        throw new ApiError('http', 403, denied, 'ROLE_DENIED');
      }
      setStoredUser(res.user);
      return { user: res.user, recoveryCodes: res.recoveryCodes };
    },
  });
}
