import { API, leaderboardSchema, stakingActionResponseSchema, stakingSummarySchema } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { meQueryKey } from '../../../shared/query-keys';

export type StakingSummary = z.infer<typeof stakingSummarySchema>;
export type LeaderboardEntry = z.infer<typeof leaderboardSchema>['top'][number];

export const stakingKeys = {
  all: ['staking'] as const,
  /** The user's summary; the same key as `all`, so it is a prefix of the leaderboard's. */
  summary: () => stakingKeys.all,
  leaderboard: () => [...stakingKeys.all, 'leaderboard'] as const,
};

/** SPEC §9: first load after 1.5 s, then polled every 10 s. */
export const FIRST_LOAD_MS = 1_500;
export const POLL_MS = 10_000;

export const stakingSummaryQueryOptions = queryOptions({
  queryKey: stakingKeys.summary(),
  queryFn: () => apiGet(API.staking, { schema: stakingSummarySchema }),
  refetchInterval: POLL_MS,
});

export function useStakingSummary(firstLoadMs = FIRST_LOAD_MS) {
  const [ready, setReady] = useState(firstLoadMs <= 0);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setReady(true), firstLoadMs);
    return () => clearTimeout(timer);
  }, [ready, firstLoadMs]);
  return useQuery({ ...stakingSummaryQueryOptions, enabled: ready });
}

export const leaderboardQueryOptions = queryOptions({
  queryKey: stakingKeys.leaderboard(),
  queryFn: () => apiGet(API.stakingLeaderboard, { schema: leaderboardSchema }),
});

export function useLeaderboard(enabled: boolean) {
  return useQuery({ ...leaderboardQueryOptions, enabled, refetchInterval: enabled ? POLL_MS : false });
}

export type StakingAction =
  | { path: typeof API.stakingConvert; body: { direction: 'toFund' | 'toBalance'; amount: string } }
  | { path: typeof API.stakingBuy; body: { amount: string } }
  | { path: typeof API.stakingSell; body: { tokens: string } }
  | { path: typeof API.stakingStake; body: { tokens: string } }
  | { path: typeof API.stakingWithdrawEarned; body: Record<string, never> }
  | { path: typeof API.stakingTransfer; body: { recipient: string; amount: string } };

/** Every staking POST answers `{success, message, summary}`; the summary replaces the cached one. */
export function useStakingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: StakingAction) => apiPost(action.path, action.body, { schema: stakingActionResponseSchema }),
    onSuccess: (done) => queryClient.setQueryData<StakingSummary>(stakingKeys.summary(), done.summary),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: stakingKeys.leaderboard() });
    },
  });
}
