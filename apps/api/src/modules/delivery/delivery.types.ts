import type { DeliveryChannel, DeliveryKind, MessageDelivery } from '@posada/contracts/deliveries';
import type { TemplateValues } from '@posada/domain/whatsapp-templates';
import type { Db } from '../../db/client.ts';
import type { Emit } from '../../events/bus.ts';

/**
 * What the delivery pipeline (issue 26, docs/messaging.md Delivery) offers every module that writes to a
 * guest, a provider or an operator, and what it needs from the inbox. Types only: modules import them.
 */

/** A file sent as WhatsApp media (an operator's attachment, the concierge's image). */
export interface DeliveryAttachment {
  bytes: Uint8Array;
  mime: string;
  name: string;
  /** The FileStorage extension (png, jpg, pdf…), checked by content by the caller. */
  extension: string;
}

export interface DeliveryRequest {
  accountId: string;
  kind: DeliveryKind;
  /** The recipient: an inbox thread (guests), or a name with a phone and/or an e-mail. */
  to: { name: string; phone?: string | null; email?: string | null; threadId?: string | null };
  propertyId?: string | null;
  bookingId?: string | null;
  checkinId?: string | null;
  /** What the message is about, for the screens that show it beside that thing (service_request:{id}…). */
  ref?: string | null;
  /** es, en or ar: the template's language (else Spanish) and the reasons in the bell. */
  language?: string;
  /** What the recipient reads as free text: WhatsApp inside the 24-hour window, SMS, e-mail. */
  text: string;
  subject?: string;
  /** E-mail only: the HTML alternative of the text (the web booking's confirmation). */
  html?: string;
  /** What an approved template is filled from outside the window (guest_name, property_name, link, code…). */
  values?: TemplateValues;
  /** The link the message carries (the screens offer to copy it). */
  link?: string | null;
  /** The channels to try, in order; default: the property's choice for the kind, else WhatsApp, SMS, e-mail. */
  channels?: DeliveryChannel[];
  /** The channel the sender picked for this one (the check-in's channel): tried first, then the default order. */
  firstChannel?: DeliveryChannel;
  /** A template the sender chose (the inbox composer, a broadcast): sent as it is on WhatsApp. */
  template?: { name: string; language: string; bodyParams: string[] };
  attachment?: DeliveryAttachment;
  /** The operator's composer: free text outside the window is refused (inbox.window_closed), not replaced. */
  refuseOutsideWindow?: boolean;
  authorUserId?: string | null;
}

export interface DeliveryResult {
  /** The attempt in flight, accepted or failed (the last one written when no channel could take it). */
  delivery: MessageDelivery;
  /** The guest's thread and the message there, when the recipient is a guest. */
  threadId: string | null;
  inboxMessageId: string | null;
}

/** `answerLocale`: the language of the answer's reasons (the operator's), default the request's. */
export type Deliver = (request: DeliveryRequest, answerLocale?: string) => Promise<DeliveryResult>;

/** The guest's conversation as the pipeline needs it. */
export interface DeliveryThread {
  id: string;
  phone: string | null;
  email: string | null;
  /** The WhatsApp 24-hour window runs from here. */
  lastInboundAt: Date | null;
}

/** What the inbox (owner of inbox_threads and inbox_messages) does for the pipeline. */
export interface DeliveryInboxPort {
  /** Where a guest's reply to our e-mail comes back (reply+{thread id}@INBOUND_EMAIL_DOMAIN), or null. */
  replyAddress(threadId: string): string | null;
  /** Finds or opens the guest's thread (by thread id, else phone, else e-mail; linked to the booking). */
  thread(
    accountId: string,
    to: {
      threadId?: string | null;
      phone: string | null;
      email: string | null;
      name: string;
      bookingId?: string | null;
    },
  ): Promise<DeliveryThread>;
  /** Stores the message in the thread, in the pipeline's transaction. */
  recordOutbound(
    tx: Db,
    emit: Emit,
    message: {
      accountId: string;
      threadId: string;
      channel: DeliveryChannel;
      type: string;
      body: string;
      templateName: string | null;
      media: { file: string; mime: string; name: string } | null;
      authorUserId: string | null;
      at: Date;
    },
  ): Promise<{ messageId: string }>;
  /**
   * The thread's message follows its delivery record (channel, state, provider id, error), in the same
   * transaction; answers its thread, or null when the message is gone.
   */
  mirror(
    tx: Db,
    accountId: string,
    messageId: string,
    values: {
      /** The record the message now follows (the newest attempt of its chain). */
      deliveryId: string;
      channel: DeliveryChannel;
      status: 'queued' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
      externalId: string | null;
      errorCode: string | null;
      errorText: string | null;
      at: Date;
    },
  ): Promise<{ threadId: string } | null>;
  /**
   * After the commit, the message as it is now to the account's open inboxes (socket only: a provider's
   * status is no domain event, and a screen that missed it reads the thread again when it reconnects).
   */
  pushLive(accountId: string, threadId: string, messageId: string): Promise<void>;
}

/** How a system message to a guest went: underway on a channel, or why nothing could take it. */
export type GuestDeliveryOutcome =
  | { delivery: MessageDelivery; threadId: string | null; channel: DeliveryChannel }
  | { error: string; channel?: DeliveryChannel };

/** A result as the review requests and the experiences store record it. */
export function outcomeOf(result: DeliveryResult): GuestDeliveryOutcome {
  const d = result.delivery;
  if (d.status === 'failed' || d.status === 'skipped')
    return { error: d.error_code ?? d.status, channel: d.channel };
  return { delivery: d, threadId: result.threadId, channel: d.channel };
}
