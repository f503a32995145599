import type { InboxMessage } from '@posada/contracts/inbox';
import type {
  BookingOption,
  ComposerTemplate,
  InboxBookingCard,
  InboxThreadDetail,
  MessagesPage,
  PreviewAnswer,
  ThreadsPage,
  UnreadCount,
} from '@posada/contracts/inbox-requests';
import {
  ATTACHMENT_MAX_BYTES,
  type sendMessageBody,
  type threadsQuery,
} from '@posada/contracts/inbox-requests';
import { featureAvailable } from '@posada/domain/feature-gates';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { OutboundContent } from '../../adapters/whatsapp/types.ts';
import type { Db } from '../../db/client.ts';
import { properties } from '../../db/schema/properties.ts';
import type { Locale } from '../../i18n/messages.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  formatStayDate,
  isComplete,
  type Rendered,
  renderTemplate,
  type TemplateValues,
} from '../../lib/message-template.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { FileStorage } from '../files/storage.ts';
import type { WhatsAppConnections } from '../whatsapp/whatsapp.types.ts';
import type { InboxCoreService } from './inbox.service.ts';
import type { SendRequest } from './inbox.types.ts';
import { createInboxRead } from './inbox-read.ts';
import { inboxScreenErrors as errors } from './inbox-screen.errors.ts';
import { toInboxThread } from './inbox-views.ts';

export interface InboxScreenDeps {
  db: Db;
  clock: Clock;
  /** The inbox core (inbox.service.ts): sends, with an attachment stored and uploaded as WhatsApp media. */
  inbox: Pick<InboxCoreService, 'send' | 'messageRow'>;
  accounts: Pick<AccountsService, 'getUser'>;
  storage: FileStorage;
  /** The whatsapp module's connections, bound late (built after the inbox): which number sends for the account. */
  connections: () => Pick<WhatsAppConnections, 'senderFor'> | null;
  /** checkins' guest link of a check-in (CheckinsService.link). */
  checkinLink?: (tenant: Tenant, checkinId: string) => Promise<{ url: string }>;
  /** smart-locks' guest view: the door code once released, else why not yet. */
  accessCode?: (accountId: string, checkinId: string) => Promise<{ code: string } | { waiting: string }>;
}

/** Magic bytes of the attachment types the composer accepts (the declared type must match the content). */
function contentMatches(bytes: Buffer, mime: string): boolean {
  const starts = (...b: number[]) => b.every((v, i) => bytes[i] === v);
  switch (mime) {
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47);
    case 'application/pdf':
      return starts(0x25, 0x50, 0x44, 0x46);
    case 'audio/ogg':
      return starts(0x4f, 0x67, 0x67, 0x53);
    case 'audio/mpeg':
      return starts(0x49, 0x44, 0x33) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0);
    case 'audio/mp4':
      return bytes.subarray(4, 8).toString('latin1') === 'ftyp';
    default:
      return false;
  }
}
const extensionOf: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
};
const mediaTypeOf = (mime: string): 'image' | 'audio' | 'document' =>
  mime.startsWith('image/') ? 'image' : mime.startsWith('audio/') ? 'audio' : 'document';

/**
 * The inbox screen (issue 17, spec 2.4 Inbox, docs/messaging.md "Inbox"): the thread list and search, a
 * thread with its booking card, the composer (text, quick replies and templates with variables rendered
 * here, attachments) sending through InboxService.send, read marks and manual booking links. Plan gate
 * 'messaging'; every id is the caller's account's or answers 404.
 */
