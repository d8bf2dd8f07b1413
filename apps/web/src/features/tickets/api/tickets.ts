import { API, ticketListSchema, ticketThreadSchema } from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';

export type TicketSummary = z.infer<typeof ticketListSchema>['tickets'][number];
export type TicketThread = z.infer<typeof ticketThreadSchema>;

export const ticketKeys = {
  /** The list and, under it, every thread: invalidating it reloads both. */
  all: ['tickets'] as const,
  list: () => ticketKeys.all,
  thread: (id: string) => [...ticketKeys.all, id] as const,
};

/** The user's own tickets, newest first (DESIGN D12). */
export const ticketsQueryOptions = queryOptions({
  queryKey: ticketKeys.list(),
  queryFn: async () => (await apiGet(API.tickets, { schema: ticketListSchema })).tickets,
});

export function useTickets() {
  return useQuery(ticketsQueryOptions);
}

const createdSchema = z.object({ success: z.literal(true), message: z.string() }).passthrough();

/** Raises a ticket; the server enforces the 2-per-24-hours limit (429, MSG.tickets.limit). */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { subject: string; message: string }) => apiPost(API.tickets, body, { schema: createdSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

export const ticketThreadQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: ticketKeys.thread(id ?? ''),
    queryFn: () => apiGet(pathWith(API.ticket, { id: id! }), { schema: ticketThreadSchema }),
    enabled: id !== null,
  });

export function useTicketThread(id: string | null) {
  return useQuery(ticketThreadQueryOptions(id));
}

/** Adds the user's reply to one ticket; the thread and the list (status) reload. */
export function useReplyTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiPost(pathWith(API.ticketMessages, { id }), { message }, { schema: ticketThreadSchema }),
    onSuccess: (thread) => {
      queryClient.setQueryData(ticketKeys.thread(id), thread);
      return queryClient.invalidateQueries({ queryKey: ticketKeys.all });
    },
  });
}
