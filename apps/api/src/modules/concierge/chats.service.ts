import {
  type BotChat,
  type BotChatItem,
  type BotChatList,
  type BotThreadState,
  newConversationEvent,
} from '@posada/contracts/concierge';
import { botPreview, botUsable } from '@posada/domain/concierge';
import { AppError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { fileUrl } from '../files/files.service.ts';
import { type BotChatRow, type BotMessageRow, createChatsRepo, type NewBotMessage } from './chats.repo.ts';
import type { ConciergeDeps } from './concierge.deps.ts';

export type ChatsService = ReturnType<typeof createChatsService>;

const chatNotFound = () => new AppError('concierge.chat_not_found', 404);
const threadNotFound = () => new AppError('inbox.not_found', 404);
const propertyNotFound = () => new AppError('properties.not_found', 404);

/** The last line that is not the guest's: an escalation or a handover nobody answered since. */
const needsAttention = (last: { role: string; outcome: string | null; action: string | null } | undefined) =>
  !!last && last.role !== 'operator' && (last.outcome === 'escalated' || last.action === 'handover');

function toItem(row: BotChatRow, attention: boolean): BotChatItem {
  return {
    id: row.id,
    property_id: row.propertyId,
    thread_id: row.threadId,
    phone_number: row.phoneNumber,
    guest_name: row.guestName,
    checkin_id: row.checkinId,
    last_inbound_at: row.lastInboundAt?.toISOString() ?? null,
    last_message_at: row.lastMessageAt.toISOString(),
    last_message_preview: row.lastMessagePreview,
    has_new_message: row.hasNewMessage,
    paused: row.pausedAt !== null,
    needs_attention: attention,
  };
}

/** A line as the viewer shows it; an answer with an image (source: a question with one) carries its URL. */
function toLine(row: BotMessageRow, images: Map<string, string>) {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    timestamp: row.createdAt.toISOString(),
    outcome: row.outcome,
    source: row.source,
    action: row.action,
    rule: row.rule,
    image_url: row.role === 'bot' && row.source ? (images.get(row.source) ?? null) : null,
  };
}

/**
 * Bot chats (spec 3 Bot chat, spec 7 retrieve-list-chat-bot, mark-as-read, mark-all-as-read): one per
 * inbox thread, its lines with what the bot did and why, the conversation viewer, and the operator's
 * take-over and hand-back (the bot stays quiet in a paused chat). Empresa; another account's ids are 404.
 * Each new line and each read emits `new-conversation-{propertyId}` to the account's sockets.
 */
