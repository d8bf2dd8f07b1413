import { API } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { meQueryKey } from '../../../shared/query-keys';

export const referralKeys = { all: ['referrals'] as const };

export const referralQueryOptions = queryOptions({
  queryKey: referralKeys.all,
  queryFn: () => apiGet(API.referral, { schema: lazySchema('referralResponseSchema') }),
});

export function useReferral() {
  return useQuery(referralQueryOptions);
}

export function useSaveReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { source: 'generate' | 'custom'; referralCode: string }) =>
      apiPost(API.referral, body, { schema: lazySchema('referralSaveResponseSchema') }),
    onSuccess: (saved) => {
      queryClient.setQueryData(referralKeys.all, (old: { message: string } | undefined) => ({
        message: old?.message ?? '',
        referralCode: saved.referralCode,
      }));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
