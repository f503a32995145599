import type { InboxMessage, InboxThread, MessageStatus } from '@posada/contracts/inbox';

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

export type Tick = 'pending' | 'sent' | 'delivered' | 'read' | 'failed';
/** One tick sent, two delivered, two blue read; a clock while queued; a warning when it failed. */
export function tickOf(status: MessageStatus): Tick | null {
  switch (status) {
    case 'received':
      return null;
    case 'queued':
      return 'pending';
    default:
      return status;
  }
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
