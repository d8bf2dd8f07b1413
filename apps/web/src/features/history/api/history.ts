import { API, historyResponseSchema } from '@svp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { historyKeys } from '../../../shared/query-keys';

// Declared in shared/query-keys: every money change (a top-up, an investment, a withdrawal) refreshes it.
export { historyKeys };

/** The user's statement, one line per entry, newest first, and the age of its figures when a replica served it. */
export const historyQueryOptions = queryOptions({
  queryKey: historyKeys.all,
  queryFn: () => apiGet(API.history, { schema: historyResponseSchema }),
});

export function useHistory() {
  return useQuery({ ...historyQueryOptions, select: (data) => data.lines });
}

/** When a read replica served the statement: the time of its figures. */
export function useHistoryAge() {
  return useQuery({ ...historyQueryOptions, select: (data) => data.figuresAsOf }).data;
}
