import type { DeliveryKind, MessageDelivery } from '@posada/contracts/deliveries';
import { hasMessage, type Locale, translate } from '../../i18n/messages.ts';
import type { DeliveryRow } from './delivery.repo.ts';

/**
 * The reason of a failed or skipped record in the reader's language: Posada's own codes (no_template…),
 * then the provider's (WhatsApp 131047, Twilio 30003, SMTP 550), else the provider's own words.
 */
export function reasonOf(
  row: Pick<DeliveryRow, 'channel' | 'errorCode' | 'errorDetail' | 'status'>,
  locale: Locale,
): string | null {
  if (!row.errorCode) return null;
  const own = `delivery.reason.${row.errorCode}`;
  if (hasMessage(own)) return translate(locale, own);
  const provider = `delivery.reason.${row.channel}.${row.errorCode}`;
  if (hasMessage(provider)) return translate(locale, provider);
  const smtpClass = row.channel === 'email' && /^[45]\d\d$/.test(row.errorCode) ? row.errorCode[0] : null;
  if (smtpClass)
    return translate(locale, `delivery.reason.email.${smtpClass}xx`, { detail: row.errorDetail ?? '' });
  return translate(locale, 'delivery.reason.provider', {
    code: row.errorCode,
    detail: (row.errorDetail ?? '').slice(0, 200),
  });
}

export function toMessageDelivery(row: DeliveryRow, locale: Locale): MessageDelivery {
  return {
    id: row.id,
    kind: row.kind as DeliveryKind,
    channel: row.channel,
    to: row.recipient,
    status: row.status,
    provider_id: row.providerId,
    error_code: row.errorCode,
    error_reason: reasonOf(row, locale),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    message_id: row.messageId,
    previous_id: row.previousId,
    fallback_id: row.fallbackId,
    recipient_name: row.recipientName,
    template: row.content.template?.name ?? null,
    body: row.content.template ? templateText(row) : row.content.text,
    link: row.link,
    booking_id: row.bookingId,
    checkin_id: row.checkinId,
    thread_id: row.threadId,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    read_at: row.readAt?.toISOString() ?? null,
    failed_at: row.failedAt?.toISOString() ?? null,
  };
}

/** A template record's text: what the guest reads is stored as the content's text when it was filled. */
function templateText(row: DeliveryRow): string {
  return (
    row.content.text || [row.content.template?.name, ...(row.content.template?.bodyParams ?? [])].join(' · ')
  );
}
