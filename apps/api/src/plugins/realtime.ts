import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { AuthContext, Authenticate } from './access.ts';

/** Server → client events (spec 7 socket). Clients only listen; they send nothing. */
export interface Realtime {
  emitToUser(userId: string, event: string, payload: unknown): void;
  emitToAccount(accountId: string, event: string, payload: unknown): void;
  /** Closes the sockets opened with a session (logout, revocation), on every API instance. */
  disconnectSession(sessionId: string): void;
  disconnectUser(userId: string): void;
  io: Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions {
  authenticate: Authenticate;
  /** With Redis, events emitted on one API instance reach sockets connected to any other. */
  redisUrl?: string;
  /** Redis channel prefix; every instance of one deployment must use the same. */
  redisKey?: string;
}

export const realtimePath = '/socket.io';
export const userRoom = (userId: string) => `user:${userId}`;
export const accountRoom = (accountId: string) => `account:${accountId}`;
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

interface SocketData {
  auth: AuthContext;
}

/** Refuses sockets without a valid bearer token in `auth: { token }`; the client sees the error code. */
function authMiddleware(authenticate: Authenticate, log: FastifyBaseLogger) {
  return async (socket: Socket, next: (err?: Error) => void) => {
    const token: unknown = socket.handshake.auth?.token;
    try {
      const auth = typeof token === 'string' && token.length > 0 ? await authenticate(token) : null;
      if (!auth) return next(new Error('auth.unauthenticated'));
      (socket.data as SocketData).auth = auth;
      return next();
    } catch (err) {
      log.error({ err }, 'realtime: authentication failed');
      return next(new Error('common.internal'));
    }
  };
}

function joinRooms(socket: Socket) {
  const { auth } = socket.data as SocketData;
  const rooms = [userRoom(auth.userId), sessionRoom(auth.sessionId)];
  if (auth.accountId) rooms.push(accountRoom(auth.accountId));
  socket.join(rooms);
}

function whenReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.once('ready', onReady);
  });
}

function redisClients(url: string, log: FastifyBaseLogger) {
  const pub = new Redis(url, { maxRetriesPerRequest: null });
  const sub = pub.duplicate();
  for (const [name, client] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    // Without a listener ioredis prints every reconnection error; the URL (and its password) is never logged.
    client.on('error', (err: Error) => log.warn({ err: err.message, client: name }, 'realtime: redis error'));
  }
  return { pub, sub };
}

/** QUIT when connected; a client still reconnecting would queue QUIT forever, so it is just dropped. */
async function closeRedis(client: Redis) {
  if (client.status === 'ready') await client.quit().catch(() => {});
  client.disconnect();
}

/**
 * socket.io on the API's HTTP server at /socket.io, websocket transport only. Every socket joins
 * `user:{userId}` (and `account:{accountId}` for an empresa), so features emit to a person or a tenant.
 */
export const realtimePlugin = fp<RealtimeOptions>(
  async (app: FastifyInstance, opts) => {
    const io = new Server(app.server, {
      path: realtimePath,
      transports: ['websocket'],
      serveClient: false,
      // Clients send no events; a small frame limit keeps a hostile one from costing memory.
      maxHttpBufferSize: 16 * 1024,
    });

    const redis = opts.redisUrl ? redisClients(opts.redisUrl, app.log) : null;
    if (redis) {
      io.adapter(createAdapter(redis.pub, redis.sub, { key: opts.redisKey ?? 'posada.socket.io' }));
    }

    io.use(authMiddleware(opts.authenticate, app.log));
    io.on('connection', joinRooms);

    app.decorate('realtime', {
      emitToUser: (userId, event, payload) => io.to(userRoom(userId)).emit(event, payload),
      emitToAccount: (accountId, event, payload) => io.to(accountRoom(accountId)).emit(event, payload),
      disconnectSession: (sessionId) => io.in(sessionRoom(sessionId)).disconnectSockets(true),
      disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
      io,
    } satisfies Realtime);

    if (redis) {
      app.addHook('onReady', async () => {
        const ready = await Promise.all([whenReady(redis.pub, 5_000), whenReady(redis.sub, 5_000)]);
        if (!ready.every(Boolean)) {
          app.log.error('realtime: Redis is not reachable; events stay on this instance until it is');
        }
      });
    }

    // Before the HTTP server closes: upgraded sockets would otherwise keep it open. Only this
    // instance's sockets; the others keep theirs.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      io.of('/').adapter.close();
      if (redis) await Promise.all([closeRedis(redis.pub), closeRedis(redis.sub)]);
    });
  },
  { name: 'realtime' },
);
