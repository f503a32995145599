import {
  type BotChat,
  type BotChatList,
  type BotThreadState,
  conciergePaths,
} from '@posada/contracts/concierge';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * The bot chats (spec 7 retrieve-list-chat-bot, mark-as-read, mark-all-as-read) and one conversation with
 * what the bot did (docs/concierge.md). Every key starts with ['bot-chats']: the socket's
 * new-conversation-{propertyId} reloads the list, the badge and the open conversation as one.
 */
export const botChatsKey = ['bot-chats'] as const;

export const chatsApi = {
  list: (propertyId: string) => api.get<BotChatList>(conciergePaths.chatList, { property_id: propertyId }),
  chat: (chatId: string) => api.get<BotChat>(conciergePaths.chat(chatId)),
  /** spec 7 POST /mark-as-read {property_id, checkin_id}; a chat without a check-in goes by its id. */
  markRead: (chat: Pick<BotChat, 'id' | 'property_id' | 'checkin_id'>) =>
    api.post<{ updated: number }>(conciergePaths.markAsRead, {
      property_id: chat.property_id,
      ...(chat.checkin_id ? { checkin_id: chat.checkin_id } : { chat_id: chat.id }),
    }),
  markAllRead: (propertyId: string) =>
    api.put<{ updated: number }>(conciergePaths.markAllAsRead, { property_id: propertyId }),
  takeOver: (threadId: string) => api.post<BotThreadState>(conciergePaths.takeOver(threadId)),
  handBack: (threadId: string) => api.post<BotThreadState>(conciergePaths.handBack(threadId)),
};

export function botChatsQuery(propertyId: string) {
  return queryOptions({
    queryKey: [...botChatsKey, 'list', propertyId],
    queryFn: () => chatsApi.list(propertyId),
    // The socket keeps it current; a slow poll covers a dropped connection.
    refetchInterval: 5 * 60_000,
  });
}

export function botChatQuery(chatId: string) {
  return queryOptions({
    queryKey: [...botChatsKey, 'chat', chatId],
    queryFn: () => chatsApi.chat(chatId),
  });
}

export const invalidateBotChats = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: botChatsKey });
