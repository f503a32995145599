import {
  type InboxChannel,
  type InboxMessage,
  type InboxMessageEventPayload,
  type InboxThread,
  inboxMessageEvent,
  previewOf,
} from '@posada/contracts/inbox';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboundContent, WhatsAppGateway } from '../../adapters/whatsapp/types.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderTemplate } from '../../lib/message-template.ts';
import { isUuid } from '../../lib/sql.ts';
import type { StayContacts } from '../bookings/stay-contacts.service.ts';
import type { CheckinContacts } from '../checkins/checkin-contacts.service.ts';
import type { Deliver, DeliveryInboxPort } from '../delivery/delivery.types.ts';
import type { FileStorage } from '../files/storage.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import { inboxErrors } from './inbox.errors.ts';
import { createInboxRepo, type MessageRow, type ThreadRow } from './inbox.repo.ts';
import type { InboundMessage, InboxService, Recipient, SendRequest } from './inbox.types.ts';
import { optChangeOf, phoneDigits, toInboxMessage, toInboxThread } from './inbox-views.ts';

export type { InboundMessage, Recipient, SendRequest } from './inbox.types.ts';

/** A file the operator attaches: stored for the thread, uploaded to WhatsApp, sent by its media id. */
export interface Attachment {
  bytes: Uint8Array;
  mime: string;
  name: string;
  /** The FileStorage extension (png, jpg, pdf…), checked by content by the caller. */
  extension: string;
}

export interface InboxDeps {
  db: Db;
  clock: Clock;
  events: EventBus;
  logger: FastifyBaseLogger;
  storage: FileStorage;
  /** SMS configured (TWILIO_*): the composer's SMS channel is refused without it. */
  smsConfigured: boolean;
  /** The delivery pipeline (modules/delivery), bound late: every outbound message goes through it. */
  deliver: () => Deliver | null;
  /** The WhatsApp Cloud API (null when WHATSAPP_API_URL is not set). */
  whatsapp: WhatsAppGateway | null;
  /** The whatsapp module's connections, bound late (built after the inbox). */
  connections: () => WhatsAppConnections | null;
  stays: StayContacts;
  checkinContacts: CheckinContacts;
  /** INBOUND_EMAIL_DOMAIN: replies to our e-mails come back to reply+{thread id}@it. */
  inboundEmailDomain?: string;
  realtime: () => { emitToAccount(accountId: string, event: string, payload: unknown): void };
}

/** What the subject of an e-mail from the inbox says when the caller gives none. */
const DEFAULT_SUBJECT = 'Mensaje de tu alojamiento';

const bodyOf = (content: OutboundContent): string =>
  content.type === 'text'
    ? content.body
    : content.type === 'template'
      ? [content.name, ...content.bodyParams].join(' · ')
      : (content.caption ?? content.fileName ?? '');

/**
 * The unified inbox's core (issue 17, docs/messaging.md Inbox): the only writer of inbox_threads and
 * inbox_messages. Guests' messages come in through recordInbound (the WhatsApp webhook, replies to our
 * e-mails); everything a guest receives goes out through send, so it is in their thread and follows the
 * 24-hour rule; its state follows its delivery record (modules/delivery, through `deliveryPort`). Each change records its
 * domain event in its transaction; the module's handler turns it into the `inbox.message` socket event.
 */
