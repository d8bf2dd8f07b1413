import {
  OPERATOR_API,
  announcementCreatedSchema,
  announcementListSchema,
  announcementPreviewSchema,
  maintenanceStateSchema,
  operatorAdminListSchema,
  reconciliationSchema,
  roleChangeResponseSchema,
  type AdminRole,
  type AnnouncementDraft,
} from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api';
import { newIdempotencyKey } from '../../../lib/ids';
import { refreshAfterAdminChange } from '../../../shared/admin-refresh';
import { adminKeys } from '../../../shared/query-keys';

/** Under the admin key, so every admin change refreshes these too (shared/admin-refresh.ts). */
export const operatorKeys = {
  all: [...adminKeys.all, 'operator'] as const,
  admins: () => [...operatorKeys.all, 'admins'] as const,
  announcements: () => [...operatorKeys.all, 'announcements'] as const,
  reconciliation: (at: string) => [...operatorKeys.all, 'reconciliation', at] as const,
};
/** The public maintenance state, as the console's Maintenance screen reads it. */
export const maintenanceKeys = { all: ['maintenance'] as const };

export { operatorMeQueryOptions, useCan, useOperatorMe } from '../../../shared/admin-console';

export function useAdmins() {
  return useQuery({
    queryKey: operatorKeys.admins(),
    queryFn: () => apiGet(OPERATOR_API.admins, { schema: operatorAdminListSchema }),
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { id: string; role: AdminRole; granted: boolean }) =>
      apiPost(
        OPERATOR_API.adminRoles.replace(':id', change.id),
        { role: change.role, granted: change.granted },
        { schema: roleChangeResponseSchema, idempotencyKey: newIdempotencyKey() },
      ),
    onSuccess: () => refreshAfterAdminChange(queryClient),
  });
}

export const maintenanceQueryOptions = queryOptions({
  queryKey: maintenanceKeys.all,
  queryFn: () => apiGet(OPERATOR_API.maintenance, { schema: maintenanceStateSchema }),
});

export function useMaintenance() {
  return useQuery(maintenanceQueryOptions);
}

const maintenanceSetResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  state: maintenanceStateSchema,
});

export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { active: boolean; message?: string; retryAfterMinutes?: number }) =>
      apiPost(OPERATOR_API.maintenanceSet, input, {
        schema: maintenanceSetResponse,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(maintenanceKeys.all, answer.state);
      refreshAfterAdminChange(queryClient);
    },
  });
}

export function useAnnouncements() {
  return useQuery({
    queryKey: operatorKeys.announcements(),
    queryFn: () => apiGet(OPERATOR_API.announcements, { schema: announcementListSchema }),
  });
}

export function usePreviewAnnouncement() {
  return useMutation({
    mutationFn: (draft: AnnouncementDraft) =>
      apiPost(OPERATOR_API.announcementPreview, draft, { schema: announcementPreviewSchema }),
  });
}

export function useSendAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: AnnouncementDraft) =>
      apiPost(OPERATOR_API.announcements, draft, {
        schema: announcementCreatedSchema,
        idempotencyKey: newIdempotencyKey(),
      }),
    onSuccess: () => refreshAfterAdminChange(queryClient),
  });
}

export function useReconciliation(at: string | null) {
  return useQuery({
    queryKey: operatorKeys.reconciliation(at ?? ''),
    queryFn: () => apiGet(`${OPERATOR_API.reconciliation}?at=${at}`, { schema: reconciliationSchema }),
    enabled: at !== null,
  });
}
