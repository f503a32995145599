import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ChatMessagePayload, chatMessageEvent, socketClientOptions } from '@posada/contracts/realtime';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type Socket as ClientSocket, io as connectClient } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmpresa, loginToken } from '../test/auth-helpers.ts';
import { buildTestApp, testDbKind } from '../test/test-app.ts';
import type { AuthContext } from './access.ts';
import { realtimePlugin } from './realtime.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const hasRedis = await redisAnswers(redisUrl);

// The socket layer under test: tokens map to fixed identities.
const sessions: Record<string, AuthContext> = {
  'token-ana': { userId: 'ana', accountId: 'acc-1', type: 'empresa', sessionId: 's-ana' },
  'token-ben': { userId: 'ben', accountId: 'acc-1', type: 'empresa', sessionId: 's-ben' },
  'token-carla': { userId: 'carla', accountId: 'acc-2', type: 'empresa', sessionId: 's-carla' },
};
const fakeAuthenticate = async (token: string) => sessions[token] ?? null;

async function socketServer(opts: { redisUrl?: string; redisKey?: string } = {}) {
  const app = Fastify({ logger: false });
  await app.register(realtimePlugin, { authenticate: fakeAuthenticate, ...opts });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

const clients: ClientSocket[] = [];

/** Connects like the web app (spec 7 options), answering the socket or the server's refusal. */
function connect(url: string, auth?: { token: string }, transports: string[] = ['websocket']) {
  const socket = connectClient(url, {
    ...socketClientOptions,
    transports,
    auth,
    reconnection: false,
    forceNew: true,
  });
  clients.push(socket);
  return new Promise<ClientSocket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => reject(err));
  });
}

/** Every event a socket receives, in order. */
function record(socket: ClientSocket) {
  const events: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => events.push([event, payload]));
  return events;
}

