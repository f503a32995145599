import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { notify } from '../../lib/notify.ts';
import { connectSocket, onChatMessage } from '../../lib/socket.ts';

/**
 * Keeps the signed-in user's socket open while the layout is mounted (disconnects on unmount, so
 * leaving for /logout closes it) and shows chat-message-{userId} as a 5-second toast (spec 7). Returns
 * the socket so the header bell can listen to it too.
 */
export function useSocketToasts(token: string | null, userId: string | undefined): Socket | null {
  const [socket, setSocket] = useState<Socket | null>(null);
  useEffect(() => {
    if (!token || !userId) return;
    const opened = connectSocket(token);
    setSocket(opened);
    const stop = onChatMessage(opened, userId, (payload) => notify.info(payload.mensaje, payload.title));
    return () => {
      stop();
      opened.disconnect();
      setSocket(null);
    };
  }, [token, userId]);
  return socket;
}
