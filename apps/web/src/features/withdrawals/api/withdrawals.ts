import {
  API,
  earningsResponseSchema,
  moveToBalanceResponseSchema,
  withdrawalListSchema,
  withdrawalQuoteSchema,
  withdrawalResponseSchema,
} from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { meQueryKey } from '../../auth/api/session';

export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;
export type Withdrawal = z.infer<typeof withdrawalListSchema>['withdrawals'][number];
export type WithdrawalResult = z.infer<typeof withdrawalResponseSchema>;
export type WithdrawalKind = Withdrawal['kind'];

export const quoteQueryKey = ['withdrawal-quote'] as const;
export const withdrawalsQueryKey = ['withdrawals'] as const;
export const earningsQueryKey = ['earnings'] as const;

export function useWithdrawalQuote() {
  return useQuery({
    queryKey: quoteQueryKey,
    queryFn: () => apiGet(API.withdrawalQuote, { schema: withdrawalQuoteSchema }),
  });
}

export function useWithdrawals() {
  return useQuery({
    queryKey: withdrawalsQueryKey,
    queryFn: async () => (await apiGet(API.withdrawals, { schema: withdrawalListSchema })).withdrawals,
  });
}

export function useEarnings() {
  return useQuery({
    queryKey: earningsQueryKey,
    queryFn: async () => (await apiGet(API.earnings, { schema: earningsResponseSchema })).earnings,
  });
}

/** Every view a withdrawal changes: the quote, the list, earnings, the balance snapshot and history. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [quoteQueryKey, withdrawalsQueryKey, earningsQueryKey, meQueryKey, ['investment'], ['history']].map((queryKey) =>
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
