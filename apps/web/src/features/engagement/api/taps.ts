import { API, tapsResponseSchema } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { meQueryKey } from '../../../shared/query-keys';
import { engagementKeys } from './keys';

export { engagementKeys };

export const tapsQueryOptions = queryOptions({
  queryKey: engagementKeys.taps(),
  queryFn: () => apiGet(API.taps, { schema: tapsResponseSchema }),
});

export function useTaps() {
  return useQuery(tapsQueryOptions);
}

/** Saves a number of taps (DESIGN D9: the server checks the pace and the daily cap). */
export function useSaveTaps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clicks: number) => apiPost(API.taps, { clicks }, { schema: tapsResponseSchema }),
    onSuccess: (saved) => queryClient.setQueryData(engagementKeys.taps(), saved),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
