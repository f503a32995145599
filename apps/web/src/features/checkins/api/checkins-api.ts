import type {
  CheckinDetail,
  CheckinLink,
  CheckinListItem,
  CheckinsPage,
  CheckinsQuery,
  HistoryPage,
  ManualCheckinBody,
  NotificationItem,
  ProgrammedCheckin,
  Reminder,
  ReminderBody,
  SendCheckinBody,
  SendCheckinData,
} from '@posada/contracts/checkins';
import { keepPreviousData, type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useDeliveryChanged } from '../../../lib/use-delivery-changed.ts';

export {
  type CheckinDetail,
  type CheckinLink,
  type CheckinListItem,
  type CheckinsQuery,
  type CheckinTab,
  checkinTabs,
  type HistoryGuest,
  type NotificationItem,
  type ProgrammedCheckin,
  type Reminder,
  type ReminderBody,
  type SendChannel,
  sendChannels,
} from '@posada/contracts/checkins';

/** The operator endpoints of docs/checkins.md (contracts in @posada/contracts/checkins). */
type Query = Record<string, string | number | undefined>;

export const checkinsApi = {
  list: (query: CheckinsQuery) => api.get<CheckinsPage>('/api/checkins', query as Query),
  history: (query: CheckinsQuery) => api.get<HistoryPage>('/api/checkins/history', query as Query),
  detail: (id: string) => api.post<CheckinDetail>('/api/information/data/checkin', { id }),
  setKeys: (id: string, delivered: boolean) =>
    api.put<CheckinListItem>(`/api/checkins/${id}/keys`, { delivered }),
  /** How many guests the check-in holds (the guest flow refuses one more); a booking's count follows. */
  setExpectedGuests: (id: string, expected: number) =>
    api.put<CheckinListItem>(`/api/checkins/${id}/expected-guests`, { expected_guests: expected }),
  link: (id: string) => api.get<CheckinLink>(`/api/checkins/${id}/link`),
  send: (body: SendCheckinBody) => api.post<SendCheckinData>('/api/checkins/send', body),
  /** The link of a pending check-in again, on its channel. */
  resend: (id: string) => api.post<SendCheckinData>(`/api/checkins/${id}/resend`, {}),
  manual: (body: ManualCheckinBody) => api.post<CheckinDetail>('/api/checkins/manual', body),
  programmed: (bookingId: string) =>
    api.get<ProgrammedCheckin>('/api/retrieve-programmed-checkin', { booking_id: bookingId }),
  reminders: () => api.get<Reminder[]>('/api/reminders'),
  createReminder: (body: ReminderBody) => api.post<Reminder>('/api/reminders', body),
  updateReminder: (id: string, body: ReminderBody) => api.put<Reminder>(`/api/reminders/${id}`, body),
  deleteReminder: (id: string) => api.delete<unknown>(`/api/reminders/${id}`),
  notifications: () => api.post<NotificationItem[]>('/api/notificatios/list'),
};

/** The registration card of one guest (served as application/pdf, so a plain link opens it). */
export const registrationPdfPath = (checkinId: string, guestId: string) =>
  `/api/checkins/${checkinId}/guests/${guestId}/registration.pdf`;

export const checkinsKeys = {
  all: ['checkins'] as const,
  list: (query: CheckinsQuery) => [...checkinsKeys.all, 'list', query] as const,
  history: (query: CheckinsQuery) => [...checkinsKeys.all, 'history', query] as const,
  detail: (id: string) => [...checkinsKeys.all, 'detail', id] as const,
  link: (id: string) => [...checkinsKeys.all, 'link', id] as const,
  programmed: (bookingId: string) => [...checkinsKeys.all, 'programmed', bookingId] as const,
  reminders: ['reminders'] as const,
  notifications: ['notifications'] as const,
};

export const checkinsListQuery = (query: CheckinsQuery) =>
  queryOptions({
    queryKey: checkinsKeys.list(query),
    queryFn: () => checkinsApi.list(query),
    placeholderData: keepPreviousData,
  });

export const checkinsHistoryQuery = (query: CheckinsQuery) =>
  queryOptions({
    queryKey: checkinsKeys.history(query),
    queryFn: () => checkinsApi.history(query),
    placeholderData: keepPreviousData,
  });

const notClientError = (count: number, error: unknown) => {
  const status = (error as { status?: number } | null)?.status ?? 0;
  return count < 2 && !(status >= 400 && status < 500);
};

export const checkinDetailQuery = (id: string) =>
  queryOptions({
    queryKey: checkinsKeys.detail(id),
    queryFn: () => checkinsApi.detail(id),
    retry: notClientError,
  });

export const checkinLinkQuery = (id: string) =>
  queryOptions({
    queryKey: checkinsKeys.link(id),
    queryFn: () => checkinsApi.link(id),
    staleTime: 5 * 60_000,
    retry: notClientError,
  });

export const programmedCheckinQuery = (bookingId: string) =>
  queryOptions({
    queryKey: checkinsKeys.programmed(bookingId),
    queryFn: () => checkinsApi.programmed(bookingId),
    retry: notClientError,
  });

export const remindersQuery = () =>
  queryOptions({ queryKey: checkinsKeys.reminders, queryFn: checkinsApi.reminders });

export const notificationsQuery = () =>
  queryOptions({
    queryKey: checkinsKeys.notifications,
    queryFn: checkinsApi.notifications,
    staleTime: 60_000,
  });

export const invalidateCheckins = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: checkinsKeys.all });

/**
 * The check-in's latest message (`last_message`) moves with its delivery record (issue 26): on every
 * `delivery.changed` about a check-in, the list and that check-in reload.
 */
export function useCheckinMessagesLive() {
  const queryClient = useQueryClient();
  useDeliveryChanged(({ delivery }) => {
    if (!delivery.checkin_id) return;
    void queryClient.invalidateQueries({ queryKey: [...checkinsKeys.all, 'list'] });
    void queryClient.invalidateQueries({ queryKey: checkinsKeys.detail(delivery.checkin_id) });
  });
}
