import { type ChatMessagePayload, chatMessageEvent, socketClientOptions } from '@posada/contracts/realtime';
import { io, type Socket } from 'socket.io-client';

/**
 * spec 7 real-time socket: same origin (Vite proxies /socket.io in development), websocket transport
 * only, 5 reconnection attempts with a 1 s delay. The server refuses anonymous clients, so a socket
 * is only opened with a token. `url` is for tests; the app connects to its own origin.
 */
export function connectSocket(token: string, url?: string): Socket {
  const options = {
    ...socketClientOptions,
    transports: [...socketClientOptions.transports],
    auth: { token },
  };
  return url ? io(url, options) : io(options);
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
