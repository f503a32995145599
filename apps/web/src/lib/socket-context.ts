import { createContext, useContext } from 'react';
import type { Socket } from 'socket.io-client';

/**
 * The signed-in user's socket (opened once by the Main layout, spec 7) for the pages under it: the inbox
 * listens to `inbox.message` on it. Null while it is not open.
 */
export const SocketContext = createContext<Socket | null>(null);

export function useSocket(): Socket | null {
  return useContext(SocketContext);
}
