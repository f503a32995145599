import { type ChatMessagePayload, chatMessageEvent, socketClientOptions } from '@posada/contracts/realtime';
import { io, type Socket } from 'socket.io-client';

/**
 * spec 7 real-time socket: same origin (Vite proxies /socket.io in development), websocket transport
 * only, 5 reconnection attempts with a 1 s delay. The server refuses anonymous clients, so a socket
 * is only opened with a token.
 */
export function connectSocket(token: string): Socket {
  return io({ ...socketClientOptions, transports: [...socketClientOptions.transports], auth: { token } });
}

/** Listen to chat-message-{userId}; returns the function that stops listening. */
export function onChatMessage(
  socket: Socket,
  userId: string,
  listener: (payload: ChatMessagePayload) => void,
): () => void {
  const event = chatMessageEvent(userId);
  socket.on(event, listener);
  return () => {
    socket.off(event, listener);
  };
}