export function createInboxService(deps: InboxDeps) {
  const { db, clock, events } = deps;
  const repo = createInboxRepo(db);
  const today = () => clock.now().toISOString().slice(0, 10);

  /** The stay (booking, its check-in, property) a phone or e-mail belongs to now, for an automatic link. */
  async function linkOf(accountId: string, phone: string | null, email: string | null) {
    const stay = phone
      ? await deps.stays.stayOfPhone(accountId, phone, today())
      : email
        ? await deps.stays.stayOfEmail(accountId, email, today())
        : null;
    if (stay) {
      const checkinId = await deps.checkinContacts.checkinOfBooking(accountId, stay.bookingId);
      return { bookingId: stay.bookingId, checkinId, propertyId: stay.propertyId, name: stay.name };
    }
    if (!phone) return null;
    const [walkIn] = await deps.checkinContacts.walkInsOfPhone(accountId, phone, today());
    return walkIn
      ? { bookingId: null, checkinId: walkIn.checkinId, propertyId: walkIn.propertyId, name: walkIn.name }
      : null;
  }

  async function threadView(accountId: string, id: string): Promise<InboxThread | null> {
    const row = await repo.threadView(accountId, id);
    return row ? toInboxThread(row, clock.now()) : null;
  }

  async function messageView(row: MessageRow): Promise<InboxMessage> {
    return toInboxMessage(row, row.authorUserId ? await repo.authorName(row.authorUserId) : null);
  }

  /** Finds the thread of a recipient, or opens one (linked to the given booking, else by phone). */
  async function threadFor(accountId: string, to: Recipient): Promise<ThreadRow> {
    if ('threadId' in to) {
      const thread = isUuid(to.threadId) ? await repo.threadById(accountId, to.threadId) : null;
      if (!thread) throw inboxErrors.threadNotFound();
      return thread;
    }
    const phone = phoneDigits(to.phone);
    const email = to.email?.trim().toLowerCase() || null;
    if (!phone && !email) throw inboxErrors.noPhone();
    const found = await repo.threadByAddress(accountId, { phone, email: phone ? null : email });
    if (found) {
      if (email && !found.email) await repo.updateThread(accountId, found.id, { email });
      return found.email || !email ? found : { ...found, email };
    }
    const link = to.bookingId ? null : await linkOf(accountId, phone, email);
    const bookingLink = to.bookingId
      ? await (async () => {
          const checkinId = await deps.checkinContacts.checkinOfBooking(accountId, to.bookingId as string);
          return { bookingId: to.bookingId as string, checkinId };
        })()
      : null;
    return repo.openThread({
      accountId,
      phone,
      email,
      guestName: to.guestName || link?.name || '',
      bookingId: bookingLink?.bookingId ?? link?.bookingId ?? null,
      checkinId: bookingLink?.checkinId ?? link?.checkinId ?? null,
      propertyId: link?.propertyId ?? null,
      lastMessageAt: clock.now(),
      createdAt: clock.now(),
    });
  }

  /** Where a guest's reply to our e-mail comes back (INBOUND_EMAIL_DOMAIN), or null. */
  function replyAddress(threadId: string): string | null {
    return deps.inboundEmailDomain ? `reply+${threadId}@${deps.inboundEmailDomain}` : null;
  }

  /** What the thread shows of a message: a template's approved text with its parameters filled in. */
  async function shownBody(accountId: string, content: OutboundContent): Promise<string> {
    if (content.type !== 'template') return bodyOf(content);
    const template = await deps.connections()?.approvedTemplate(accountId, content.name, content.language);
    return template ? renderTemplate(template.body, {}, content.bodyParams).body : bodyOf(content);
  }

  /** A message with its thread to the account's open inboxes (the socket's `inbox.message`). */
  async function pushLive(accountId: string, threadId: string, messageId: string): Promise<void> {
    const [thread, message] = await Promise.all([
      service.thread(accountId, threadId),
      service.message(accountId, messageId),
    ]);
    if (!thread || !message) return;
    const payload: InboxMessageEventPayload = { thread, message };
    deps.realtime().emitToAccount(accountId, inboxMessageEvent, payload);
  }

  /**
   * The delivery pipeline's view of the inbox (modules/delivery DeliveryInboxPort): the guest's thread, the
   * outbound message stored in the pipeline's transaction, and its state following its delivery record.
   */
  const deliveryPort: DeliveryInboxPort = {
    replyAddress,

    async thread(accountId, to) {
      const thread = await threadFor(
        accountId,
        to.threadId
          ? { threadId: to.threadId }
          : { phone: to.phone, email: to.email, guestName: to.name, bookingId: to.bookingId ?? null },
      );
      return { id: thread.id, phone: thread.phone, email: thread.email, lastInboundAt: thread.lastInboundAt };
    },

    async recordOutbound(tx, emit, m) {
      const txRepo = createInboxRepo(tx);
      const stored = await txRepo.insertMessage({
        accountId: m.accountId,
        threadId: m.threadId,
        channel: m.channel,
        direction: 'out',
        type: m.type,
        body: m.body,
        templateName: m.templateName,
        mediaFile: m.media?.file ?? null,
        mediaMime: m.media?.mime ?? null,
        mediaName: m.media?.name ?? null,
        status: 'queued',
        authorUserId: m.authorUserId,
        sentAt: m.at,
      });
      if (!stored) throw new Error('inbox: the outbound message was not stored');
      await txRepo.touchThread(m.accountId, m.threadId, {
        at: stored.sentAt,
        preview: previewOf(stored.body || `[${stored.type}]`),
        channel: stored.channel,
        inbound: false,
      });
      await emit(m.accountId, 'inbox.message_changed', {
        thread_id: m.threadId,
        message_id: stored.id,
        status: stored.status,
      });
      return { messageId: stored.id };
    },

    async mirror(tx, accountId, messageId, v) {
      return createInboxRepo(tx).updateMessage(accountId, messageId, {
        deliveryId: v.deliveryId,
        channel: v.channel,
        status: v.status,
        externalId: v.externalId,
        errorCode: v.status === 'failed' ? v.errorCode : null,
        errorText: v.status === 'failed' ? (v.errorText ?? '').slice(0, 500) || null : null,
        statusAt: v.at,
      });
    },

    pushLive,
  };

  /** The channel's configuration, checked before a message the operator (or the system) sends on one channel. */
  async function requireChannel(thread: ThreadRow, channel: InboxChannel) {
    if (channel === 'email') {
      if (!thread.email) throw inboxErrors.noEmail();
      return;
    }
    if (!thread.phone) throw inboxErrors.noPhone();
    if (channel === 'sms' && !deps.smsConfigured) throw inboxErrors.smsNotConfigured();
    if (
      channel === 'whatsapp' &&
      (!deps.whatsapp || !(await deps.connections()?.senderFor(thread.accountId)))
    )
      throw inboxErrors.whatsappNotConnected();
  }

  const service = {
    /** `threadId`: the thread a reply address named (reply+{thread id}@…), when it is the account's. */
    async recordInbound(message: InboundMessage & { threadId?: string | null }) {
      const phone = phoneDigits(message.phone);
      const email = message.email?.trim().toLowerCase() || null;
      if (!phone && !email) throw inboxErrors.noPhone();
      const already = await repo.messageByExternalId(message.channel, message.externalId);
      if (already) return { threadId: already.threadId, messageId: already.id, created: false };
      // Read before the transaction (PGlite has one session): the stay this guest belongs to now.
      const named =
        message.threadId && isUuid(message.threadId)
          ? await repo.threadById(message.accountId, message.threadId)
          : null;
      const existing =
        named ??
        (!phone && email ? await repo.threadByEmail(message.accountId, email) : null) ??
        (await repo.threadByAddress(message.accountId, { phone, email: phone ? null : email }));
      const link = existing?.linkedByHand ? null : await linkOf(message.accountId, phone, email);
      const preview = previewOf(message.body || `[${message.type}]`);
      const optChange = message.channel === 'email' ? null : optChangeOf(message.body);
      return events.transaction(db, async (tx, emit) => {
        const txRepo = createInboxRepo(tx);
        const thread =
          existing ??
          (await txRepo.openThread({
            accountId: message.accountId,
            phone,
            email: phone ? null : email,
            guestName: message.guestName || link?.name || '',
            lastChannel: message.channel,
            lastMessageAt: message.sentAt,
            lastMessagePreview: preview,
            createdAt: clock.now(),
          }));
        const stored = await txRepo.insertMessage({
          accountId: message.accountId,
          threadId: thread.id,
          channel: message.channel,
          direction: 'in',
          externalId: message.externalId,
          type: message.type,
          body: message.body,
          mediaFile: message.media?.file || null,
          mediaMime: message.media?.mime ?? null,
          mediaName: message.media?.name ?? null,
          status: 'received',
          sentAt: message.sentAt,
          raw: message.raw as object,
        });
        // A concurrent delivery of the same id stored it first.
        if (!stored) {
          const first = await txRepo.messageByExternalId(message.channel, message.externalId);
          return { threadId: first?.threadId ?? thread.id, messageId: first?.id ?? '', created: false };
        }
        await txRepo.touchThread(message.accountId, thread.id, {
          at: message.sentAt,
          preview,
          channel: message.channel,
          inbound: true,
        });
        const guestName = !thread.guestName || thread.guestName === thread.phone ? message.guestName : null;
        await txRepo.updateThread(message.accountId, thread.id, {
          ...(link
            ? { bookingId: link.bookingId, checkinId: link.checkinId, propertyId: link.propertyId }
            : {}),
          ...(guestName ? { guestName } : {}),
          ...(email && !thread.email ? { email } : {}),
          ...(optChange === 'out'
            ? { optedOutAt: clock.now() }
            : optChange === 'in'
              ? { optedOutAt: null }
              : {}),
        });
        await emit(message.accountId, 'inbox.message_received', {
          thread_id: thread.id,
          message_id: stored.id,
          channel: message.channel,
        });
        return { threadId: thread.id, messageId: stored.id, created: true };
      });
    },

    /**
     * Sends on the thread's channel (or the one asked for) through the delivery pipeline, so the message has
     * its delivery record and its state comes from the provider. Free text outside the WhatsApp window is
     * refused (inbox.window_closed) before anything is written; an unconfigured channel likewise.
     */
    async send(request: SendRequest & { attachment?: Attachment }): Promise<InboxMessage> {
      const deliver = deps.deliver();
      if (!deliver) throw new Error('inbox: the delivery pipeline is not bound');
      const thread = await threadFor(request.accountId, request.to);
      const channel: InboxChannel = request.channel ?? (thread.phone ? 'whatsapp' : 'email');
      await requireChannel(thread, channel);
      const content = request.content;
      if (channel !== 'whatsapp' && content.type !== 'text') throw inboxErrors.contentUnsupported();
      const text = content.type === 'text' ? content.body : await shownBody(thread.accountId, content);
      const result = await deliver({
        accountId: request.accountId,
        kind: request.kind ?? (request.authorUserId ? 'operator_reply' : 'broadcast'),
        to: { threadId: thread.id, name: thread.guestName, phone: thread.phone, email: thread.email },
        propertyId: request.propertyId ?? thread.propertyId,
        bookingId: request.bookingId ?? thread.bookingId,
        checkinId: request.checkinId ?? thread.checkinId,
        language: request.language,
        text,
        subject: request.subject ?? (channel === 'email' ? DEFAULT_SUBJECT : undefined),
        channels: [channel],
        ...(content.type === 'template'
          ? { template: { name: content.name, language: content.language, bodyParams: content.bodyParams } }
          : {}),
        ...(request.attachment && channel === 'whatsapp' ? { attachment: request.attachment } : {}),
        refuseOutsideWindow: true,
        authorUserId: request.authorUserId,
      });
      const row = result.inboxMessageId
        ? await repo.messageById(request.accountId, result.inboxMessageId)
        : null;
      if (!row) throw new Error('inbox: the sent message is not in its thread');
      return messageView(row);
    },

    /** The pipeline's port (modules/delivery): bound in app.ts. */
    deliveryPort,

    /** A media downloaded after its message was stored (the webhook's retry): shown from now on. */
    async attachMedia(accountId: string, messageId: string, media: { file: string; mime: string }) {
      await events.transaction(db, async (tx, emit) => {
        const txRepo = createInboxRepo(tx);
        const row = await txRepo.messageById(accountId, messageId);
        if (!row) return;
        await txRepo.updateMessage(accountId, messageId, {
          mediaFile: media.file,
          mediaMime: media.mime,
          errorCode: null,
          errorText: null,
        });
        await emit(accountId, 'inbox.message_changed', {
          thread_id: row.threadId,
          message_id: row.id,
          status: row.status,
        });
      });
    },

    /** A media download that failed for good (after the retries): the message says so. */
    async markMediaFailed(accountId: string, messageId: string, error: { code: string; text: string }) {
      await repo.updateMessage(accountId, messageId, { errorCode: error.code, errorText: error.text });
    },

    /**
     * The shared number's routing (WhatsAppConnections.routeOf → shared): the accounts this guest phone
     * belongs to, most likely first: the most recent thread, then a current or coming stay, then a walk-in.
     */
    async accountsOfGuestPhone(phone: string): Promise<string[]> {
      const digits = phoneDigits(phone);
      if (!digits) return [];
      const found = [
        ...(await repo.accountsOfPhone(digits)),
        ...(await deps.stays.accountsOfPhone(digits, today())),
        ...(await deps.checkinContacts.walkInsOfPhone(null, digits, today())).map((c) => c.accountId),
      ];
      return [...new Set(found)];
    },

    /** Whether a provider's message id is already stored (the webhook skips downloading its media again). */
    hasMessage: async (channel: InboxChannel, externalId: string) =>
      (await repo.messageByExternalId(channel, externalId)) !== null,

    accountOfThread: (threadId: string) => (isUuid(threadId) ? repo.accountOfThread(threadId) : null),

    /** GET views for the socket event and the inbox routes. */
    thread: threadView,
    async message(accountId: string, id: string): Promise<InboxMessage | null> {
      const row = isUuid(id) ? await repo.messageById(accountId, id) : null;
      return row ? messageView(row) : null;
    },
    /** The stored row of a message (its media file for GET /api/inbox/media/{id}); null for another account. */
    messageRow: (accountId: string, id: string) => (isUuid(id) ? repo.messageById(accountId, id) : null),
    replyAddress,
  } satisfies InboxService & Record<string, unknown>;
  return service;
}

export type InboxCoreService = ReturnType<typeof createInboxService>;
