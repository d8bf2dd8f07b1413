import { API } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { rewardStatus } from '../../../lib/response-shapes';
import { meQueryKey } from '../../auth/api/session';

export const rewardsQueryKey = ['rewards'] as const;

/** Welcome-reward status plus the coin totals (SPEC §4 welcome reward, daily bonus). */
export function useRewards() {
  return useQuery({
    queryKey: rewardsQueryKey,
    queryFn: () => apiGet(API.rewards, { schema: rewardStatus }),
  });
}

function useClaim(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(path, {}, { schema: lazySchema('claimResponseSchema') }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rewardsQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export const useClaimDaily = () => useClaim(API.rewardsDaily);
export const useClaimWelcome = () => useClaim(API.rewardsWelcome);
