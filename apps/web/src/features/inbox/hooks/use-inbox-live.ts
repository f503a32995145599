import { type InboxMessageEventPayload, inboxMessageEvent } from '@posada/contracts/inbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { inboxKey, unreadCountKey, unreadCountQuery, updateThread, upsertMessage } from '../api/inbox-api.ts';

/**
 * Live inbox (issue 17): every `inbox.message` of the account's room puts the message into its open
 * conversation, refreshes the thread and the list, and the menu's unread count.
 */
export function useInboxLive(socket: Socket | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket) return;
    const listener = (payload: InboxMessageEventPayload) => {
      upsertMessage(queryClient, payload.message);
      updateThread(queryClient, payload.thread);
      void queryClient.invalidateQueries({ queryKey: [...inboxKey, 'threads'] });
    };
    socket.on(inboxMessageEvent, listener);
    return () => {
      socket.off(inboxMessageEvent, listener);
    };
  }, [socket, queryClient]);
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
