import {
  lateWithdrawalListSchema,
  WITHDRAWAL_CONTROLS_API,
  withdrawalLimitsSchema,
  type WithdrawalLimitsSet,
} from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { withdrawalKeys } from '../../../shared/query-keys';

/** Withdrawals past the spec's promised time, not paid (ADR 0044). Under the queue's key: every admin change reloads it. */
export function useLateWithdrawals() {
  return useQuery({
    queryKey: [...withdrawalKeys.queue(), 'late'],
    queryFn: async () => (await apiGet(WITHDRAWAL_CONTROLS_API.late, { schema: lateWithdrawalListSchema })).withdrawals,
  });
}

const limitsKey = (userId: string) => [...withdrawalKeys.queue(), 'limits', userId];

/** A user's withdrawal caps: the defaults, any override, and what is used (finance sets them). */
export function useWithdrawalLimits(userId: string | null) {
  return useQuery({
    queryKey: limitsKey(userId ?? ''),
    enabled: userId !== null,
    queryFn: () =>
      apiGet(pathWith(WITHDRAWAL_CONTROLS_API.limits, { id: userId! }), { schema: withdrawalLimitsSchema }),
  });
}

const savedSchema = z.object({ success: z.literal(true), message: z.string(), limits: withdrawalLimitsSchema });

export function useSetWithdrawalLimits(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawalLimitsSet) =>
      apiPost(pathWith(WITHDRAWAL_CONTROLS_API.limits, { id: userId }), input, { schema: savedSchema }),
    onSuccess: (saved) => queryClient.setQueryData(limitsKey(userId), saved.limits),
  });
}
