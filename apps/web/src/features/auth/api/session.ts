import { API, MSG, type UserSnapshot } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { clearStoredUser, setStoredUser } from '../../../lib/storedUser';
import { getStoredUser, useStoredUser } from '../../../lib/useStoredUser';
import { meResponse } from '../../../lib/response-shapes';

export const meQueryKey = ['me'] as const;

export async function getMe(): Promise<UserSnapshot> {
  const res = await apiGet(API.me, { schema: meResponse });
  // Keep the snapshot fresh for the guard and the next first paint, but only refresh one that exists:
  // a late answer must not bring back a user who has just logged out.
  if (getStoredUser()?.id === res.user.id) setStoredUser(res.user);
  return res.user;
}

export function useMe() {
  const signedIn = useStoredUser() !== null;
  return useQuery({ queryKey: meQueryKey, queryFn: getMe, retry: false, enabled: signedIn });
}

/** SPEC §8 dashboard errors: the server had no such user, or the request itself failed. */
export function meErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.kind === 'parse' || error.status === 404)) return MSG.dashboard.userNotFound;
  return MSG.dashboard.fetchError;
}

/** POST /auth/logout, then forget everything about the session whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiPost(API.logout, {}, { schema: lazySchema('logoutResponseSchema'), logoutOn401: false }),
    onSettled: () => {
      clearStoredUser();
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
