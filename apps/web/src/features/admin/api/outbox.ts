import { API, outboxListSchema } from '@svp/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api';
import { adminKeys } from '../../../shared/query-keys';

export type Outbox = z.infer<typeof outboxListSchema>;
export type OutboxMail = Outbox['mails'][number];

/** Under the admin key, so every admin change (which may send a mail) refreshes it too. */
export const outboxKeys = { all: [...adminKeys.all, 'outbox'] as const };

/** GET /admin/outbox: the newest outgoing mails; their codes only outside production. */
export const outboxQueryOptions = queryOptions({
  queryKey: outboxKeys.all,
  queryFn: () => apiGet(API.adminOutbox, { schema: outboxListSchema }),
});

export function useOutbox() {
  return useQuery(outboxQueryOptions);
}
