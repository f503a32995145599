import type { DeliveryKind } from '@posada/contracts/deliveries';
import type { InboxChannel, InboxMessage } from '@posada/contracts/inbox';
import type { OutboundContent } from '../../adapters/whatsapp/types.ts';

/**
 * What the inbox module (owner of inbox_threads and inbox_messages) offers the other modules (issue 17,
 * docs/messaging.md): the WhatsApp webhook and the e-mail inbound route record what guests write; the
 * inbox routes, broadcasts, review requests and the concierge send through `send`, so every message a
 * guest gets is in their thread and follows the 24-hour rule.
 */
export interface InboundMessage {
  accountId: string;
  channel: InboxChannel;
  /** WhatsApp wa_id / SMS sender (digits, no '+'), or null for e-mail. */
  phone: string | null;
  email: string | null;
  /** The profile name WhatsApp gives, or the e-mail's display name. */
  guestName: string;
  /** wamid or Message-ID: a second delivery of the same id changes nothing. */
  externalId: string;
  type: string;
  body: string;
  media?: { file: string; mime: string; name: string | null } | null;
  sentAt: Date;
  raw: unknown;
}

/** Whom to write to: an existing thread, or a guest (the thread is found or opened by phone or e-mail). */
export type Recipient =
  | { threadId: string }
  | { phone: string | null; email?: string | null; guestName: string; bookingId?: string | null };

export interface SendRequest {
  accountId: string;
  to: Recipient;
  /** What the message is (delivery records): operator_reply for the composer, broadcast, concierge_reply… */
  kind?: DeliveryKind;
  /** The stay it concerns (default: the thread's). */
  propertyId?: string | null;
  bookingId?: string | null;
  checkinId?: string | null;
  language?: string;
  /** whatsapp unless the thread has only an e-mail address (or the caller chooses e-mail). */
  channel?: InboxChannel;
  content: OutboundContent;
  /** The operator writing; null for the system (broadcasts, review requests, the concierge). */
  authorUserId: string | null;
  /** E-mail only: the subject line. */
  subject?: string;
  /** WhatsApp media content: the file to upload and send (the concierge's answer image, an operator's file). */
  attachment?: OutboundAttachment;
}

/** A file sent as WhatsApp media: stored for the thread, uploaded, sent by its media id. */
export interface OutboundAttachment {
  bytes: Uint8Array;
  mime: string;
  name: string;
  /** The FileStorage extension (png, jpg, pdf…), checked by content by the caller. */
  extension: string;
}

export interface InboxService {
  /** Stores an inbound message once (by channel + externalId), opens or finds the thread, links the booking by phone. */
  recordInbound(message: InboundMessage): Promise<{ threadId: string; messageId: string; created: boolean }>;
  /**
   * Sends an outbound message through the delivery pipeline and stores it in the thread. WhatsApp free-form
   * content outside the 24-hour window is refused with AppError 'inbox.window_closed' before anything is
   * written; a provider failure is stored as a failed message and answered (never thrown), so callers can
   * record it per recipient. Its state then follows its delivery record.
   */
  send(request: SendRequest): Promise<InboxMessage>;
}
