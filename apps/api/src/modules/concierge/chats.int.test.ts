import type { AddressInfo } from 'node:net';
import { conciergePaths, newConversationEvent } from '@posada/contracts/concierge';
import { socketClientOptions } from '@posada/contracts/realtime';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedTables, dbSnapshot } from '../../test/db-snapshot.ts';
import { testDbKind } from '../../test/test-app.ts';
import { ANA, BRUNO, type ConciergeTest, startConcierge } from './concierge.test-setup.ts';

const LONG =
  'Hola, buenas tardes, llegamos mañana por la noche y queríamos saber si hay algún sitio cerca para cenar tarde';

/**
 * The bot chats API (spec 7): the list (newest first, unread count, needs_attention), mark as read by
 * check-in or chat, mark all as read, the conversation viewer with the answer's image, the inbox's bot
 * switch, the `new-conversation-{propertyId}` socket event; another account's ids answer 404.
 */
describe(`bot chats routes on ${testDbKind}`, () => {
  let c: ConciergeTest;
  let chatId: string;
  let threadId: string;
  beforeAll(async () => {
    c = await startConcierge('concierge-chats-');
    await c.anaAsks('¿Dónde puedo aparcar?');
    await c.anaAsks(LONG);
    chatId = (await c.chatOf(c.accountA))?.id as string;
    threadId = (await c.threadOf(c.accountA))?.id as string;
  }, 180_000);
  afterAll(() => c?.close());

  const list = (token = c.tokenA, property = c.propertyA) =>
    c.data(token, 'GET', `${conciergePaths.chatList}?property_id=${property}`);

  it('lists the chats with the preview cut at 85 characters, needs_attention and the unread count', async () => {
    const page = await list();
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(1);
    const item = page.items[0];
    expect(item).toMatchObject({
      id: chatId,
      property_id: c.propertyA,
      thread_id: threadId,
      phone_number: ANA,
      guest_name: 'Ana',
      checkin_id: c.checkinA,
      has_new_message: true,
      paused: false,
      // The long question was escalated and nobody answered it yet.
      needs_attention: true,
    });
    expect(Array.from(item.last_message_preview as string).length).toBeLessThanOrEqual(85);
    expect(item.last_inbound_at).not.toBeNull();
  });

  it('shows every line of the conversation, the image an answer sent and the rule of an escalation', async () => {
    const chat = await c.data(c.tokenA, 'GET', conciergePaths.chat(chatId));
    expect(chat.messages.map((m: { role: string }) => m.role)).toEqual(['guest', 'bot', 'guest', 'bot']);
    expect(chat.messages[1]).toMatchObject({ outcome: 'answered', source: c.questions.parking });
    expect(chat.messages[1].image_url).toMatch(/^\/api\/files\/.+\.png$/);
    expect(chat.messages[0].image_url).toBeNull();
    expect(chat.messages[3]).toMatchObject({ outcome: 'escalated', image_url: null });
    expect(chat.messages[3].rule).toMatch(/^no knowledge/);
    expect(chat.messages[2].content).toBe(LONG);
  });

  it('marks a chat read by its check-in or its id, and all of a property at once', async () => {
    expect(
      await c.data(c.tokenA, 'POST', conciergePaths.markAsRead, {
        property_id: c.propertyA,
        checkin_id: c.checkinA,
      }),
    ).toEqual({ updated: 1 });
    expect((await list()).unread).toBe(0);
    await c.writes(ANA, 'Gracias');
    expect((await list()).unread).toBe(1);
    expect(
      await c.data(c.tokenA, 'POST', conciergePaths.markAsRead, {
        property_id: c.propertyA,
        chat_id: chatId,
      }),
    ).toEqual({ updated: 1 });
    await c.writes(ANA, 'Otra cosa: ¿hay toallas de playa?');
    expect(await c.data(c.tokenA, 'PUT', conciergePaths.markAllAsRead, { property_id: c.propertyA })).toEqual(
      { updated: 1 },
    );
    expect((await list()).items[0].has_new_message).toBe(false);
    // Without a chat or a check-in: a field error.
    const bad = await c.call(c.tokenA, 'POST', conciergePaths.markAsRead, { property_id: c.propertyA });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another account's property, chat and thread, changing nothing", async () => {
    await c.writes(ANA, '¿Hay cuna para bebés?');
    const before = await dbSnapshot(c.t.database);
    const calls: [string, string, object?][] = [
      ['GET', `${conciergePaths.chatList}?property_id=${c.propertyA}`],
      ['POST', conciergePaths.markAsRead, { property_id: c.propertyA, chat_id: chatId }],
      ['POST', conciergePaths.markAsRead, { property_id: c.propertyB, chat_id: chatId }],
      ['PUT', conciergePaths.markAllAsRead, { property_id: c.propertyA }],
      ['GET', conciergePaths.chat(chatId)],
      ['GET', conciergePaths.thread(threadId)],
      ['POST', conciergePaths.takeOver(threadId)],
      ['POST', conciergePaths.handBack(threadId)],
    ];
    for (const [method, url, payload] of calls) {
      const res = await c.call(c.tokenB, method as 'GET', url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(changedTables(before, await dbSnapshot(c.t.database))).toEqual([]);
    expect((await list()).unread).toBe(1);
    // B has no smart plan: Bruno gets no bot, and B's operator answering him opens no bot chat either.
    await c.writes(BRUNO, 'Hola, ¿hay wifi?');
    const brunoThread = await c.threadOf(c.accountB);
    await c.data(c.tokenB, 'POST', `/api/inbox/threads/${brunoThread?.id}/messages`, { text: 'Sí, Bruno.' });
    await c.t.app.eventsIdle();
    expect((await list(c.tokenB, c.propertyB)).items).toEqual([]);
    expect(await c.chatOf(c.accountB)).toBeUndefined();
  });

  it('tells the bot switch of an inbox thread, and takes over and hands back', async () => {
    expect(await c.data(c.tokenA, 'GET', conciergePaths.thread(threadId))).toEqual({
      available: true,
      active: true,
      paused_at: null,
      chat_id: chatId,
    });
    const taken = await c.data(c.tokenA, 'POST', conciergePaths.takeOver(threadId));
    expect(taken).toMatchObject({ active: false, chat_id: chatId });
    expect((await list()).items[0].paused).toBe(true);
    expect((await c.data(c.tokenA, 'POST', conciergePaths.handBack(threadId))).active).toBe(true);
  });

  it('emits new-conversation-{propertyId} to the account on a new line and on a read', async () => {
    await c.t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(c.t.app.server.address() as AddressInfo).port}`;
    const socket: Socket = connectClient(url, {
      ...socketClientOptions,
      transports: ['websocket'],
      auth: { token: c.tokenA },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const seen: { chat_id: string | null; unread: number }[] = [];
      socket.on(newConversationEvent(c.propertyA), (payload) => seen.push(payload));
      await c.writes(ANA, '¿A qué hora hay que dejar el apartamento?');
      await c.data(c.tokenA, 'PUT', conciergePaths.markAllAsRead, { property_id: c.propertyA });
      await new Promise((r) => setTimeout(r, 300));
      expect(seen.some((p) => p.chat_id === chatId && p.unread === 1)).toBe(true);
      expect(seen.at(-1)).toMatchObject({ unread: 0 });
    } finally {
      socket.disconnect();
    }
  });
});
