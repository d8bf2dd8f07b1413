import {
  API,
  earningsResponseSchema,
  moveToBalanceResponseSchema,
  withdrawalListSchema,
  withdrawalResponseSchema,
} from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { historyKeys, meQueryKey, planKeys, withdrawalKeys } from '../../../shared/query-keys';
import { withdrawalQuoteQueryOptions, type WithdrawalQuote } from './quote';

// Declared in shared/query-keys: investing refreshes the quote and the earnings too.
export { withdrawalKeys };

export type { WithdrawalQuote };
export type Withdrawal = z.infer<typeof withdrawalListSchema>['withdrawals'][number];
export type WithdrawalResult = z.infer<typeof withdrawalResponseSchema>;
export type WithdrawalKind = Withdrawal['kind'];

// In a module of its own: the sidebar reads it on every page, without this module's schemas.
export { withdrawalQuoteQueryOptions };

export function useWithdrawalQuote() {
  return useQuery(withdrawalQuoteQueryOptions);
}

export const withdrawalsQueryOptions = queryOptions({
  queryKey: withdrawalKeys.list(),
  queryFn: async () => (await apiGet(API.withdrawals, { schema: withdrawalListSchema })).withdrawals,
});

export function useWithdrawals() {
  return useQuery(withdrawalsQueryOptions);
}

export const earningsQueryOptions = queryOptions({
  queryKey: withdrawalKeys.earnings(),
  queryFn: async () => (await apiGet(API.earnings, { schema: earningsResponseSchema })).earnings,
});

export function useEarnings() {
  return useQuery(earningsQueryOptions);
}

/** Every view a withdrawal changes: the quote, the list, earnings, the balance snapshot and history. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      // withdrawalKeys.all: the quote, the list and the earnings.
      [withdrawalKeys.all, meQueryKey, planKeys.investment(), historyKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useRequestWithdrawal() {
  return useMutation({
    mutationFn: (kind: WithdrawalKind) => apiPost(API.withdrawals, { kind }, { schema: withdrawalResponseSchema }),
  });
}

/** Closes a matured plan into the balance (ADR 0013). */
export function useMoveToBalance() {
  return useMutation({
    mutationFn: () => apiPost(API.withdrawalToBalance, {}, { schema: moveToBalanceResponseSchema }),
  });
}
