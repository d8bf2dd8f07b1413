import { API, adminWithdrawalListSchema, withdrawalSchema } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';

export type PendingWithdrawal = z.infer<typeof adminWithdrawalListSchema>['withdrawals'][number];
export type Decision = { action: 'pay'; txHash: string } | { action: 'reject'; reason: string };

export const pendingWithdrawalsKey = ['admin', 'withdrawals'] as const;

/** Pending withdrawals, earliest due date first (DESIGN D7, D13). */
export function usePendingWithdrawals() {
  return useQuery({
    queryKey: pendingWithdrawalsKey,
    queryFn: async () => (await apiGet(API.adminWithdrawals, { schema: adminWithdrawalListSchema })).withdrawals,
  });
}

/** Marks one withdrawal paid (with its transaction hash) or rejects it (funds return); the queue reloads after. */
export function useDecideWithdrawal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.action === 'pay'
        ? apiPost(pathWith(API.adminWithdrawalPay, { id }), { txHash: decision.txHash }, { schema: withdrawalSchema })
        : apiPost(
            pathWith(API.adminWithdrawalReject, { id }),
            { reason: decision.reason },
            { schema: withdrawalSchema },
          ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingWithdrawalsKey }),
  });
}
