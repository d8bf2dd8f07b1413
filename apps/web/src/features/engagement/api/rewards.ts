import { API, type MeResponse, type RewardStatus } from '@svp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { meQueryKey } from '../../../shared/query-keys';
import { useMeAnswer } from '../../../shared/session/me';

const rewardsOf = (me: MeResponse): RewardStatus | null => me.engagement?.rewards ?? null;

/**
 * Welcome-reward status plus the coin totals (SPEC §4 welcome reward, daily bonus) as GET /rewards answers them,
 * from the /me answer (the home needs no request of its own: DESIGN §7).
 */
export function useRewards() {
  return useMeAnswer(rewardsOf);
}

function useClaim(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(path, {}, { schema: lazySchema('claimResponseSchema') }),
    // Settled once /me has answered again, so whoever waits for the claim sees the coins it moved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export const useClaimDaily = () => useClaim(API.rewardsDaily);
export const useClaimWelcome = () => useClaim(API.rewardsWelcome);
