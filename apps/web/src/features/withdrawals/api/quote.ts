import { API, type withdrawalQuoteSchema } from '@svp/shared';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api';
import { lazySchema } from '../../../lib/lazy-schema';
import { withdrawalKeys } from '../../../shared/query-keys';

export type WithdrawalQuote = z.infer<typeof withdrawalQuoteSchema>;

/** GET /withdrawals/quote: what a withdrawal would pay now, and why it cannot be requested yet. */
export const withdrawalQuoteQueryOptions = queryOptions({
  queryKey: withdrawalKeys.quote(),
  // The schema (with zod) downloads with the first request: the sidebar asks for it on any dashboard page.
  queryFn: () => apiGet(API.withdrawalQuote, { schema: lazySchema('withdrawalQuoteSchema') }),
});
