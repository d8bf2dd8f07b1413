import { API, adminWithdrawalListSchema, withdrawalSchema } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { refreshAfterAdminChange } from './console';

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

/**
 * Marks one withdrawal paid (with its transaction hash) or rejects it (funds return). The queue reloads after
 * either way (a decision refused as no longer pending means the queue moved), and on success everything else
 * the decision changed too: the user's balances, the overview, the audit log.
 */
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
    onSuccess: () => refreshAfterAdminChange(queryClient),
    onError: () => queryClient.invalidateQueries({ queryKey: pendingWithdrawalsKey }),
  });
}
