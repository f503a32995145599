/** spec 7 socket: websocket transport only, 5 reconnection attempts, 1 second delay. */
export const socketClientOptions = {
  transports: ['websocket'],
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
} as const;

/** Event chat-message-{userId} with title and mensaje: a toast for 5 seconds. */
export const chatMessageEvent = (userId: string) => `chat-message-${userId}`;
export interface ChatMessagePayload {
  title: string;
  mensaje: string;
}

/** Event new-conversation-{propertyId}: reloads the bot chats (issue of the inbox). */
export const newConversationEvent = (propertyId: string) => `new-conversation-${propertyId}`;
