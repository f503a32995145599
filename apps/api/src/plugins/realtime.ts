// STUB — replaced by the realtime helper (socket.io, websocket only, Redis adapter).
import fp from 'fastify-plugin';
import type { Authenticate } from './access.ts';

export const realtimePlugin = fp<{ authenticate: Authenticate; redisUrl?: string }>(async () => {});
