import { API } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { rewardStatus } from '../../../lib/response-shapes';
import { meQueryKey } from '../../../shared/query-keys';
import { engagementKeys } from './keys';

export { engagementKeys };

/** Welcome-reward status plus the coin totals (SPEC §4 welcome reward, daily bonus). */
export const rewardsQueryOptions = queryOptions({
  queryKey: engagementKeys.rewards(),
  queryFn: () => apiGet(API.rewards, { schema: rewardStatus }),
});

export function useRewards() {
  return useQuery(rewardsQueryOptions);
}

function useClaim(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(path, {}, { schema: lazySchema('claimResponseSchema') }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: engagementKeys.rewards() });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export const useClaimDaily = () => useClaim(API.rewardsDaily);
export const useClaimWelcome = () => useClaim(API.rewardsWelcome);
