import { API, type TwoFactorDisable, type TwoFactorStatus } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, serverAnswer } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { accountKeys, adminKeys } from '../../../shared/query-keys';

// The answers are trusted as the server's response schemas shaped them (serverAnswer): Settings needs no zod.
type Ok = { success: true; message: string };
type SetupKey = { secret: string; otpauthUrl: string };
type Confirmed = Ok & { recoveryCodes: string[] };

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  /** An admin's view of one user's factor: under the admin key, as every admin screen's data. */
  ofUser: (userId: string) => [...adminKeys.all, 'two-factor', userId] as const,
};

/** GET /two-factor: on or off, and the recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorKeys.all,
    queryFn: () => apiGet(API.twoFactor, { schema: serverAnswer<TwoFactorStatus>() }),
  });
}

/** The key to enrol: asked for when the user starts (the server keeps it until confirmed), dropped when they leave. */
export function useTwoFactorSetup() {
  return useQuery({
    queryKey: ['two-factor-setup'],
    queryFn: () => apiPost(API.twoFactorSetup, {}, { schema: serverAnswer<SetupKey>() }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/**
 * The first code turns it on and brings the recovery codes (shown once: the status reloads when they are saved).
 * The server ends the account's other sessions with it, so their list reloads now.
 */
export function useTwoFactorConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost(API.twoFactorConfirm, { code }, { schema: serverAnswer<Confirmed>() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

export function useTwoFactorDisable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisable) => apiPost(API.twoFactorDisable, body, { schema: serverAnswer<Ok>() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.all }),
  });
}

/** The admin console: whether a user's factor is on (never its secret). */
export function useUserTwoFactor(userId: string) {
  return useQuery({
    queryKey: twoFactorKeys.ofUser(userId),
    queryFn: () =>
      apiGet(pathWith(API.adminUserTwoFactor, { id: userId }), { schema: serverAnswer<{ enabled: boolean }>() }),
  });
}

export function useResetUserTwoFactor(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiPost(pathWith(API.adminUserTwoFactorReset, { id: userId }), {}, { schema: serverAnswer<Ok>() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.ofUser(userId) }),
  });
}
