import { API, topupResponseSchema, topupStatusSchema } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { meQueryKey } from '../../auth/api/session';

export type TopupQuote = z.infer<typeof topupResponseSchema>;
export type TopupStatus = z.infer<typeof topupStatusSchema>;
export type Payment = TopupStatus['newPayments'][number];

/** SPEC §9: the panel asks the server about the payment every 30 seconds. */
export const STATUS_POLL_MS = 30_000;

export const topupStatusKey = (requestId: string) => ['topup-status', requestId] as const;

export function useCreateTopup() {
  return useMutation({
    mutationFn: (amount: string) => apiPost(API.topup, { amount }, { schema: topupResponseSchema }),
  });
}

/** Polls while the payment view is open and nothing has arrived yet; the balance follows once it has. */
export function useTopupStatus(requestId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: topupStatusKey(requestId),
    queryFn: async () => {
      const status = await apiGet(pathWith(API.topupStatus, { requestId }), { schema: topupStatusSchema });
      if (status.status === 'paid') void queryClient.invalidateQueries({ queryKey: meQueryKey });
      return status;
    },
    enabled,
    refetchInterval: (query) => (query.state.data?.status === 'paid' ? false : STATUS_POLL_MS),
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
}

/** Development only (config.devTools): pays on the simulated chain, then runs the deposit watcher once. */
export function useTestPayment(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: string | undefined) =>
      apiPost(API.topupTestPayment, amount ? { requestId, amount } : { requestId }, { schema: topupStatusSchema }),
    onSuccess: (status) => {
      queryClient.setQueryData(topupStatusKey(requestId), status);
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['history'] });
    },
  });
}
