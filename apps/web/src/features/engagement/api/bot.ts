import { API } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { botStatus } from '../../../lib/response-shapes';
import { meQueryKey } from '../../../shared/query-keys';
import { engagementKeys } from './keys';

export { engagementKeys };

export const botQueryOptions = queryOptions({
  queryKey: engagementKeys.bot(),
  queryFn: () => apiGet(API.bot, { schema: botStatus }),
});

export function useBotStatus() {
  return useQuery(botQueryOptions);
}

/** SPEC §4: inactive → active, paid with 500,000 coins or $5 of balance. */
export function useActivateBot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: 'coins' | 'balance') =>
      apiPost(API.botActivate, { method }, { schema: lazySchema('botActivateResponseSchema') }),
    onSuccess: (status) => queryClient.setQueryData(engagementKeys.bot(), status),
    onSettled: (_status, error) => {
      // A failure may still have activated it (a lost answer): show what the server says.
      if (error) void queryClient.invalidateQueries({ queryKey: engagementKeys.bot() });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: engagementKeys.rewards() });
    },
  });
}
