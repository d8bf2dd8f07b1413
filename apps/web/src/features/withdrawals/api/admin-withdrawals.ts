import { API, adminWithdrawalListSchema, withdrawalSchema } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { refreshAfterAdminChange } from '../../../shared/admin-refresh';
import { withdrawalKeys } from '../../../shared/query-keys';

// Declared in shared/query-keys: investing and the money screens refresh the user's withdrawal views too.
export { withdrawalKeys };

/** A withdrawal in the admin's queue: pending (to approve or reject) or approved (being paid; DESIGN D16). */
export type QueuedWithdrawal = z.infer<typeof adminWithdrawalListSchema>['withdrawals'][number];
export type Decision = { action: 'pay'; txHash: string } | { action: 'reject'; reason: string };

/** The queue: pending and approved withdrawals, earliest due date first (DESIGN D7, D13, D16). */
export const withdrawalQueueQueryOptions = queryOptions({
  queryKey: withdrawalKeys.queue(),
  queryFn: async () => (await apiGet(API.adminWithdrawals, { schema: adminWithdrawalListSchema })).withdrawals,
});

export function useWithdrawalQueue() {
  return useQuery(withdrawalQueueQueryOptions);
}

/**
 * Approves one pending withdrawal for payment from the treasury. Idempotent on the server, and a second click
 * while the first is unanswered shares its request (lib/api): the body and path are the same. The queue
 * reloads either way (a refusal as no longer pending means it moved).
 */
export function useApproveWithdrawal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(pathWith(API.adminWithdrawalApprove, { id }), {}, { schema: withdrawalSchema }),
    onSuccess: () => refreshAfterAdminChange(queryClient),
    onError: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.queue() }),
  });
}

/**
 * Records an approved withdrawal as paid by a hand-entered transaction hash (the server checks it on chain
 * first and refuses with PAYOUT_UNVERIFIED and the reason), or rejects a pending or approved one (funds
 * return). The queue reloads after either way, and on success everything else the decision changed too: the
 * user's balances, the overview, the treasury report, the audit log.
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
    onError: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.queue() }),
  });
}
