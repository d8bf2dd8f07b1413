import {
  API,
  adminUserDetailsSchema,
  adminUserListSchema,
  auditListSchema,
  datasetsSchema,
  overviewSchema,
  type AdminUsersQuery,
  type DatasetName,
} from '@svp/shared';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { refreshAfterAdminChange } from '../../../shared/admin-refresh';
import { adminKeys } from '../../../shared/query-keys';

export type UserDetails = z.infer<typeof adminUserDetailsSchema>;
export type AdminUserRow = z.infer<typeof adminUserListSchema>['users'][number];
export type Datasets = z.infer<typeof datasetsSchema>;
export type DatasetRow = Datasets['users'][number];

const okSchema = z.object({ success: z.literal(true), message: z.string() }).passthrough();
const fieldUpdatedSchema = z.object({ success: z.literal(true), message: z.string(), user: adminUserDetailsSchema });

/** The console's own screens; all under the admin key (shared/query-keys), which every admin change reloads. */
export const consoleKeys = {
  all: adminKeys.all,
  /** One user's field/value pairs, by the e-mail they were looked up with. */
  userDetails: (email: string) => [...adminKeys.all, 'user-details', email.trim().toLowerCase()] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  /** Every Manage Users query, or the one for a filter. */
  users: (filter?: UsersTableFilter) => [...adminKeys.all, 'users', ...(filter ? [filter] : [])] as const,
  datasets: () => [...adminKeys.all, 'datasets'] as const,
};

export const overviewQueryOptions = queryOptions({
  queryKey: consoleKeys.overview(),
  queryFn: () => apiGet(API.adminOverview, { schema: overviewSchema }),
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}

export const auditQueryOptions = queryOptions({
  queryKey: consoleKeys.audit(),
  queryFn: () => apiGet(API.adminAudit, { schema: auditListSchema }),
});

export function useAudit() {
  return useQuery({ ...auditQueryOptions, select: (data) => data.entries });
}

/** When a read replica served the audit page: the time of its figures. */
export function useAuditAge() {
  return useQuery({ ...auditQueryOptions, select: (data) => data.figuresAsOf }).data;
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
export const userDetailsQueryOptions = (email: string | null) =>
  queryOptions({
    queryKey: consoleKeys.userDetails(email ?? ''),
    queryFn: () => lookupUser(email!),
    enabled: email !== null,
    retry: false,
  });

export function useUserDetails(email: string | null) {
  return useQuery(userDetailsQueryOptions(email));
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

/** What the Manage Users table asks for: the filter and order (the page comes from the cursor). */
export type UsersTableFilter = Pick<AdminUsersQuery, 'q' | 'status' | 'sort'>;
type UsersPage = z.infer<typeof adminUserListSchema>;

/** Rows per page of Manage Users. */
export const USERS_PAGE_SIZE = 50;

/** Manage Users a page at a time (keyset: "Load more" follows the server's cursor), sorted and filtered. */
const usersQueryOptions = (filter: UsersTableFilter) =>
  infiniteQueryOptions({
    queryKey: consoleKeys.users(filter),
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ ...filter, limit: String(USERS_PAGE_SIZE) });
      if (pageParam) params.set('after', pageParam);
      return apiGet(`${API.adminUsers}?${params}`, { schema: adminUserListSchema });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useAdminUsers(filter: UsersTableFilter) {
  return useInfiniteQuery({
    ...usersQueryOptions(filter),
    select: (data) => data.pages.flatMap((page) => page.users),
  });
}

/** When a read replica served the users table: the time of its newest page's figures. */
export function useAdminUsersAge(filter: UsersTableFilter) {
  return useInfiniteQuery({ ...usersQueryOptions(filter), select: (data) => data.pages.at(-1)?.figuresAsOf }).data;
}

/** Inline row update: the row changes at once, on every loaded page, and goes back if the server refuses (SPEC §4). */
export function useUpdateUserRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Partial<Pick<AdminUserRow, 'name' | 'email'>> }) => {
      for (const [field, value] of Object.entries(changes)) {
        await apiPost(pathWith(API.adminUserField, { id }), { field, value }, { schema: fieldUpdatedSchema });
      }
    },
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: consoleKeys.users() });
      const previous = queryClient.getQueriesData<InfiniteData<UsersPage>>({ queryKey: consoleKeys.users() });
      queryClient.setQueriesData<InfiniteData<UsersPage>>({ queryKey: consoleKeys.users() }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                users: page.users.map((row) => (row.id === id ? { ...row, ...changes } : row)),
              })),
            }
          : data,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => refreshAfterAdminChange(queryClient),
  });
}

/** The three data sets of SPEC §7, loaded together. */
export const datasetsQueryOptions = queryOptions({
  queryKey: consoleKeys.datasets(),
  queryFn: () => apiGet(API.adminDatasets, { schema: datasetsSchema }),
});

export function useDatasets() {
  return useQuery(datasetsQueryOptions);
}

export function useUpdateDatasetRow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ table, id, changes }: { table: DatasetName; id: string; changes: Record<string, string | null> }) =>
      apiPost(pathWith(API.adminDatasetRow, { table, id }), changes, { schema: okSchema }),
    onMutate: async ({ table, id, changes }) => {
      await queryClient.cancelQueries({ queryKey: consoleKeys.datasets() });
      const previous = queryClient.getQueryData<Datasets>(consoleKeys.datasets());
      queryClient.setQueryData<Datasets>(consoleKeys.datasets(), (data) =>
        data
          ? { ...data, [table]: data[table].map((row) => (String(row.id) === id ? { ...row, ...changes } : row)) }
          : data,
      );
      return { previous };
    },
    onError: (_error, _vars, context) => queryClient.setQueryData(consoleKeys.datasets(), context?.previous),
    onSettled: () => refreshAfterAdminChange(queryClient),
  });
}
