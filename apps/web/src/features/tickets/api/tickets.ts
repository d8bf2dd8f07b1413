import { API, ticketListSchema, ticketThreadSchema } from '@svp/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';

export type TicketSummary = z.infer<typeof ticketListSchema>['tickets'][number];
export type TicketThread = z.infer<typeof ticketThreadSchema>;

export const ticketsKey = ['tickets'] as const;
const threadKey = (id: string) => ['tickets', id] as const;

/** The user's own tickets, newest first (DESIGN D12). */
export function useTickets() {
  return useQuery({
    queryKey: ticketsKey,
    queryFn: async () => (await apiGet(API.tickets, { schema: ticketListSchema })).tickets,
  });
}

const createdSchema = z.object({ success: z.literal(true), message: z.string() }).passthrough();

/** Raises a ticket; the server enforces the 2-per-24-hours limit (429, MSG.tickets.limit). */
export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { subject: string; message: string }) => apiPost(API.tickets, body, { schema: createdSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey }),
  });
}

export function useTicketThread(id: string | null) {
  return useQuery({
    queryKey: threadKey(id ?? ''),
    queryFn: () => apiGet(pathWith(API.ticket, { id: id! }), { schema: ticketThreadSchema }),
    enabled: id !== null,
  });
}

/** Adds the user's reply to one ticket; the thread and the list (status) reload. */
export function useReplyTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiPost(pathWith(API.ticketMessages, { id }), { message }, { schema: ticketThreadSchema }),
    onSuccess: (thread) => {
      queryClient.setQueryData(threadKey(id), thread);
      return queryClient.invalidateQueries({ queryKey: ticketsKey });
    },
  });
}
