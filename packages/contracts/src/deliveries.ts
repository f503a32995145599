import { z } from 'zod';

/**
 * The delivery pipeline (issue 26, docs/messaging.md Delivery): every message Posada sends to a guest, a
 * provider or an operator is a record per channel attempt whose state comes from the provider.
 */
export const deliveryChannels = ['whatsapp', 'sms', 'email'] as const;
export type DeliveryChannel = (typeof deliveryChannels)[number];

/**
 * queued → accepted (the provider took it and gave its id) → sent → delivered → read, or failed with the
 * provider's code. skipped: the channel was not tried (not configured, no usable template, opted out).
 */
export const deliveryStatuses = [
  'queued',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** Every kind of message that goes through the pipeline. */
export const deliveryKinds = [
  'checkin_link',
  'checkin_reminder',
  'verification_code',
  'door_code',
  'review_request',
  'upsell_offer',
  'service_update',
  'provider_notice',
  'payment_link',
  'booking_confirmation',
  'concierge_reply',
  'operator_reply',
  'broadcast',
  'operator_notice',
] as const;
export type DeliveryKind = (typeof deliveryKinds)[number];

/** The guest kinds whose channels the operator chooses per property (the rest follow their sender). */
export const guestDeliveryKinds = [
  'checkin_link',
  'checkin_reminder',
  'door_code',
  'review_request',
  'upsell_offer',
  'service_update',
  'payment_link',
] as const satisfies readonly DeliveryKind[];
export type GuestDeliveryKind = (typeof guestDeliveryKinds)[number];

/** GET /api/bookings/{id}/messages: one record, newest first. */
export const messageDeliverySchema = z.object({
  id: z.string(),
  kind: z.enum(deliveryKinds),
  channel: z.enum(deliveryChannels),
  /** E.164 phone with '+', or the e-mail address. */
  to: z.string(),
  status: z.enum(deliveryStatuses),
  /** wamid, Twilio's SM… sid or the SMTP Message-ID; null until the provider accepted it. */
  provider_id: z.string().nullable(),
  /** The provider's code (131047, 30003, 550…) or Posada's reason for a skip (no_template…). */
  error_code: z.string().nullable(),
  /** The reason in the caller's language. */
  error_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The first attempt of the same message: a fallback to SMS keeps the WhatsApp attempt's id here. */
  message_id: z.string(),
  /** The attempt this one replaced (a fallback), and the one that replaced it. */
  previous_id: z.string().nullable(),
  fallback_id: z.string().nullable(),
  recipient_name: z.string(),
  /** The WhatsApp template sent, when one was. */
  template: z.string().nullable(),
  /** What the recipient reads (a template with its parameters filled in). */
  body: z.string(),
  /** The link the message carries (check-in link, review page): copy it to send by hand. */
  link: z.string().nullable(),
  booking_id: z.string().nullable(),
  checkin_id: z.string().nullable(),
  thread_id: z.string().nullable(),
  accepted_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  read_at: z.string().nullable(),
  failed_at: z.string().nullable(),
});
export type MessageDelivery = z.infer<typeof messageDeliverySchema>;

export const messageDeliveryListSchema = z.array(messageDeliverySchema);

/** A message's latest state where a list shows it beside something else (a check-in, a service request). */
export const deliverySummarySchema = messageDeliverySchema.pick({
  id: true,
  kind: true,
  channel: true,
  to: true,
  status: true,
  error_code: true,
  error_reason: true,
  updated_at: true,
});
export type DeliverySummary = z.infer<typeof deliverySummarySchema>;

/** POST /api/deliveries/{id}/resend: the same message again on another (or the same) channel. */
export const resendDeliveryBody = z.object({ channel: z.enum(deliveryChannels) });
export type ResendDeliveryBody = z.infer<typeof resendDeliveryBody>;

/** One channel of a property as the settings pages show it: configured for real, and how it went lately. */
export const channelHealthSchema = z.object({
  channel: z.enum(deliveryChannels),
  configured: z.boolean(),
  /** What is missing for it to work: settings names (TWILIO_ACCOUNT_SID…) or account steps (whatsapp_not_connected). */
  missing: z.array(z.string()),
  /** The sender guests see (WhatsApp number, SMS number or Messaging Service, From address). */
  sender: z.string().nullable(),
  last_accepted: z
    .object({ at: z.string(), kind: z.enum(deliveryKinds), to: z.string(), status: z.enum(deliveryStatuses) })
    .nullable(),
  last_failed: z
    .object({
      at: z.string(),
      kind: z.enum(deliveryKinds),
      to: z.string(),
      error_code: z.string().nullable(),
      error_reason: z.string().nullable(),
    })
    .nullable(),
  /** Accepted and failed in the last 7 days. */
  week: z.object({ accepted: z.number().int(), failed: z.number().int() }),
});
export type ChannelHealth = z.infer<typeof channelHealthSchema>;

/** A guest kind's WhatsApp template outside the 24-hour window: usable or why not. */
export const templateReadinessSchema = z.object({
  kind: z.enum(guestDeliveryKinds),
  name: z.string(),
  /** approved, missing, pending, rejected, paused, disabled, wrong_category, unfillable. */
  state: z.string(),
  languages: z.array(z.string()),
  category: z.string().nullable(),
});
export type TemplateReadiness = z.infer<typeof templateReadinessSchema>;

/** GET /api/properties/{id}/messaging-channels: the three channels, the templates and the per-kind choice. */
export const messagingChannelsSchema = z.object({
  channels: z.array(channelHealthSchema),
  templates: z.array(templateReadinessSchema),
  preferences: z.array(
    z.object({ kind: z.enum(guestDeliveryKinds), channels: z.array(z.enum(deliveryChannels)) }),
  ),
});
export type MessagingChannels = z.infer<typeof messagingChannelsSchema>;

/** PUT /api/properties/{id}/delivery-preferences: each kind's channels, in order (at least one). */
export const deliveryPreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        kind: z.enum(guestDeliveryKinds),
        channels: z.array(z.enum(deliveryChannels)).min(1).max(3),
      }),
    )
    .min(1)
    .max(guestDeliveryKinds.length),
});
export type DeliveryPreferencesBody = z.infer<typeof deliveryPreferencesBody>;

/** Socket event to the account's room: a delivery record was written or its state moved. */
export const deliveryChangedEvent = 'delivery.changed';
export interface DeliveryChangedPayload {
  delivery: MessageDelivery;
}