function nextEvent(socket: ClientSocket, event: string, timeoutMs = 5_000) {
  return new Promise<unknown>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

afterEach(() => {
  for (const socket of clients.splice(0)) socket.disconnect();
});

describe('real-time socket', () => {
  let server: { app: FastifyInstance; url: string };
  beforeAll(async () => {
    server = await socketServer();
  });
  afterAll(async () => {
    await server.app.close();
  });

  it('accepts a client with a valid token over the websocket transport', async () => {
    const socket = await connect(server.url, { token: 'token-ana' });
    expect(socket.connected).toBe(true);
    expect(socket.io.engine.transport.name).toBe('websocket');
  });

  it('refuses anonymous clients and unknown tokens with auth.unauthenticated', async () => {
    await expect(connect(server.url)).rejects.toThrow('auth.unauthenticated');
    await expect(connect(server.url, { token: '' })).rejects.toThrow('auth.unauthenticated');
    await expect(connect(server.url, { token: 'stolen-or-expired' })).rejects.toThrow('auth.unauthenticated');
  });

  it('does not serve the HTTP long-polling transport', async () => {
    await expect(connect(server.url, { token: 'token-ana' }, ['polling'])).rejects.toThrow();
  });

  it('emitToUser reaches only that user', async () => {
    const [ana, ben, carla] = await Promise.all(
      ['token-ana', 'token-ben', 'token-carla'].map((token) => connect(server.url, { token })),
    );
    if (!ana || !ben || !carla) throw new Error('not connected');
    const seenByBen = record(ben);
    const seenByCarla = record(carla);
    const payload: ChatMessagePayload = {
      title: 'Nuevo mensaje',
      mensaje: 'Hola, ¿a qué hora es el check-in?',
    };

    const received = nextEvent(ana, chatMessageEvent('ana'));
    server.app.realtime.emitToUser('ana', chatMessageEvent('ana'), payload);
    expect(await received).toEqual(payload);

    // Events arrive in order: once the others got a later broadcast, they did not get the first one.
    const benDone = nextEvent(ben, 'done');
    const carlaDone = nextEvent(carla, 'done');
    server.app.realtime.io.emit('done');
    await Promise.all([benDone, carlaDone]);
    expect(seenByBen).toEqual([['done', undefined]]);
    expect(seenByCarla).toEqual([['done', undefined]]);
  });

  it('emitToAccount reaches every user of that account and no other', async () => {
    const [ana, ben, carla] = await Promise.all(
      ['token-ana', 'token-ben', 'token-carla'].map((token) => connect(server.url, { token })),
    );
    if (!ana || !ben || !carla) throw new Error('not connected');
    const seenByCarla = record(carla);
    const anaGot = nextEvent(ana, 'account-news');
    const benGot = nextEvent(ben, 'account-news');
    server.app.realtime.emitToAccount('acc-1', 'account-news', { n: 1 });
    expect(await Promise.all([anaGot, benGot])).toEqual([{ n: 1 }, { n: 1 }]);
    const carlaDone = nextEvent(carla, 'done');
    server.app.realtime.io.emit('done');
    await carlaDone;
    expect(seenByCarla).toEqual([['done', undefined]]);
  });

  it('disconnectSession closes the sockets of that session only', async () => {
    const ana = await connect(server.url, { token: 'token-ana' });
    const ben = await connect(server.url, { token: 'token-ben' });
    const closed = new Promise((resolve) => ana.once('disconnect', resolve));
    server.app.realtime.disconnectSession('s-ana');
    expect(await closed).toBe('io server disconnect');
    expect(ben.connected).toBe(true);
  });

  it('closes promptly while clients are still connected', async () => {
    const own = await socketServer();
    const socket = await connect(own.url, { token: 'token-ana' });
    const started = Date.now();
    await own.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(socket.connected).toBe(false);
  });
});

describe.skipIf(!hasRedis)('real-time socket across API instances (Redis adapter)', () => {
  it('a client connected to instance A receives an event emitted on instance B', async () => {
    // A key of its own, so parallel test runs sharing this Redis never see each other's events.
    const redisKey = `posada.test.${randomUUID()}`;
    const a = await socketServer({ redisUrl, redisKey });
    const b = await socketServer({ redisUrl, redisKey });
    try {
      const ana = await connect(a.url, { token: 'token-ana' });
      // B sees A's socket through Redis before it emits.
      await expect
        .poll(async () => (await b.app.realtime.io.in('user:ana').fetchSockets()).length, { timeout: 5_000 })
        .toBe(1);
      const received = nextEvent(ana, chatMessageEvent('ana'));
      b.app.realtime.emitToUser('ana', chatMessageEvent('ana'), { title: 'Desde B', mensaje: 'hola' });
      expect(await received).toEqual({ title: 'Desde B', mensaje: 'hola' });
    } finally {
      await a.app.close();
      await b.app.close();
    }
  });
});

describe(`real-time socket in the app on ${testDbKind}`, () => {
  it('authenticates with a real session token and delivers chat-message-{userId}', async () => {
    const t = await buildTestApp();
    try {
      const empresa = await createEmpresa(t);
      const token = await loginToken(t, empresa.email);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

      await expect(connect(url, { token: 'not-a-session' })).rejects.toThrow('auth.unauthenticated');
      const socket = await connect(url, { token });
      const received = nextEvent(socket, chatMessageEvent(empresa.userId));
      t.app.realtime.emitToUser(empresa.userId, chatMessageEvent(empresa.userId), {
        title: 'Nuevo mensaje',
        mensaje: 'Hola',
      });
      expect(await received).toEqual({ title: 'Nuevo mensaje', mensaje: 'Hola' });
    } finally {
      await t.close();
    }
  });

  it('drops the live socket of a session that logs out', async () => {
    const t = await buildTestApp();
    try {
      const empresa = await createEmpresa(t);
      const token = await loginToken(t, empresa.email);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const socket = await connect(url, { token });
      const disconnected = new Promise<string>((resolve) => socket.on('disconnect', resolve));

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(await disconnected).toBe('io server disconnect');
      await expect(connect(url, { token })).rejects.toThrow('auth.unauthenticated');
    } finally {
      await t.close();
    }
  });
});
