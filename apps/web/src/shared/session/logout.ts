import { API } from '@svp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiPost } from '../../lib/api';
import { lazySchema } from '../../lib/lazy-schema';
import { clearStoredUser } from '../../lib/storedUser';

/** POST /auth/logout, then forget everything about the session whatever the server said. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiPost(API.logout, {}, { schema: lazySchema('logoutResponseSchema'), logoutOn401: false }),
    onSettled: () => {
      clearStoredUser();
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
