import type { InboxMessage, InboxThread } from '@posada/contracts/inbox';
import type { Locale } from '../../i18n/messages.ts';
import { reasonOf } from '../delivery/delivery-views.ts';
import type { MessageRow, ThreadViewRow } from './inbox.repo.ts';

/** The 24-hour customer-service window (whatsapp-cloud-api.md §3). */
export const WINDOW_MS = 24 * 3_600_000;

/** When free-form messages stop being allowed, or null when the window is closed now. */
export function windowClosesAt(lastInboundAt: Date | null, now: Date): Date | null {
  if (!lastInboundAt) return null;
  const closes = new Date(lastInboundAt.getTime() + WINDOW_MS);
  return closes > now ? closes : null;
}

/** A thread as the inbox lists it (packages/contracts/src/inbox.ts). */
export function toInboxThread(row: ThreadViewRow, now: Date): InboxThread {
  const t = row.thread;
  return {
    id: t.id,
    guest_name: t.guestName,
    phone: t.phone,
    email: t.email,
    property_id: t.propertyId,
    property_name: row.propertyName,
    booking_id: t.bookingId,
    checkin_id: t.checkinId,
    arrival: row.arrival,
    departure: row.departure,
    last_channel: t.lastChannel,
    last_message_at: t.lastMessageAt.toISOString(),
    last_message_preview: t.lastMessagePreview,
    unread_count: t.unreadCount,
    window_closes_at: windowClosesAt(t.lastInboundAt, now)?.toISOString() ?? null,
    opted_out: t.optedOutAt !== null,
    assigned_user_id: t.assignedUserId,
  };
}

/** A message as the conversation shows it; media through GET /api/inbox/media/{id} (owner only). */
export function toInboxMessage(
  row: MessageRow,
  authorName: string | null,
  locale: Locale = 'es',
): InboxMessage {
  return {
    id: row.id,
    thread_id: row.threadId,
    channel: row.channel,
    direction: row.direction,
    type: row.type,
    body: row.body,
    media_url: row.mediaFile ? `/api/inbox/media/${row.id}` : null,
    media_mime: row.mediaMime,
    media_name: row.mediaName,
    template_name: row.templateName,
    status: row.status,
    error: row.errorCode ? (row.errorText ? `${row.errorCode}: ${row.errorText}` : row.errorCode) : null,
    error_reason:
      row.direction === 'out' && row.errorCode
        ? reasonOf(
            {
              channel: row.channel,
              errorCode: row.errorCode,
              errorDetail: row.errorText,
              status: row.status === 'failed' ? 'failed' : 'queued',
            },
            locale,
          )
        : null,
    delivery_id: row.deliveryId,
    author_name: authorName,
    sent_at: row.sentAt.toISOString(),
  };
}

/** Upper case, accents and hamza forms folded, surrounding punctuation dropped. */
const fold = (word: string) =>
  word
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u0653-\u0655]/g, '')
    .replace(/^[¡!¿?.\s]+|[¡!¿?.\s]+$/gu, '')
    .toUpperCase();

/** Words that stop mass messages (opt-out) and that start them again, in the languages we serve. */
const optOutWords = new Set(['STOP', 'BAJA', 'UNSUBSCRIBE', 'PARAR', 'إيقاف'].map(fold));
const optInWords = new Set(['START', 'ALTA', 'SUBSCRIBE', 'UNSTOP'].map(fold));

/** 'out' for STOP / BAJA / UNSUBSCRIBE alone in a message, 'in' for START / ALTA, else null. */
export function optChangeOf(body: string): 'out' | 'in' | null {
  const word = fold(body);
  if (optOutWords.has(word)) return 'out';
  if (optInWords.has(word)) return 'in';
  return null;
}

/** E.164 digits without '+' (the Cloud API's wa_id), or null. */
export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 6 && digits.length <= 15 ? digits : null;
}
