import { API, currentInvestmentResponseSchema, investResponseSchema, plansResponseSchema } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { historyKeys, meQueryKey, planKeys, withdrawalKeys } from '../../../shared/query-keys';

// Declared in shared/query-keys: a withdrawal refreshes the investment too.
export { planKeys };

export type PlansResponse = z.infer<typeof plansResponseSchema>;
export type Plan = PlansResponse['plans'][number];
export type Investment = NonNullable<z.infer<typeof currentInvestmentResponseSchema>['investment']>;
export interface InvestInput {
  plan: string;
  duration: number | null;
  amount: string;
}

export const plansQueryOptions = queryOptions({
  queryKey: planKeys.list(),
  queryFn: () => apiGet(API.plans, { schema: plansResponseSchema }),
  staleTime: 5 * 60_000,
});

export function usePlans() {
  return useQuery(plansQueryOptions);
}

export const investmentQueryOptions = queryOptions({
  queryKey: planKeys.investment(),
  queryFn: async () => (await apiGet(API.investments, { schema: currentInvestmentResponseSchema })).investment,
});

export function useCurrentInvestment() {
  return useQuery(investmentQueryOptions);
}

/** Starts a plan; the server checks and computes everything (DESIGN D1), then every money view refreshes. */
export function useInvest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvestInput) => apiPost(API.investments, input, { schema: investResponseSchema }),
    onSuccess: (result) => {
      queryClient.setQueryData(planKeys.investment(), result.investment);
      for (const queryKey of [meQueryKey, withdrawalKeys.quote(), historyKeys.all, withdrawalKeys.earnings()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
