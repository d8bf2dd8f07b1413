import { API, MSG, type MeResponse } from '@svp/shared';
import { sharedTextsOf } from '../language/useMsg';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, serverAnswer } from '../../lib/api';
import { setStoredUser } from '../../lib/storedUser';
import { getStoredUser, useStoredUser } from '../../lib/useStoredUser';
import { meQueryKey } from '../query-keys';

/**
 * GET /me: the §3 snapshot and, for a user, the dashboard home's coin box and bot box (`engagement`), so that
 * the home's first screen is this request and /config (DESIGN §7).
 */
export async function getMe(): Promise<MeResponse> {
  const res = await apiGet(API.me, { schema: serverAnswer<MeResponse>() });
  // Keep the snapshot fresh for the guard and the next first paint, but only refresh one that exists:
  // a late answer must not bring back a user who has just logged out.
  if (getStoredUser()?.id === res.user.id) setStoredUser(res.user);
  return res;
}

export const meQueryOptions = queryOptions({ queryKey: meQueryKey, queryFn: getMe, retry: false });

/**
 * A part of the signed-in user's /me answer; asked for only while a user is stored (signed in). Every reader
 * shares the one request, and refreshing `meQueryKey` refreshes them all. `select` must be a stable function.
 */
export function useMeAnswer<T>(select: (me: MeResponse) => T) {
  const signedIn = useStoredUser() !== null;
  return useQuery({ ...meQueryOptions, enabled: signedIn, select });
}

const userOf = (me: MeResponse) => me.user;

/** The signed-in user's snapshot. */
export const useMe = () => useMeAnswer(userOf);

/** SPEC §8 dashboard errors: the server had no such user, or the request itself failed. */
export function meErrorText(error: unknown): string {
  const texts = sharedTextsOf('MSG', MSG);
  if (error instanceof ApiError && (error.kind === 'parse' || error.status === 404))
    return texts.dashboard.userNotFound;
  return texts.dashboard.fetchError;
}
