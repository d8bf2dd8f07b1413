import { API, tapsResponseSchema } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { meQueryKey } from '../../auth/api/session';
import { rewardsQueryKey } from '../../rewards/api/rewards';

export const tapsQueryKey = ['taps'] as const;

export function useTaps() {
  return useQuery({ queryKey: tapsQueryKey, queryFn: () => apiGet(API.taps, { schema: tapsResponseSchema }) });
}

/** Saves a number of taps (DESIGN D9: the server checks the pace and the daily cap). */
export function useSaveTaps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clicks: number) => apiPost(API.taps, { clicks }, { schema: tapsResponseSchema }),
    onSuccess: (saved) => queryClient.setQueryData(tapsQueryKey, saved),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: rewardsQueryKey });
    },
  });
}
