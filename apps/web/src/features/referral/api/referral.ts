import { API } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { meQueryKey } from '../../auth/api/session';

export const referralQueryKey = ['referral'] as const;

export function useReferral() {
  return useQuery({
    queryKey: referralQueryKey,
    queryFn: () => apiGet(API.referral, { schema: lazySchema('referralResponseSchema') }),
  });
}

export function useSaveReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { source: 'generate' | 'custom'; referralCode: string }) =>
      apiPost(API.referral, body, { schema: lazySchema('referralSaveResponseSchema') }),
    onSuccess: (saved) => {
      queryClient.setQueryData(referralQueryKey, (old: { message: string } | undefined) => ({
        message: old?.message ?? '',
        referralCode: saved.referralCode,
      }));
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
