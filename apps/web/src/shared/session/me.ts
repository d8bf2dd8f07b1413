import { API, MSG, type UserSnapshot } from '@svp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../lib/api';
import { setStoredUser } from '../../lib/storedUser';
import { getStoredUser, useStoredUser } from '../../lib/useStoredUser';
import { meResponse } from '../../lib/response-shapes';
import { meQueryKey } from '../query-keys';

export async function getMe(): Promise<UserSnapshot> {
  const res = await apiGet(API.me, { schema: meResponse });
  // Keep the snapshot fresh for the guard and the next first paint, but only refresh one that exists:
  // a late answer must not bring back a user who has just logged out.
  if (getStoredUser()?.id === res.user.id) setStoredUser(res.user);
  return res.user;
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe, retry: false });

/** The signed-in user's snapshot; asked for only while a user is stored (signed in). */
export function useMe() {
  const signedIn = useStoredUser() !== null;
  return useQuery({ ...meQueryOptions, enabled: signedIn });
}

/** SPEC §8 dashboard errors: the server had no such user, or the request itself failed. */
export function meErrorText(error: unknown): string {
  if (error instanceof ApiError && (error.kind === 'parse' || error.status === 404)) return MSG.dashboard.userNotFound;
  return MSG.dashboard.fetchError;
}
