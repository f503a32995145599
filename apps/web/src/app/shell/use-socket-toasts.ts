import { useEffect } from 'react';
import { notify } from '../../lib/notify.ts';
import { connectSocket, onChatMessage } from '../../lib/socket.ts';

/**
 * Keeps the signed-in user's socket open while the layout is mounted (disconnects on unmount, so
 * leaving for /logout closes it) and shows chat-message-{userId} as a 5-second toast (spec 7).
 */
export function useSocketToasts(token: string | null, userId: string | undefined) {
  useEffect(() => {
    if (!token || !userId) return;
    const socket = connectSocket(token);
    const stop = onChatMessage(socket, userId, (payload) => notify.info(payload.mensaje, payload.title));
    return () => {
      stop();
      socket.disconnect();
    };
  }, [token, userId]);
}
