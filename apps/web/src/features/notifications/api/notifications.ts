import {
  NOTIFICATIONS_API,
  type NotificationCategory,
  type NotificationPreferences,
  type NotificationView,
} from '@svp/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut, serverAnswer } from '../../../lib/api';
import { pathWith } from '../../../lib/errors';
import { useLiveStreamUp } from '../live/stream';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

/** How often the bell asks the server while the live stream is down (the stream pushes otherwise). */
export const BELL_POLL_MS = 60_000;

interface NotificationList {
  notifications: NotificationView[];
  unread: number;
  next: string | null;
}

export const notificationsQueryOptions = queryOptions({
  queryKey: notificationKeys.list(),
  queryFn: () => apiGet(`${NOTIFICATIONS_API.list}?limit=20`, { schema: serverAnswer<NotificationList>() }),
});

/** The newest notifications and the unread count, once `enabled`; polled only when the live stream is down. */
export function useNotifications(enabled: boolean) {
  const live = useLiveStreamUp();
  return useQuery({ ...notificationsQueryOptions, enabled, refetchInterval: live ? false : BELL_POLL_MS });
}

const unreadAnswer = serverAnswer<{ unread: number }>();

/** Marks one read (or all, with id null); the list shows it at once and reloads. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null
        ? apiPost(NOTIFICATIONS_API.readAll, {}, { schema: unreadAnswer })
        : apiPost(pathWith(NOTIFICATIONS_API.read, { id }), {}, { schema: unreadAnswer }),
    onSuccess: ({ unread }, id) => {
      queryClient.setQueryData<NotificationList>(notificationKeys.list(), (list) =>
        list
          ? {
              ...list,
              unread,
              notifications: list.notifications.map((n) => (id === null || n.id === id ? { ...n, read: true } : n)),
            }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    },
  });
}

export function useEmailPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: () => apiGet(NOTIFICATIONS_API.preferences, { schema: serverAnswer<NotificationPreferences>() }),
  });
}

export function useSaveEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: Partial<Record<NotificationCategory, boolean>>) =>
      apiPut(
        NOTIFICATIONS_API.preferences,
        { email },
        { schema: serverAnswer<NotificationPreferences & { message: string }>() },
      ),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences(), { email: saved.email }),
  });
}
