import { API } from '@svp/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { apiPost } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { clearStoredUser } from '../../../lib/storedUser';
import { ConfirmLogoutModal } from '../../../shared/session/LogoutModal';

/**
 * POST /auth/logout, then forget the session whatever the server said, as a user's logout does; an admin
 * lands back on the admin login (/admin), where they came in, not on the user login.
 *
 * The order matters: the console's route guard sends anyone without a stored user to "/", and it would win
 * the race with the navigation to /admin (which waits for its page's code). So the console is left first,
 * and the stored user and cached data are forgotten as it unmounts.
 */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leaving = useRef(false);
  useEffect(
    () => () => {
      if (!leaving.current) return;
      clearStoredUser();
      queryClient.clear();
    },
    [queryClient],
  );
  return useMutation({
    mutationFn: () => apiPost(API.logout, {}, { schema: lazySchema('logoutResponseSchema'), logoutOn401: false }),
    onSettled: () => {
      leaving.current = true;
      void navigate('/admin', { replace: true });
    },
  });
}

/** SPEC §2 "Confirm Logout" dialog of the admin console: the user dashboard's, ending on /admin. */
export function AdminLogoutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const logout = useAdminLogout();
  return <ConfirmLogoutModal opened={opened} onClose={onClose} logout={logout} />;
}
