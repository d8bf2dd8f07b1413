import { API, MSG } from '@svp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPost } from '../../../lib/api';
import { localizeText } from '../../../shared/language/i18n';
import { lazySchema } from '../../../lib/lazy-schema';
import { meQueryKey } from '../../../shared/query-keys';

/** POST /profile/username; the snapshot (/me) reloads so every screen shows the new name. */
export function useUpdateUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) =>
      apiPost(API.profileUsername, { username }, { schema: lazySchema('okResponseSchema') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** SPEC §8: the server's message (invalid, taken), "Failed to update username", or the network text; translated. */
export function usernameErrorText(error: unknown): string {
  return localizeText(englishUsernameError(error));
}

function englishUsernameError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.kind === 'network') return MSG.profile.network;
    if (error.kind === 'http' && error.status < 500 && error.message) return error.message;
  }
  return MSG.profile.usernameFailed;
}
