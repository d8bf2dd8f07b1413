import { API, outboxListSchema } from '@svp/shared';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api';

export type Outbox = z.infer<typeof outboxListSchema>;
export type OutboxMail = Outbox['mails'][number];

/** Under the admin key, so every admin change (which may send a mail) refreshes it too. */
export const outboxKey = ['admin', 'outbox'] as const;

/** GET /admin/outbox: the newest outgoing mails; their codes only outside production. */
export function useOutbox() {
  return useQuery({
    queryKey: outboxKey,
    queryFn: () => apiGet(API.adminOutbox, { schema: outboxListSchema }),
  });
}
