import {
  API,
  accountSecuritySchema,
  accountSessionsSchema,
  okResponseSchema,
  revokeSessionsResponseSchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type SignInEntry,
} from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, serverAnswer } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { meQueryKey } from '../../../shared/query-keys';
import { accountKeys } from '../../../shared/query-keys';

export const accountSecurityQueryOptions = queryOptions({
  queryKey: accountKeys.security(),
  queryFn: () => apiGet(API.accountSecurity, { schema: accountSecuritySchema }),
});

export const sessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions(),
  queryFn: async () => (await apiGet(API.accountSessions, { schema: accountSessionsSchema })).sessions,
});

/** A sign-in as listed; `outcome` is any string, so an outcome added on the server later still shows. */
export type SignInRow = Omit<SignInEntry, 'outcome'> & { outcome: string };

export const signInsQueryOptions = queryOptions({
  queryKey: accountKeys.signIns(),
  queryFn: async () => (await apiGet(API.accountSignIns, { schema: serverAnswer<{ signIns: SignInRow[] }>() })).signIns,
});

export const useAccountSecurity = () => useQuery(accountSecurityQueryOptions);
export const useSessions = () => useQuery(sessionsQueryOptions);
export const useSignIns = () => useQuery(signInsQueryOptions);

/** A new password; the server signs out every other session, so the list reloads. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) => apiPost(API.accountPassword, body, { schema: okResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}

/** Asks to move the account to a new address (pending until its link is opened). */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) => apiPost(API.accountEmail, body, { schema: okResponseSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}

/** Signs out one session (`id`), or every other one (no id). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null
        ? apiPost(API.accountSessionsRevokeOthers, {}, { schema: revokeSessionsResponseSchema })
        : apiPost(pathWith(API.accountSessionRevoke, { id }), {}, { schema: revokeSessionsResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions() }),
  });
}
