import { API, historyResponseSchema } from '@svp/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

export const historyQueryKey = ['history'] as const;

/** The user's statement, one line per entry, newest first. */
export function useHistory() {
  return useQuery({
    queryKey: historyQueryKey,
    queryFn: async () => (await apiGet(API.history, { schema: historyResponseSchema })).lines,
  });
}
