import { API } from '@svp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { accountKeys } from '../../../shared/query-keys';

/**
 * "Resend": a new verification link to the pending address, or the account's own while unverified. Kept apart
 * from the Security screen's requests: the dashboard's banner uses it, and its schema loads only when sent.
 */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(API.accountEmailResend, {}, { schema: lazySchema('okResponseSchema') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.security() }),
  });
}
