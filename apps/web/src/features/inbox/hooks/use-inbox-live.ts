import { type InboxMessageEventPayload, inboxMessageEvent } from '@posada/contracts/inbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Socket } from 'socket.io-client';
import {
  inboxKey,
  messagesKey,
  unreadCountKey,
  unreadCountQuery,
  updateThread,
  upsertMessage,
} from '../api/inbox-api.ts';

/**
 * Live inbox (issue 17): every `inbox.message` of the account's room puts the message into its open
 * conversation, refreshes the thread and the list, and the menu's unread count. The event's failure
 * reason is in Spanish (issue 26): a new failure read in another language reloads the thread's messages,
 * whose copy comes in the reader's language. Every (re)connection reloads the inbox: what happened while the
 * socket was not in the room is caught up.
 */
export function useInboxLive(socket: Socket | null) {
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'es';
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: InboxMessageEventPayload) => {
      const stale = upsertMessage(queryClient, payload.message);
      if (stale && language !== 'es')
        void queryClient.invalidateQueries({ queryKey: messagesKey(payload.message.thread_id) });
      updateThread(queryClient, payload.thread);
      void queryClient.invalidateQueries({ queryKey: [...inboxKey, 'threads'] });
    };
    // Events emitted before the socket joined the account's room (it connects after the page loaded, or
    // reconnects after a drop) never arrive: each connection reads the inbox again.
    const caughtUp = () => void queryClient.invalidateQueries({ queryKey: inboxKey });
    socket.on(inboxMessageEvent, listener);
    socket.on('connect', caughtUp);
    return () => {
      socket.off(inboxMessageEvent, listener);
      socket.off('connect', caughtUp);
    };
  }, [socket, queryClient, language]);
}

/** The menu's badge: unread messages of the account, kept current by the socket. */
export function useUnreadBadge(socket: Socket | null): number {
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...unreadCountQuery(), retry: false });
  useEffect(() => {
    if (!socket) return;
    const listener = () => void queryClient.invalidateQueries({ queryKey: unreadCountKey });
    socket.on(inboxMessageEvent, listener);
    return () => {
      socket.off(inboxMessageEvent, listener);
    };
  }, [socket, queryClient]);
  return data?.unread ?? 0;
}
