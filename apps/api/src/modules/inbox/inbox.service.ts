import { type InboxChannel, type InboxMessage, type InboxThread, previewOf } from '@posada/contracts/inbox';
import type { FastifyBaseLogger } from 'fastify';
import { AdapterError } from '../../adapters/adapter-error.ts';
import type { SmsClient } from '../../adapters/sms/sms.client.ts';
import type { OutboundContent, WhatsAppGateway } from '../../adapters/whatsapp/types.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderTemplate } from '../../lib/message-template.ts';
import { isUuid } from '../../lib/sql.ts';
import type { StayContacts } from '../bookings/stay-contacts.service.ts';
import type { CheckinContacts } from '../checkins/checkin-contacts.service.ts';
import type { FileStorage } from '../files/storage.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import { inboxErrors } from './inbox.errors.ts';
import { createInboxRepo, type MessageRow, type ThreadRow } from './inbox.repo.ts';
import type { InboundMessage, InboxService, Recipient, SendRequest } from './inbox.types.ts';
import { optChangeOf, phoneDigits, toInboxMessage, toInboxThread, windowClosesAt } from './inbox-views.ts';

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
  mail: MailService;
  /** SMTP configured: without it an e-mail is not pretended sent (stored failed). */
  mailConfigured: boolean;
  sms: SmsClient | null;
  /** The WhatsApp Cloud API (null when WHATSAPP_API_URL is not set). */
  whatsapp: WhatsAppGateway | null;
  /** The whatsapp module's connections, bound late (built after the inbox). */
  connections: () => WhatsAppConnections | null;
  stays: StayContacts;
  checkinContacts: CheckinContacts;
  /** INBOUND_EMAIL_DOMAIN: replies to our e-mails come back to reply+{thread id}@it. */
  inboundEmailDomain?: string;
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
 * 24-hour rule; provider statuses move messages forward through applyStatus. Each change records its
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

  /** Stores a message and moves its thread, recording `type` for it; answers the stored row. */
  async function store(
    thread: ThreadRow,
    row: Omit<Parameters<typeof repo.insertMessage>[0], 'accountId' | 'threadId'>,
  ): Promise<MessageRow> {
    return events.transaction(db, async (tx, emit) => {
      const txRepo = createInboxRepo(tx);
      const stored = await txRepo.insertMessage({ ...row, accountId: thread.accountId, threadId: thread.id });
      if (!stored) throw new Error('inbox: the outbound message was not stored');
      await txRepo.touchThread(thread.accountId, thread.id, {
        at: stored.sentAt,
        preview: previewOf(stored.body || `[${stored.type}]`),
        channel: stored.channel,
        inbound: false,
      });
      await emit(thread.accountId, 'inbox.message_changed', {
        thread_id: thread.id,
        message_id: stored.id,
        status: stored.status,
      });
      return stored;
    });
  }

  /** The provider's answer: sent (with its id) or failed (with its code); the event goes with it. */
  async function settle(
    message: MessageRow,
    result: { status: 'sent'; externalId: string | null } | { status: 'failed'; code: string; text: string },
  ): Promise<MessageRow> {
    return events.transaction(db, async (tx, emit) => {
      const values =
        result.status === 'sent'
          ? { status: 'sent' as const, externalId: result.externalId, statusAt: clock.now() }
          : {
              status: 'failed' as const,
              errorCode: result.code,
              errorText: result.text.slice(0, 500),
              statusAt: clock.now(),
            };
      await createInboxRepo(tx).updateMessage(message.accountId, message.id, values);
      await emit(message.accountId, 'inbox.message_changed', {
        thread_id: message.threadId,
        message_id: message.id,
        status: values.status,
      });
      return { ...message, ...values };
    });
  }

  const failureOf = (error: unknown) =>
    error instanceof AdapterError
      ? { status: 'failed' as const, code: error.code, text: error.message }
      : {
          status: 'failed' as const,
          code: 'inbox.provider_error',
          text: String((error as Error)?.message ?? error),
        };

  /** What the thread shows of a message: a template's approved text with its parameters filled in. */
  async function shownBody(accountId: string, content: OutboundContent): Promise<string> {
    if (content.type !== 'template') return bodyOf(content);
    const template = await deps.connections()?.approvedTemplate(accountId, content.name, content.language);
    return template ? renderTemplate(template.body, {}, content.bodyParams).body : bodyOf(content);
  }

  async function sendWhatsApp(thread: ThreadRow, request: SendRequest, attachment?: Attachment) {
    if (!thread.phone) throw inboxErrors.noPhone();
    let content = request.content;
    if (content.type !== 'template' && !windowClosesAt(thread.lastInboundAt, clock.now()))
      throw inboxErrors.windowClosed();
    const sender = await deps.connections()?.senderFor(thread.accountId);
    if (!sender || !deps.whatsapp) throw inboxErrors.whatsappNotConnected();
    const media = attachment ? await deps.storage.put(attachment.bytes, attachment.extension) : null;
    const message = await store(thread, {
      channel: 'whatsapp',
      direction: 'out',
      type: content.type,
      body: await shownBody(thread.accountId, content),
      templateName: content.type === 'template' ? content.name : null,
      mediaFile: media,
      mediaMime: attachment?.mime ?? null,
      mediaName: attachment?.name ?? null,
      status: 'queued',
      authorUserId: request.authorUserId,
      sentAt: clock.now(),
      raw: content,
    });
    try {
      if (attachment && content.type !== 'text' && content.type !== 'template') {
        const mediaId = await deps.whatsapp.uploadMedia(sender, attachment);
        content = { ...content, mediaId };
      }
      const { wamid } = await deps.whatsapp.send(sender, thread.phone, content);
      return settle(message, { status: 'sent', externalId: wamid });
    } catch (error) {
      deps.logger.warn({ err: error, message: message.id }, 'inbox: WhatsApp refused a message');
      return settle(message, failureOf(error));
    }
  }

  /** Where a guest's reply to our e-mail comes back (INBOUND_EMAIL_DOMAIN), or null. */
  function replyAddress(threadId: string): string | null {
    return deps.inboundEmailDomain ? `reply+${threadId}@${deps.inboundEmailDomain}` : null;
  }

  async function sendEmail(thread: ThreadRow, request: SendRequest) {
    if (!thread.email) throw inboxErrors.noEmail();
    if (request.content.type !== 'text') throw inboxErrors.contentUnsupported();
    const message = await store(thread, {
      channel: 'email',
      direction: 'out',
      type: 'text',
      body: request.content.body,
      status: 'queued',
      authorUserId: request.authorUserId,
      sentAt: clock.now(),
    });
    if (!deps.mailConfigured)
      return settle(message, {
        status: 'failed',
        code: 'inbox.email_not_configured',
        text: 'SMTP_URL is not set: the e-mail was not sent',
      });
    try {
      await deps.mail.send({
        to: thread.email,
        subject: request.subject ?? DEFAULT_SUBJECT,
        text: request.content.body,
        replyTo: replyAddress(thread.id) ?? undefined,
      });
      return settle(message, { status: 'sent', externalId: null });
    } catch (error) {
      return settle(message, failureOf(error));
    }
  }

  async function sendSms(thread: ThreadRow, request: SendRequest) {
    if (!thread.phone) throw inboxErrors.noPhone();
    if (request.content.type !== 'text') throw inboxErrors.contentUnsupported();
    if (!deps.sms) throw inboxErrors.smsNotConfigured();
    const message = await store(thread, {
      channel: 'sms',
      direction: 'out',
      type: 'text',
      body: request.content.body,
      status: 'queued',
      authorUserId: request.authorUserId,
      sentAt: clock.now(),
    });
    try {
      await deps.sms.send({ to: `+${thread.phone}`, text: request.content.body });
      return settle(message, { status: 'sent', externalId: null });
    } catch (error) {
      return settle(message, failureOf(error));
    }
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

    /** Sends through the thread's channel (SendRequest); `attachment` is stored and sent as WhatsApp media. */
    async send(request: SendRequest & { attachment?: Attachment }): Promise<InboxMessage> {
      const thread = await threadFor(request.accountId, request.to);
      const channel: InboxChannel = request.channel ?? (thread.phone ? 'whatsapp' : 'email');
      const sent =
        channel === 'whatsapp'
          ? await sendWhatsApp(thread, request, request.attachment)
          : channel === 'email'
            ? await sendEmail(thread, request)
            : await sendSms(thread, request);
      return messageView(sent);
    },

    async applyStatus(update: Parameters<InboxService['applyStatus']>[0]) {
      return events.transaction(db, async (tx, emit) => {
        const moved = await createInboxRepo(tx).moveStatus(
          update.channel,
          update.externalId,
          update.status,
          update.at,
          update.error ?? null,
        );
        if (!moved) return null;
        await emit(moved.accountId, 'inbox.message_changed', {
          thread_id: moved.threadId,
          message_id: moved.id,
          status: moved.status,
        });
        return { messageId: moved.id, accountId: moved.accountId };
      });
    },

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
