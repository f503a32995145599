import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chatMessageEvent } from '@posada/contracts/realtime';
import { Server } from 'socket.io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSocket, onChatMessage } from './socket.ts';

const userId = '0b6f3c1e-5d2a-4c1b-9e8f-1a2b3c4d5e6f';

describe('real-time socket client (spec 7)', () => {
  const http = createServer();
  const io = new Server(http);
  const seen: { token: unknown; transport: string }[] = [];
  let url = '';

  beforeAll(async () => {
    io.use((socket, next) => {
      seen.push({ token: socket.handshake.auth.token, transport: socket.conn.transport.name });
      if (socket.handshake.auth.token !== 'valid-token') return next(new Error('unauthorized'));
      next();
    });
    io.on('connection', (socket) => {
      socket.emit(chatMessageEvent(userId), { title: 'Nuevo mensaje', mensaje: 'Hola desde el chat' });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    io.close();
    await new Promise((resolve) => http.close(resolve));
  });

  it('connects over websocket only with the token, and retries 5 times 1 s apart', async () => {
    const socket = connectSocket('valid-token', url);
    const payload = await new Promise((resolve) => onChatMessage(socket, userId, resolve));
    expect(payload).toEqual({ title: 'Nuevo mensaje', mensaje: 'Hola desde el chat' });
    expect(seen.at(-1)).toEqual({ token: 'valid-token', transport: 'websocket' });
    expect(socket.io.opts.transports).toEqual(['websocket']);
    expect(socket.io.reconnectionAttempts()).toBe(5);
    expect(socket.io.reconnectionDelay()).toBe(1000);
    socket.disconnect();
  });

  it('stops listening when asked', async () => {
    const socket = connectSocket('valid-token', url);
    let calls = 0;
    const stop = onChatMessage(socket, userId, () => {
      calls += 1;
    });
    stop();
    await new Promise<void>((resolve) => socket.on('connect', () => setTimeout(resolve, 100)));
    expect(calls).toBe(0);
    socket.disconnect();
  });

  it('is refused by the server without a valid token', async () => {
    const socket = connectSocket('wrong', url);
    const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
    expect(error.message).toBe('unauthorized');
    socket.disconnect();
  });
});
