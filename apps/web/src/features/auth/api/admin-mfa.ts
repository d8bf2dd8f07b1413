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
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError, apiPost } from '../../../lib/api';
import { setStoredUser } from '../../../lib/storedUser';

export type MfaStage = 'setup' | 'verify';

/** Step 1 of the admin login: the password, answered with the second-factor stage (no user yet). */
export async function adminPasswordLogin(body: LoginRequest): Promise<MfaStage> {
  const res = await apiPost(API.adminLogin, body, { schema: adminLoginResponseSchema, logoutOn401: false });
  return res.mfa;
}

/**
 * The secret to enrol, asked for once when the set-up step shows (the server keeps it until confirmed). A mutation,
 * not a query: the enrolment stores the admin, which resets every query of the tab (a new identity), and a query
 * would ask again, refused with a 409 as the secret is no longer pending.
 */
export function useTotpSetup(enabled: boolean) {
  const setup = useMutation({
    mutationFn: () => apiPost(API.adminTotpSetup, {}, { schema: totpSetupSchema, logoutOn401: false }),
  });
  // Once per step: React's development double effects must not ask twice either.
  const asked = useRef(false);
  const { mutate } = setup;
  useEffect(() => {
    if (!enabled || asked.current) return;
    asked.current = true;
    mutate();
  }, [enabled, mutate]);
  return setup;
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
