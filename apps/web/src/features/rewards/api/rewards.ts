import { API, claimResponseSchema, rewardStatusSchema } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { meQueryKey } from '../../auth/api/session';

export const rewardsQueryKey = ['rewards'] as const;

/** Welcome-reward status plus the coin totals (SPEC §4 welcome reward, daily bonus). */
export function useRewards() {
  return useQuery({
    queryKey: rewardsQueryKey,
    queryFn: () => apiGet(API.rewards, { schema: rewardStatusSchema }),
  });
}

function useClaim(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(path, {}, { schema: claimResponseSchema }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: rewardsQueryKey });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

export const useClaimDaily = () => useClaim(API.rewardsDaily);
export const useClaimWelcome = () => useClaim(API.rewardsWelcome);
