import type { NotificationItem } from '@posada/contracts/checkins';
import {
  type ListNotificationsBody,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationKindValue,
  type NotificationPreferences,
  type UpdateNotificationPreferencesBody,
} from '@posada/contracts/notifications';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** The bell, the notifications page and the delivery preferences (docs/messaging.md, Notifications). */
export const notificationsApi = {
  list: (body?: ListNotificationsBody) => api.post<NotificationItem[]>('/api/notificatios/list', body ?? {}),
  unreadCount: () => api.get<{ unread: number }>('/api/notifications/unread-count'),
  markRead: (id: string) => api.post<{ id: string; read_at: string }>(`/api/notifications/${id}/read`),
  markAllRead: () => api.post<{ updated: number; read_at: string }>('/api/notifications/read-all'),
  preferences: (propertyId: string) =>
    api.get<NotificationPreferences>(`/api/properties/${propertyId}/notification-preferences`),
  savePreferences: (propertyId: string, body: UpdateNotificationPreferencesBody) =>
    api.put<NotificationPreferences>(`/api/properties/${propertyId}/notification-preferences`, body),
};

/** Every key starts with ['notifications'] (checkins' bell list too): one invalidation reloads them all. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  bell: ['notifications', 'bell'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (filter: NotificationFilter) => ['notifications', 'page', filter] as const,
  preferences: (propertyId: string) => ['notification-preferences', propertyId] as const,
};

export interface NotificationFilter {
  unread: boolean;
  kind: NotificationKindValue | null;
}

export const bellQuery = () =>
  queryOptions({
    queryKey: notificationsKeys.bell,
    queryFn: () => notificationsApi.list({ page: 1, page_size: 10 }),
    staleTime: 60_000,
  });

export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationsKeys.unread,
    queryFn: notificationsApi.unreadCount,
    staleTime: 60_000,
  });

export const notificationPagesQuery = (filter: NotificationFilter) =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.page(filter),
    queryFn: ({ pageParam }) =>
      notificationsApi.list({
        page: pageParam,
        page_size: NOTIFICATIONS_PAGE_SIZE,
        ...(filter.unread ? { unread: true } : {}),
        ...(filter.kind ? { kind: filter.kind } : {}),
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      last.length === NOTIFICATIONS_PAGE_SIZE ? pages.length + 1 : undefined,
  });

export const preferencesQuery = (propertyId: string) =>
  queryOptions({
    queryKey: notificationsKeys.preferences(propertyId),
    queryFn: () => notificationsApi.preferences(propertyId),
  });

export const invalidateNotifications = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: notificationsKeys.all });
