import {
  API,
  adminTicketListSchema,
  adminTicketThreadSchema,
  adminUserDetailsSchema,
  adminUserListSchema,
  auditListSchema,
  datasetsSchema,
  flaggedDepositListSchema,
  overviewSchema,
  type DatasetName,
} from '@svp/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { meQueryKey } from '../../auth/api/session';

export type UserDetails = z.infer<typeof adminUserDetailsSchema>;
export type AdminUserRow = z.infer<typeof adminUserListSchema>['users'][number];
export type Datasets = z.infer<typeof datasetsSchema>;
export type DatasetRow = Datasets['users'][number];
export type FlaggedDeposit = z.infer<typeof flaggedDepositListSchema>['deposits'][number];
export type AdminTicket = z.infer<typeof adminTicketListSchema>['tickets'][number];

const okSchema = z.object({ success: z.literal(true), message: z.string() }).passthrough();
const fieldUpdatedSchema = z.object({ success: z.literal(true), message: z.string(), user: adminUserDetailsSchema });

export const adminKeys = {
  all: ['admin'] as const,
  /** One user's field/value pairs, by the e-mail they were looked up with. */
  userDetails: (email: string) => ['admin', 'user-details', email.trim().toLowerCase()] as const,
  overview: ['admin', 'overview'] as const,
  audit: ['admin', 'audit'] as const,
  flaggedDeposits: ['admin', 'deposits', 'flagged'] as const,
  users: ['admin', 'users'] as const,
  datasets: ['admin', 'datasets'] as const,
  tickets: ['admin', 'tickets'] as const,
  ticket: (id: string) => ['admin', 'tickets', id] as const,
};

export function useOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: () => apiGet(API.adminOverview, { schema: overviewSchema }),
  });
}

export function useAudit() {
  return useQuery({
    queryKey: adminKeys.audit,
    queryFn: async () => (await apiGet(API.adminAudit, { schema: auditListSchema })).entries,
  });
}

/** Payments credited as received that differed from their request or came without one (DESIGN D8). */
export function useFlaggedDeposits() {
  return useQuery({
    queryKey: adminKeys.flaggedDeposits,
    queryFn: async () => (await apiGet(API.adminFlaggedDeposits, { schema: flaggedDepositListSchema })).deposits,
  });
}

/** GET /admin/users/lookup?email=: the field/value pairs and which of them may be edited. */
export function lookupUser(email: string): Promise<UserDetails> {
  return apiGet(`${API.adminUserLookup}?email=${encodeURIComponent(email)}`, { schema: adminUserDetailsSchema });
}

export function useLookupUser() {
  return useMutation({ mutationFn: lookupUser });
}

/**
 * One user's details as a query (not a one-off fetch), so that every admin change refetches what is on the
 * screen: after "Balance adjusted." the table shows the new figures, never the old ones.
 */
export function useUserDetails(email: string | null) {
  return useQuery({
    queryKey: adminKeys.userDetails(email ?? ''),
    queryFn: () => lookupUser(email!),
    enabled: email !== null,
    retry: false,
  });
}

/**
 * After any admin change: everything the console shows may have moved with it (the user's details and
 * balances, the user lists and data sets, the withdrawal queue, the overview's counts and what the platform
 * owes) and the change itself is a new audit entry, so every admin query is marked stale and those on the
 * screen load again. The admin's own snapshot too, for a change to their own record.
 */
export function refreshAfterAdminChange(queryClient: QueryClient): void {
  // Not awaited: the change's own answer (a message, a saved row) shows at once, the figures follow.
  void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  void queryClient.invalidateQueries({ queryKey: meQueryKey });
}

export function useUpdateField(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { field: string; value: string }) =>
      apiPost(pathWith(API.adminUserField, { id }), body, { schema: fieldUpdatedSchema }),
    onSuccess: () => refreshAfterAdminChange(queryClient),
  });
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; name: string; email: string; phone: string }) =>
      apiPost(pathWith(API.adminUserContact, { id }), body, { schema: okSchema }),
    onSuccess: () => refreshAfterAdminChange(queryClient),
  });
}

export interface Adjustment {
  account: string;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}

/** A ledger transaction with a mandatory reason (DESIGN D13): never a field edit. */
export function useAdjustBalance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Adjustment) => apiPost(pathWith(API.adminUserAdjust, { id }), body, { schema: okSchema }),
    onSuccess: () => refreshAfterAdminChange(queryClient),
  });
}

export function useAdminUsers() {
  return useQuery({
    queryKey: adminKeys.users,
    queryFn: async () => (await apiGet(API.adminUsers, { schema: adminUserListSchema })).users,
  });
}

/** Inline row update: the row changes at once and goes back if the server refuses (SPEC §4). */
export function useUpdateUserRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Partial<Pick<AdminUserRow, 'name' | 'email'>> }) => {
      for (const [field, value] of Object.entries(changes)) {
        await apiPost(pathWith(API.adminUserField, { id }), { field, value }, { schema: fieldUpdatedSchema });
      }
    },
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.users });
      const previous = queryClient.getQueryData<AdminUserRow[]>(adminKeys.users);
      queryClient.setQueryData<AdminUserRow[]>(adminKeys.users, (rows) =>
        rows?.map((row) => (row.id === id ? { ...row, ...changes } : row)),
      );
      return { previous };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(adminKeys.users, context?.previous),
    onSettled: () => refreshAfterAdminChange(queryClient),
  });
}

/** The three data sets of SPEC §7, loaded together. */
export function useDatasets() {
  return useQuery({
    queryKey: adminKeys.datasets,
    queryFn: () => apiGet(API.adminDatasets, { schema: datasetsSchema }),
  });
}

export function useUpdateDatasetRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ table, id, changes }: { table: DatasetName; id: string; changes: Record<string, string | null> }) =>
      apiPost(pathWith(API.adminDatasetRow, { table, id }), changes, { schema: okSchema }),
    onMutate: async ({ table, id, changes }) => {
      await queryClient.cancelQueries({ queryKey: adminKeys.datasets });
      const previous = queryClient.getQueryData<Datasets>(adminKeys.datasets);
      queryClient.setQueryData<Datasets>(adminKeys.datasets, (data) =>
        data
          ? { ...data, [table]: data[table].map((row) => (String(row.id) === id ? { ...row, ...changes } : row)) }
          : data,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(adminKeys.datasets, context?.previous),
    onSettled: () => refreshAfterAdminChange(queryClient),
  });
}

export function useAdminTickets() {
  return useQuery({
    queryKey: adminKeys.tickets,
    queryFn: async () => (await apiGet(API.adminTickets, { schema: adminTicketListSchema })).tickets,
  });
}

export function useAdminThread(id: string | null) {
  return useQuery({
    queryKey: adminKeys.ticket(id ?? ''),
    queryFn: () => apiGet(pathWith(API.adminTicket, { id: id! }), { schema: adminTicketThreadSchema }),
    enabled: id !== null,
  });
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
