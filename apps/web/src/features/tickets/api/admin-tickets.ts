import { API, adminTicketListSchema, adminTicketThreadSchema } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { refreshAfterAdminChange } from '../../../shared/admin-refresh';
import { adminKeys } from '../../../shared/query-keys';

export type AdminTicket = z.infer<typeof adminTicketListSchema>['tickets'][number];

/** Every user's tickets, under the admin key (every admin change reloads them). */
export const adminTicketKeys = {
  all: [...adminKeys.all, 'tickets'] as const,
  thread: (id: string) => [...adminTicketKeys.all, id] as const,
};

export const adminTicketsQueryOptions = queryOptions({
  queryKey: adminTicketKeys.all,
  queryFn: async () => (await apiGet(API.adminTickets, { schema: adminTicketListSchema })).tickets,
});

export function useAdminTickets() {
  return useQuery(adminTicketsQueryOptions);
}

export const adminThreadQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: adminTicketKeys.thread(id ?? ''),
    queryFn: () => apiGet(pathWith(API.adminTicket, { id: id! }), { schema: adminTicketThreadSchema }),
    enabled: id !== null,
  });

export function useAdminThread(id: string | null) {
  return useQuery(adminThreadQueryOptions(id));
}

/** Reply as the admin, or close the ticket; the thread and the list reload after either. */
export function useTicketAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: { reply: string } | { close: true }) =>
      'reply' in action
        ? apiPost(pathWith(API.adminTicketReply, { id }), { message: action.reply }, { schema: z.unknown() })
        : apiPost(pathWith(API.adminTicketClose, { id }), {}, { schema: z.unknown() }),
    onSuccess: () => refreshAfterAdminChange(queryClient),
  });
}
