import { newConversationEvent } from '@posada/contracts/concierge';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { invalidateBotChats } from '../api/chats-api.ts';

/** spec 7: `new-conversation-{propertyId}` reloads the bot chats (the list, the badge, the open conversation). */
export function useBotChatsLive(socket: Socket | null, propertyId: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || !propertyId) return;
    const event = newConversationEvent(propertyId);
    const reload = () => void invalidateBotChats(queryClient);
    socket.on(event, reload);
    return () => {
      socket.off(event, reload);
    };
  }, [socket, propertyId, queryClient]);
}
