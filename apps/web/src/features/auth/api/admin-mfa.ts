import {
  API,
  MSG,
  adminLoginResponseSchema,
  totpSetupSchema,
  totpVerifyResponseSchema,
  type LoginRequest,
  type UserSnapshot,
} from '@svp/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api';
import { setStoredUser } from '../../../lib/storedUser';

export type MfaStage = 'setup' | 'verify';

/** Step 1 of the admin login: the password, answered with the second-factor stage (no user yet). */
export async function adminPasswordLogin(body: LoginRequest): Promise<MfaStage> {
  const res = await apiPost(API.adminLogin, body, { schema: adminLoginResponseSchema, logoutOn401: false });
  return res.mfa;
}

/** The secret to enrol, fetched once per sign-in (the server keeps it until confirmed). */
export function useTotpSetup(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'totp', 'setup'],
    queryFn: () => apiPost(API.adminTotpSetup, {}, { schema: totpSetupSchema, logoutOn401: false }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

export interface VerifiedAdmin {
  user: UserSnapshot;
  recoveryCodes?: string[];
}

/** Step 2: a TOTP code (or a recovery code); on success the session is complete and the snapshot stored. */
export function useTotpVerify() {
  return useMutation({
    mutationFn: async (code: string): Promise<VerifiedAdmin> => {
      const res = await apiPost(
        API.adminTotpVerify,
        { code },
        { schema: totpVerifyResponseSchema, logoutOn401: false },
      );
      if (res.user.role !== 'admin') throw new ApiError('http', 403, MSG.adminLogin.adminOnly, 'ROLE_DENIED');
      setStoredUser(res.user);
      return { user: res.user, recoveryCodes: res.recoveryCodes };
    },
  });
}

/** SPEC-style texts for a failed code: the server's (MSG.totp.invalid, rate limit), else a network text. */
export function totpErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return MSG.login.network;
    if (error.status === 429) return error.message || MSG.common.rateLimited;
    if (error.kind === 'http') return error.message || MSG.totp.invalid;
  }
  return MSG.totp.invalid;
}
