import type { InboxChannel, InboxMessage, InboxThread, MessageStatus } from '@posada/contracts/inbox';

/**
 * Pure rules of the inbox screen (issue 17): the 24-hour window as the composer shows it, the ticks of an
 * outgoing message, how a message's content is drawn, and the day separators of a conversation.
 */

/** Whether free-form WhatsApp may go out now (24 h after the guest's last message). */
export function windowOpen(thread: Pick<InboxThread, 'window_closes_at'>, now: Date): boolean {
  return !!thread.window_closes_at && new Date(thread.window_closes_at).getTime() > now.getTime();
}

/** Hours and minutes left in the window (null when closed): "23 h 5 min" in the composer. */
export function windowLeft(
  thread: Pick<InboxThread, 'window_closes_at'>,
  now: Date,
): { hours: number; minutes: number } | null {
  if (!windowOpen(thread, now)) return null;
  const ms = new Date(thread.window_closes_at as string).getTime() - now.getTime();
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/**
 * The tick of an outgoing message is its delivery state (issue 26: queued, accepted, sent, delivered, read,
 * failed), drawn by components/delivery; a guest's message has none.
 */
export function tickOf(status: MessageStatus): Exclude<MessageStatus, 'received'> | null {
  return status === 'received' ? null : status;
}

/** The channels in the order every screen offers them (the reservation's "Reenviar por …" too). */
const resendOrder: readonly InboxChannel[] = ['whatsapp', 'sms', 'email'];

/**
 * Where a failed answer may go again (issue 26): the channels other than the one it failed on that the
 * thread has an address for (a phone: WhatsApp and SMS; an e-mail: e-mail). Nothing for a guest's message,
 * one on its way or arrived, or one without a delivery record to resend.
 */
export function resendChannelsOf(
  message: Pick<InboxMessage, 'direction' | 'status' | 'channel' | 'delivery_id'>,
  thread: Pick<InboxThread, 'phone' | 'email'>,
): InboxChannel[] {
  if (message.direction !== 'out' || message.status !== 'failed' || !message.delivery_id) return [];
  return resendOrder.filter(
    (channel) => channel !== message.channel && (channel === 'email' ? !!thread.email : !!thread.phone),
  );
}

/** An outbound message's way, in order: a status only moves forward along it (a failure is off it). */
const onItsWay: readonly InboxMessage['status'][] = ['queued', 'accepted', 'sent', 'delivered', 'read'];
const behind = (status: InboxMessage['status'], than: InboxMessage['status']) =>
  onItsWay.includes(status) && onItsWay.indexOf(status) < onItsWay.indexOf(than);

/**
 * A message the socket brings over the copy the page holds (issue 26): the socket's `error_reason` is in
 * Spanish, the list's in the reader's language, so the list's wins while the failure is the same one.
 * `stale` says the reason shown came from the socket (a new failure): reload the page's copy.
 */
export function mergeLive(
  known: InboxMessage | undefined,
  live: InboxMessage,
): { message: InboxMessage; stale: boolean } {
  const sameFailure = !!known && known.error === live.error && known.error_reason !== null;
  const message = {
    ...live,
    // A copy that arrives late (the send's own answer after the socket's "delivered") never moves it back.
    status: known && behind(live.status, known.status) ? known.status : live.status,
    error_reason:
      sameFailure && live.error_reason !== null ? (known?.error_reason ?? null) : live.error_reason,
    delivery_id: live.delivery_id ?? known?.delivery_id ?? null,
  };
  return { message, stale: live.error_reason !== null && !sameFailure };
}

export type Content = 'text' | 'image' | 'audio' | 'video' | 'document' | 'template' | 'unsupported';
const textTypes = new Set(['text', 'interactive', 'button', 'reaction']);
/** How a message is drawn: media with a stored file inline, known texts as text, anything else as unsupported. */
export function contentOf(
  message: Pick<InboxMessage, 'type' | 'media_url' | 'media_mime' | 'body'>,
): Content {
  if (message.type === 'template') return 'template';
  if (message.media_url) {
    const mime = message.media_mime ?? '';
    if (message.type === 'image' || message.type === 'sticker' || mime.startsWith('image/')) return 'image';
    if (message.type === 'audio' || mime.startsWith('audio/')) return 'audio';
    if (message.type === 'video' || mime.startsWith('video/')) return 'video';
    return 'document';
  }
  if (textTypes.has(message.type)) return 'text';
  // A location, contacts or a media whose file could not be stored: shown as what it is, never dropped.
  return 'unsupported';
}

/** The conversation's items: a day separator before the first message of each day (in the browser's zone). */
export function withDays(
  messages: InboxMessage[],
  dayOf: (instant: string) => string,
): ({ kind: 'day'; day: string } | { kind: 'message'; message: InboxMessage })[] {
  const out: ({ kind: 'day'; day: string } | { kind: 'message'; message: InboxMessage })[] = [];
  let last = '';
  for (const message of messages) {
    const day = dayOf(message.sent_at);
    if (day !== last) out.push({ kind: 'day', day });
    last = day;
    out.push({ kind: 'message', message });
  }
  return out;
}

/** The base64 of a file's bytes (what the composer sends), without the data: prefix. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
