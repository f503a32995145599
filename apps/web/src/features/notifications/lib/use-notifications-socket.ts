import { reminderRangEvent } from '@posada/contracts/checkins';
import { chatMessageEvent } from '@posada/contracts/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { useSocket } from '../../../lib/socket-context.ts';
import { useCurrentUser } from '../../../lib/use-session.ts';
import { invalidateNotifications } from '../api/notifications-api.ts';

/** The API's socket event when a notification is written (apps/api notifications.jobs.ts). */
export const notificationCreatedEvent = 'notification-created';

/**
 * Reloads the bell and the page when the API says a notification was written, a reminder rang or a guest
 * wrote (the chat-message toast itself is shown by the shell, for 5 s). `given` overrides the context's socket.
 */
export function useNotificationsSocket(given?: Socket | null) {
  const fromContext = useSocket();
  const socket = given ?? fromContext;
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id;
  useEffect(() => {
    if (!socket) return;
    const reload = () => void invalidateNotifications(queryClient);
    const events = [
      notificationCreatedEvent,
      reminderRangEvent,
      ...(userId ? [chatMessageEvent(userId)] : []),
    ];
    for (const e of events) socket.on(e, reload);
    return () => {
      for (const e of events) socket.off(e, reload);
    };
  }, [socket, queryClient, userId]);
}
