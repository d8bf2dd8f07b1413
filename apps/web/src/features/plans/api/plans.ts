import { API, currentInvestmentResponseSchema, investResponseSchema, plansResponseSchema } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { meQueryKey } from '../../auth/api/session';

export type PlansResponse = z.infer<typeof plansResponseSchema>;
export type Plan = PlansResponse['plans'][number];
export type Investment = NonNullable<z.infer<typeof currentInvestmentResponseSchema>['investment']>;
export interface InvestInput {
  plan: string;
  duration: number | null;
  amount: string;
}

export const plansQueryKey = ['plans'] as const;
export const investmentQueryKey = ['investment'] as const;

export function usePlans() {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: () => apiGet(API.plans, { schema: plansResponseSchema }),
    staleTime: 5 * 60_000,
  });
}

export function useCurrentInvestment() {
  return useQuery({
    queryKey: investmentQueryKey,
    queryFn: async () => (await apiGet(API.investments, { schema: currentInvestmentResponseSchema })).investment,
  });
}

/** Starts a plan; the server checks and computes everything (DESIGN D1), then every money view refreshes. */
export function useInvest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InvestInput) => apiPost(API.investments, input, { schema: investResponseSchema }),
    onSuccess: (result) => {
      queryClient.setQueryData(investmentQueryKey, result.investment);
      for (const queryKey of [meQueryKey, ['withdrawal-quote'], ['history'], ['earnings']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
