import type { InboxMessage, InboxThread } from '@posada/contracts/inbox';
import {
  type BookingOption,
  type ComposerTemplate,
  type InboxThreadDetail,
  inboxRoutes,
  type MessagesPage,
  type PreviewAnswer,
  type SendMessageBody,
  type ThreadsPage,
  type UnreadCount,
} from '@posada/contracts/inbox-requests';
import {
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { mergeLive } from '../lib/inbox-view.ts';

/** Everything of the inbox lives under this key: a live message or a mutation refreshes it as one. */
export const inboxKey = ['inbox'] as const;

export interface ThreadFilters {
  search: string;
  property_id: string;
  channel: string;
  unread: boolean;
  arrival_from: string;
  arrival_to: string;
}
export const emptyFilters: ThreadFilters = {
  search: '',
  property_id: '',
  channel: '',
  unread: false,
  arrival_from: '',
  arrival_to: '',
};

/** GET /api/inbox/threads: newest first, 30 a page (next_cursor). */
export function threadsQuery(filters: ThreadFilters) {
  return infiniteQueryOptions({
    queryKey: [...inboxKey, 'threads', filters],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      api.get<ThreadsPage>(inboxRoutes.threads, {
        ...filters,
        unread: filters.unread ? 'true' : undefined,
        cursor: pageParam || undefined,
      }),
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function threadQuery(id: string) {
  return queryOptions({
    queryKey: [...inboxKey, 'thread', id],
    queryFn: () => api.get<InboxThreadDetail>(inboxRoutes.thread(id)),
  });
}

/** Every loaded page of a thread's messages, whatever the language they were read in. */
export const messagesKey = (threadId: string) => [...inboxKey, 'messages', threadId] as const;

/**
 * GET /api/inbox/threads/{id}/messages: the newest page first; older pages load on demand (before). A
 * failure's reason comes in the reader's language (Accept-Language), so the language is part of the key.
 */
export function messagesQuery(id: string, language: string) {
  return infiniteQueryOptions({
    queryKey: [...messagesKey(id), language],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      api.get<MessagesPage>(inboxRoutes.messages(id), { before: pageParam || undefined }),
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
}

export function templatesQuery() {
  return queryOptions({
    queryKey: [...inboxKey, 'templates'],
    queryFn: () => api.get<ComposerTemplate[]>(inboxRoutes.templates),
    staleTime: 60_000,
  });
}

export const unreadCountKey = [...inboxKey, 'unread-count'] as const;
/** GET /api/inbox/unread-count: the menu's badge (zero without the messaging plan). */
export function unreadCountQuery() {
  return queryOptions({
    queryKey: unreadCountKey,
    queryFn: () => api.get<UnreadCount>(inboxRoutes.unreadCount),
    staleTime: 30_000,
  });
}

export function bookingOptionsQuery(threadId: string, search: string) {
  return queryOptions({
    queryKey: [...inboxKey, 'booking-options', threadId, search],
    queryFn: () => api.get<BookingOption[]>(inboxRoutes.bookingOptions(threadId), { search }),
  });
}

/**
 * Puts a message into its thread's loaded pages (once, by id) without a reload. A copy the page already
 * holds keeps its reason in the reader's language while the failure is the same (`mergeLive`); answers
 * true when the reason shown now is the socket's Spanish one (a new failure): reload the pages then.
 */
export function upsertMessage(queryClient: QueryClient, message: InboxMessage): boolean {
  let stale = false;
  queryClient.setQueriesData<{ pages: MessagesPage[]; pageParams: unknown[] }>(
    { queryKey: messagesKey(message.thread_id) },
    (data) => {
      if (!data) return data;
      let found = false;
      const pages = data.pages.map((page) => ({
        ...page,
        items: page.items.map((m) => {
          if (m.id !== message.id) return m;
          found = true;
          const merged = mergeLive(m, message);
          stale ||= merged.stale;
          return merged.message;
        }),
      }));
      if (!found && pages[0]) {
        const merged = mergeLive(undefined, message);
        stale ||= merged.stale;
        pages[0] = { ...pages[0], items: [...pages[0].items, merged.message] };
      }
      return { ...data, pages };
    },
  );
  return stale;
}

/** Replaces a thread in the thread's own cache (the list reloads itself). */
export function updateThread(queryClient: QueryClient, thread: InboxThread) {
  queryClient.setQueryData<InboxThreadDetail>([...inboxKey, 'thread', thread.id], (data) =>
    data ? { ...data, thread } : data,
  );
}

export function useSendMessage(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => api.post<InboxMessage>(inboxRoutes.messages(threadId), body),
    onSuccess: (message) => {
      // An answer that failed at once: its reason again in the reader's language.
      if (upsertMessage(queryClient, message))
        void queryClient.invalidateQueries({ queryKey: messagesKey(threadId) });
      void queryClient.invalidateQueries({ queryKey: [...inboxKey, 'threads'] });
    },
  });
}

export function usePreview(threadId: string) {
  return useMutation({
    mutationFn: (body: { text?: string; template_id?: string; params?: string[] }) =>
      api.post<PreviewAnswer>(inboxRoutes.preview(threadId), body),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (threadId: string) => api.post<{ id: string }>(inboxRoutes.read(threadId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [...inboxKey, 'threads'] });
      void queryClient.invalidateQueries({ queryKey: unreadCountKey });
    },
  });
}

export function useLinkBooking(threadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string | null) =>
      api.put<InboxThreadDetail>(inboxRoutes.booking(threadId), { booking_id: bookingId }),
    onSuccess: (detail) => {
      queryClient.setQueryData([...inboxKey, 'thread', threadId], detail);
      void queryClient.invalidateQueries({ queryKey: [...inboxKey, 'threads'] });
    },
  });
}