export function createInboxScreen(deps: InboxScreenDeps) {
  const read = createInboxRead({ db: deps.db, now: () => deps.clock.now() });

  async function available(tenant: Tenant): Promise<boolean> {
    const user = await deps.accounts.getUser(tenant.userId);
    return featureAvailable(
      { plan: user.plan, status_subscription: user.status_subscription, servicios: user.servicios },
      'messaging',
    );
  }
  async function assertFeature(tenant: Tenant): Promise<void> {
    if (!(await available(tenant))) throw errors.featureUnavailable();
  }
  async function ownedThread(tenant: Tenant, id: string) {
    await assertFeature(tenant);
    const row = await read.thread(tenant.accountId, id);
    if (!row) throw errors.notFound();
    return row;
  }

  async function bookingCardOf(tenant: Tenant, bookingId: string | null): Promise<InboxBookingCard | null> {
    if (!bookingId) return null;
    const row = await read.bookingCard(tenant.accountId, bookingId);
    if (!row) return null;
    const b = row.booking;
    let link: string | null = null;
    let released = false;
    if (row.checkin) {
      link = deps.checkinLink
        ? await deps.checkinLink(tenant, row.checkin.id).then(
            (l) => l.url,
            () => null,
          )
        : null;
      released = deps.accessCode
        ? await deps.accessCode(tenant.accountId, row.checkin.id).then(
            (c) => 'code' in c,
            () => false,
          )
        : false;
    }
    return {
      booking_id: b.id,
      code: b.code,
      guest_name: b.name,
      phone: b.phone,
      email: b.email,
      property_id: b.propertyId,
      property_name: row.propertyName,
      arrival: b.startDate,
      departure: b.endDate,
      guests: b.guests,
      status: b.status,
      checkin: row.checkin ? { id: row.checkin.id, status: row.checkin.status, link } : null,
      door_code_released: released,
    };
  }

  /** The variables of a thread: its booking's guest, property, dates, check-in link and released door code. */
  async function valuesOf(
    tenant: Tenant,
    thread: Awaited<ReturnType<typeof ownedThread>>,
  ): Promise<TemplateValues> {
    const values: TemplateValues = {
      guest_name: thread.thread.guestName || null,
      property_name: thread.propertyName,
      arrival: thread.arrival ? formatStayDate(thread.arrival) : null,
      departure: thread.departure ? formatStayDate(thread.departure) : null,
    };
    const card = thread.thread.bookingId
      ? await read.bookingCard(tenant.accountId, thread.thread.bookingId)
      : null;
    if (!card) return values;
    values.guest_name = card.booking.name || values.guest_name;
    values.property_name = card.propertyName;
    if (card.checkin) {
      const checkinId = card.checkin.id;
      if (deps.checkinLink)
        values.checkin_link = await deps.checkinLink(tenant, checkinId).then(
          (l) => l.url,
          () => null,
        );
      if (deps.accessCode) {
        const code = await deps.accessCode(tenant.accountId, checkinId).catch(() => null);
        values.door_code = code && 'code' in code ? code.code : null;
      }
    }
    return values;
  }

  async function templateOf(tenant: Tenant, id: string): Promise<ComposerTemplate> {
    const [template] = await read.templates(tenant.accountId, id);
    if (!template) throw errors.invalid('template_id', 'inbox.errors.template_not_found');
    return template;
  }

  function requireComplete(rendered: Rendered): void {
    if (!isComplete(rendered)) {
      const missing = [
        ...rendered.missing.map((m) => `{{${m}}}`),
        ...Array.from({ length: rendered.placeholders }, (_, i) => i)
          .filter((i) => !rendered.params[i])
          .map((i) => `{{${i + 1}}}`),
      ];
      throw errors.templateIncomplete(missing.join(', '));
    }
  }

  async function threadDetail(tenant: Tenant, id: string): Promise<InboxThreadDetail> {
    const row = await ownedThread(tenant, id);
    return {
      thread: toInboxThread(row, deps.clock.now()),
      booking: await bookingCardOf(tenant, row.thread.bookingId),
      linked_by_hand: row.thread.linkedByHand,
      whatsapp: await sendingOf(tenant),
    };
  }

  async function sendingOf(tenant: Tenant): Promise<'own' | 'shared' | 'none'> {
    const sender = (await deps.connections()?.senderFor(tenant.accountId)) ?? null;
    return sender ? sender.mode : 'none';
  }

  return {
    async listThreads(tenant: Tenant, q: z.output<typeof threadsQuery>): Promise<ThreadsPage> {
      await assertFeature(tenant);
      if (q.property_id) {
        const [owned] = isUuid(q.property_id)
          ? await deps.db
              .select({ id: properties.id })
              .from(properties)
              .where(and(eq(properties.accountId, tenant.accountId), eq(properties.id, q.property_id)))
              .limit(1)
          : [];
        if (!owned) throw errors.notFound();
      }
      const page = await read.listThreads(tenant.accountId, {
        search: q.search,
        propertyId: q.property_id,
        channel: q.channel,
        unread: q.unread,
        arrivalFrom: q.arrival_from,
        arrivalTo: q.arrival_to,
        cursor: q.cursor,
      });
      return { items: page.items, next_cursor: page.nextCursor, whatsapp: await sendingOf(tenant) };
    },

    thread: threadDetail,

    async messages(tenant: Tenant, id: string, before: string, locale: Locale = 'es'): Promise<MessagesPage> {
      await ownedThread(tenant, id);
      const page = await read.messages(tenant.accountId, id, before, locale);
      return { items: page.items, next_before: page.nextBefore };
    },

    async preview(
      tenant: Tenant,
      id: string,
      body: { text: string; template_id: string; params: string[] },
    ): Promise<PreviewAnswer> {
      const thread = await ownedThread(tenant, id);
      const source = body.template_id ? (await templateOf(tenant, body.template_id)).body : body.text;
      const rendered = renderTemplate(source, await valuesOf(tenant, thread), body.params);
      return { body: rendered.body, missing: rendered.missing, placeholders: rendered.placeholders };
    },

    async send(tenant: Tenant, id: string, body: z.output<typeof sendMessageBody>): Promise<InboxMessage> {
      const thread = await ownedThread(tenant, id);
      const request: Omit<SendRequest, 'content'> = {
        accountId: tenant.accountId,
        to: { threadId: thread.thread.id },
        ...(body.channel ? { channel: body.channel } : {}),
        authorUserId: tenant.userId,
      };
      // The 24-hour rule and the channel's configuration are InboxService.send's (inbox.window_closed…).
      if (body.template_id) {
        const template = await templateOf(tenant, body.template_id);
        const rendered = renderTemplate(template.body, await valuesOf(tenant, thread), body.params);
        requireComplete(rendered);
        const content: OutboundContent =
          template.kind === 'whatsapp'
            ? {
                type: 'template',
                name: template.name,
                language: template.language,
                bodyParams: rendered.params,
              }
            : { type: 'text', body: rendered.body };
        return deps.inbox.send({ ...request, content });
      }

      if (body.attachment) {
        const { attachment } = body;
        const bytes = Buffer.from(attachment.data, 'base64');
        if (bytes.length === 0 || !contentMatches(bytes, attachment.mime))
          throw errors.invalid('attachment', 'inbox.errors.attachment_invalid');
        if (bytes.length > ATTACHMENT_MAX_BYTES)
          throw errors.invalid('attachment', 'inbox.errors.attachment_too_large');
        const caption = body.text ? renderTemplate(body.text, await valuesOf(tenant, thread)) : null;
        if (caption) requireComplete(caption);
        const type = mediaTypeOf(attachment.mime);
        const content: OutboundContent = {
          type,
          // Replaced by the uploaded media's id when the inbox sends it.
          mediaId: '',
          ...(caption && type !== 'audio' ? { caption: caption.body } : {}),
          ...(type === 'document' ? { fileName: attachment.name } : {}),
        };
        return deps.inbox.send({
          ...request,
          channel: 'whatsapp',
          content,
          attachment: {
            bytes,
            mime: attachment.mime,
            name: attachment.name,
            extension: extensionOf[attachment.mime] ?? 'bin',
          },
        });
      }

      if (!body.text) throw errors.invalid('text', 'validation.required');
      const rendered = renderTemplate(body.text, await valuesOf(tenant, thread));
      requireComplete(rendered);
      return deps.inbox.send({ ...request, content: { type: 'text', body: rendered.body } });
    },

    async markRead(tenant: Tenant, id: string): Promise<{ id: string; unread_count: number }> {
      const row = await ownedThread(tenant, id);
      await read.markRead(tenant.accountId, row.thread.id);
      return { id: row.thread.id, unread_count: 0 };
    },

    async linkBooking(tenant: Tenant, id: string, bookingId: string | null): Promise<InboxThreadDetail> {
      const row = await ownedThread(tenant, id);
      const booking = bookingId ? await read.bookingToLink(tenant.accountId, bookingId) : null;
      if (bookingId && !booking) throw errors.invalid('booking_id', 'booking.not_found');
      await read.linkBooking(tenant.accountId, row.thread.id, booking);
      return threadDetail(tenant, id);
    },

    async bookingOptions(tenant: Tenant, id: string, search: string): Promise<BookingOption[]> {
      const row = await ownedThread(tenant, id);
      return read.bookingOptions(tenant.accountId, search, row.thread.phone);
    },

    async media(
      tenant: Tenant,
      messageId: string,
    ): Promise<{ bytes: Buffer; mime: string; name: string | null }> {
      await assertFeature(tenant);
      const message = await deps.inbox.messageRow(tenant.accountId, messageId);
      if (!message?.mediaFile) throw errors.notFound();
      const bytes = await deps.storage.get(message.mediaFile);
      if (!bytes) throw errors.notFound();
      return { bytes, mime: message.mediaMime ?? 'application/octet-stream', name: message.mediaName };
    },

    /** The sidebar's count: zero when the plan has no inbox (the menu shows no badge then). */
    async unreadCount(tenant: Tenant): Promise<UnreadCount> {
      if (!(await available(tenant))) return { unread: 0, threads: 0 };
      return read.unreadCount(tenant.accountId);
    },

    async templates(tenant: Tenant): Promise<ComposerTemplate[]> {
      await assertFeature(tenant);
      return read.templates(tenant.accountId);
    },
  };
}

export type InboxScreen = ReturnType<typeof createInboxScreen>;