export function createChatsService(deps: ConciergeDeps) {
  const repo = createChatsRepo(deps.db);

  async function notify(accountId: string, propertyId: string, chatId: string | null) {
    try {
      const unread = await repo.unread(accountId, propertyId);
      deps.realtime().emitToAccount(accountId, newConversationEvent(propertyId), {
        property_id: propertyId,
        chat_id: chatId,
        unread,
      });
    } catch (err) {
      deps.logger.warn({ err }, 'concierge: the new-conversation event was not emitted');
    }
  }

  async function ownedProperty(tenant: Tenant, propertyId: string) {
    if (!isUuid(propertyId) || !(await repo.ownsProperty(tenant.accountId, propertyId)))
      throw propertyNotFound();
  }

  async function ownedChat(tenant: Tenant, chatId: string): Promise<BotChatRow> {
    const row = isUuid(chatId) ? await repo.chatById(tenant.accountId, chatId) : null;
    if (!row) throw chatNotFound();
    return row;
  }

  /** The thread's property: its own, else its booking's or check-in's. */
  async function propertyOfThread(thread: {
    accountId: string;
    propertyId: string | null;
    bookingId: string | null;
    checkinId: string | null;
  }) {
    if (thread.propertyId) return thread.propertyId;
    if (thread.bookingId) {
      const booking = await repo.booking(thread.accountId, thread.bookingId);
      if (booking) return booking.propertyId;
    }
    if (thread.checkinId) {
      const checkin = await repo.checkin(thread.accountId, thread.checkinId);
      if (checkin) return checkin.propertyId;
    }
    return null;
  }

  /** The bot chat of a thread, opened when missing (take-over, an operator's message): null without a property. */
  async function chatOfThread(accountId: string, threadId: string): Promise<BotChatRow | null> {
    const existing = await repo.chatByThread(accountId, threadId);
    if (existing) return existing;
    const thread = await repo.thread(accountId, threadId);
    if (!thread?.phone) return null;
    const propertyId = await propertyOfThread(thread);
    if (!propertyId) return null;
    return repo.upsertChat({
      accountId,
      propertyId,
      threadId,
      checkinId: thread.checkinId,
      phoneNumber: thread.phone,
      guestName: thread.guestName,
      lastMessageAt: deps.clock.now(),
      createdAt: deps.clock.now(),
    });
  }

  /** Whether the bot answers at the thread's property (spec 5). */
  async function usableAt(accountId: string, threadId: string): Promise<boolean> {
    const thread = await repo.thread(accountId, threadId);
    const propertyId = thread ? await propertyOfThread(thread) : null;
    const property = propertyId ? await repo.property(accountId, propertyId) : null;
    return (
      !!property &&
      botUsable({
        plan: property.plan,
        status_subscription: property.statusSubscription,
        botEnabled: property.botGpt,
      })
    );
  }

  async function ownedThread(tenant: Tenant, threadId: string) {
    const thread = isUuid(threadId) ? await repo.thread(tenant.accountId, threadId) : null;
    if (!thread) throw threadNotFound();
    return thread;
  }

  async function threadState(tenant: Tenant, threadId: string): Promise<BotThreadState> {
    await ownedThread(tenant, threadId);
    const available = await usableAt(tenant.accountId, threadId);
    const chat = await repo.chatByThread(tenant.accountId, threadId);
    return {
      available,
      active: available && !chat?.pausedAt,
      paused_at: chat?.pausedAt?.toISOString() ?? null,
      chat_id: chat?.id ?? null,
    };
  }

  return {
    repo,
    notify,
    propertyOfThread,

    /** Writes a line and moves the chat (time, preview ≤ 85; a guest's line makes it unread). */
    async addLine(chat: BotChatRow, line: Omit<NewBotMessage, 'accountId' | 'chatId' | 'createdAt'>) {
      const at = deps.clock.now();
      const row = await repo.insertLine({
        ...line,
        accountId: chat.accountId,
        chatId: chat.id,
        createdAt: at,
      });
      if (line.role !== 'action')
        await repo.updateChat(chat.accountId, chat.id, {
          lastMessageAt: at,
          lastMessagePreview: botPreview(line.content),
          ...(line.role === 'guest' ? { hasNewMessage: true } : {}),
        });
      return row;
    },

    /** An operator wrote in the thread (the inbox composer): logged, and the bot pauses there. */
    async operatorWrote(
      accountId: string,
      threadId: string,
      message: { id: string; body: string; authorUserId: string },
    ) {
      if (await repo.lineOfInboxMessage(accountId, message.id)) return;
      // A thread the bot never took part in is opened (paused) only where the bot answers (spec 5).
      if (!(await repo.chatByThread(accountId, threadId)) && !(await usableAt(accountId, threadId))) return;
      const chat = await chatOfThread(accountId, threadId);
      if (!chat) return;
      const at = deps.clock.now();
      await repo.insertLine({
        accountId,
        chatId: chat.id,
        role: 'operator',
        content: message.body,
        inboxMessageId: message.id,
        outcome: null,
        createdAt: at,
      });
      await repo.updateChat(accountId, chat.id, {
        lastMessageAt: at,
        lastMessagePreview: botPreview(message.body),
        ...(chat.pausedAt ? {} : { pausedAt: at, pausedByUserId: message.authorUserId }),
      });
      await notify(accountId, chat.propertyId, chat.id);
    },

    /** spec 7 GET /retrieve-list-chat-bot?property_id=: newest first, and the unread count. */
    async list(tenant: Tenant, propertyId: string): Promise<BotChatList> {
      await ownedProperty(tenant, propertyId);
      const rows = await repo.chatsOfProperty(tenant.accountId, propertyId);
      const last = new Map(
        (
          await repo.lastAnswers(
            tenant.accountId,
            rows.map((r) => r.id),
          )
        ).map((l) => [l.chatId, l]),
      );
      return {
        items: rows.map((r) => toItem(r, needsAttention(last.get(r.id)))),
        unread: rows.filter((r) => r.hasNewMessage).length,
      };
    },

    /** GET /api/concierge/chats/{id}: every line, with the image an answer sent. */
    async chat(tenant: Tenant, chatId: string): Promise<BotChat> {
      const row = await ownedChat(tenant, chatId);
      const lines = await repo.lines(tenant.accountId, row.id);
      const [last] = await repo.lastAnswers(tenant.accountId, [row.id]);
      const sources = lines.flatMap((l) =>
        l.role === 'bot' && l.source && isUuid(l.source) ? [l.source] : [],
      );
      const images = new Map(
        (await repo.questionImages(tenant.accountId, sources)).map((q) => [q.id, fileUrl(q.imageFile)]),
      );
      return { ...toItem(row, needsAttention(last)), messages: lines.map((l) => toLine(l, images)) };
    },

    /** spec 7 POST /mark-as-read {property_id, checkin_id | chat_id}. */
    async markAsRead(tenant: Tenant, body: { property_id: string; checkin_id?: string; chat_id?: string }) {
      await ownedProperty(tenant, body.property_id);
      if (body.chat_id) await ownedChat(tenant, body.chat_id);
      const updated = await repo.markRead(tenant.accountId, body.property_id, {
        checkinId: body.chat_id ? undefined : body.checkin_id,
        chatId: body.chat_id,
      });
      await notify(tenant.accountId, body.property_id, body.chat_id ?? null);
      return { updated };
    },

    /** spec 7 PUT /mark-all-as-read {property_id}. */
    async markAllAsRead(tenant: Tenant, propertyId: string) {
      await ownedProperty(tenant, propertyId);
      const updated = await repo.markRead(tenant.accountId, propertyId, null);
      await notify(tenant.accountId, propertyId, null);
      return { updated };
    },

    threadState,

    /** POST take-over: the bot pauses in this thread until handed back. */
    async takeOver(tenant: Tenant, threadId: string): Promise<BotThreadState> {
      await ownedThread(tenant, threadId);
      const chat = await chatOfThread(tenant.accountId, threadId);
      if (chat && !chat.pausedAt) {
        await repo.updateChat(tenant.accountId, chat.id, {
          pausedAt: deps.clock.now(),
          pausedByUserId: tenant.userId,
        });
        await notify(tenant.accountId, chat.propertyId, chat.id);
      }
      return threadState(tenant, threadId);
    },

    /** POST hand-back: the bot answers again. */
    async handBack(tenant: Tenant, threadId: string): Promise<BotThreadState> {
      await ownedThread(tenant, threadId);
      const chat = await repo.chatByThread(tenant.accountId, threadId);
      if (chat?.pausedAt) {
        await repo.updateChat(tenant.accountId, chat.id, {
          pausedAt: null,
          pausedByUserId: null,
          pendingOffer: null,
        });
        await notify(tenant.accountId, chat.propertyId, chat.id);
      }
      return threadState(tenant, threadId);
    },
  };
}
