import { API, historyResponseSchema } from '@svp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { historyKeys } from '../../../shared/query-keys';

// Declared in shared/query-keys: every money change (a top-up, an investment, a withdrawal) refreshes it.
export { historyKeys };

/** The user's statement, one line per entry, newest first. */
export const historyQueryOptions = queryOptions({
  queryKey: historyKeys.all,
  queryFn: async () => (await apiGet(API.history, { schema: historyResponseSchema })).lines,
});

export function useHistory() {
  return useQuery(historyQueryOptions);
}
