import { API, flaggedDepositListSchema } from '@svp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api';
import { adminKeys } from '../../../shared/query-keys';

export type FlaggedDeposit = z.infer<typeof flaggedDepositListSchema>['deposits'][number];

/** Under the admin key, so every admin change reloads it. */
export const flaggedDepositKeys = { all: [...adminKeys.all, 'deposits', 'flagged'] as const };

/** Payments credited as received that differed from their request or came without one (DESIGN D8). */
export const flaggedDepositsQueryOptions = queryOptions({
  queryKey: flaggedDepositKeys.all,
  queryFn: async () => (await apiGet(API.adminFlaggedDeposits, { schema: flaggedDepositListSchema })).deposits,
});

export function useFlaggedDeposits() {
  return useQuery(flaggedDepositsQueryOptions);
}
