import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, meQueryKey } from './query-keys';

/**
 * After any admin change: everything the console shows may have moved with it (the user's details and
 * balances, the user lists and data sets, the withdrawal queue, the overview's counts and what the platform
 * owes) and the change itself is a new audit entry, so every admin query is marked stale and those on the
 * screen load again. The admin's own snapshot too, for a change to their own record.
 */
export function refreshAfterAdminChange(queryClient: QueryClient): void {
  // Not awaited: the change's own answer (a message, a saved row) shows at once, the figures follow.
  void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}
