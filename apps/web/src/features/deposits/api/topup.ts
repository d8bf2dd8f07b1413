import { API, topupResponseSchema, topupStatusSchema } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { historyKeys, meQueryKey } from '../../../shared/query-keys';
import { liveStreamUp } from '../../../shared/live-stream-state';

export type TopupQuote = z.infer<typeof topupResponseSchema>;
export type TopupStatus = z.infer<typeof topupStatusSchema>;
export type Payment = TopupStatus['newPayments'][number];

/** SPEC §9: the panel asks the server about the payment every 30 seconds. */
export const STATUS_POLL_MS = 30_000;

export const depositKeys = {
  all: ['deposits'] as const,
  /** One top-up request's payment status. */
  topupStatus: (requestId: string) => [...depositKeys.all, 'topup-status', requestId] as const,
};

export function useCreateTopup() {
  return useMutation({
    mutationFn: (amount: string) => apiPost(API.topup, { amount }, { schema: topupResponseSchema }),
  });
}

/** Polls until something has arrived; the balance follows once it has. */
export const topupStatusQueryOptions = (requestId: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: depositKeys.topupStatus(requestId),
    queryFn: async () => {
      const status = await apiGet(pathWith(API.topupStatus, { requestId }), { schema: topupStatusSchema });
      if (status.status === 'paid') void queryClient.invalidateQueries({ queryKey: meQueryKey });
      return status;
    },
    // The live stream refreshes the panel when a payment is credited; polling is the fallback while it is down.
    refetchInterval: (query) => (query.state.data?.status === 'paid' || liveStreamUp() ? false : STATUS_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** Polls while the payment view is open and nothing has arrived yet; the balance follows once it has. */
export function useTopupStatus(requestId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({ ...topupStatusQueryOptions(requestId, queryClient), enabled });
}

/** Development only (config.devTools): pays on the simulated chain, then runs the deposit watcher once. */
export function useTestPayment(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: string | undefined) =>
      apiPost(API.topupTestPayment, amount ? { requestId, amount } : { requestId }, { schema: topupStatusSchema }),
    onSuccess: (status) => {
      queryClient.setQueryData(depositKeys.topupStatus(requestId), status);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: historyKeys.all });
    },
  });
}
