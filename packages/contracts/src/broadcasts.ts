import { z } from 'zod';
import { bookingStatusSchema } from './booking-fields.ts';
import { isoDate, uuid } from './primitives.ts';

/**
 * Mass messages (issue 17, spec 2.2 `whatsapp-mass-communication`, docs/messaging.md "Mass messages"): one
 * approved WhatsApp template to the guests a filter of bookings chooses, sent through the job queue at the
 * account's messaging limit (spec 9: 1000 a day for a new business).
 */

/** The recipients' filter: stays overlapping [stay_from, stay_to] of these properties and booking statuses. */
export const broadcastFilterBody = z
  .object({
    /** Empty: every property of the account. */
    property_ids: z.array(uuid('validation.invalid')).max(200).default([]),
    stay_from: isoDate('validation.invalid_date'),
    stay_to: isoDate('validation.invalid_date'),
    statuses: z.array(bookingStatusSchema).min(1, 'broadcasts.statuses_required').max(10),
  })
  .refine((f) => f.stay_to >= f.stay_from, { path: ['stay_to'], message: 'broadcasts.dates_order' });
export type BroadcastFilterBody = z.input<typeof broadcastFilterBody>;
export type BroadcastFilter = z.output<typeof broadcastFilterBody>;

/** Why a guest of the filter gets nothing: no phone, asked for no more broadcasts, the same phone twice. */
export const skipReasons = ['no_phone', 'opted_out', 'duplicate_phone', 'daily_limit', 'cancelled'] as const;
export type SkipReason = (typeof skipReasons)[number];

/** One guest the filter chose (POST /api/broadcasts/recipients). */
export const broadcastCandidateSchema = z.object({
  booking_id: z.string(),
  guest_name: z.string(),
  phone: z.string(),
  property_id: z.string(),
  property_name: z.string(),
  arrival: z.string(),
  departure: z.string(),
  /** Null: the message goes to them. */
  skip_reason: z.enum(skipReasons).nullable(),
});
export type BroadcastCandidate = z.infer<typeof broadcastCandidateSchema>;

export const broadcastRecipientsAnswer = z.object({
  items: z.array(broadcastCandidateSchema),
  /** Guests a message goes to (items without a skip reason). */
  count: z.number().int(),
  skipped: z.number().int(),
  /** Business-initiated messages the account may still send in the rolling 24 hours. */
  remaining_today: z.number().int(),
});
export type BroadcastRecipientsAnswer = z.infer<typeof broadcastRecipientsAnswer>;

/** The values a broadcast fills (a check-in link or a door code belongs to one check-in, not to a mass message). */
export const broadcastVariables = ['guest_name', 'property_name', 'arrival', 'departure'] as const;
export type BroadcastVariable = (typeof broadcastVariables)[number];

export const broadcastPreviewBody = z
  .object({
    template_id: uuid('broadcasts.template_required'),
    /** What fills the template's numbered placeholders: params[0] for {{1}}… (Meta's templates number them). */
    params: z.array(z.enum(broadcastVariables)).max(20).default([]),
    property_ids: z.array(uuid('validation.invalid')).max(200).default([]),
    stay_from: isoDate('validation.invalid_date'),
    stay_to: isoDate('validation.invalid_date'),
    statuses: z.array(bookingStatusSchema).min(1, 'broadcasts.statuses_required').max(10),
  })
  .refine((f) => f.stay_to >= f.stay_from, { path: ['stay_to'], message: 'broadcasts.dates_order' });
export type BroadcastPreviewBody = z.input<typeof broadcastPreviewBody>;
/** POST /api/broadcasts: the same as the preview (the recipients are chosen again at that moment). */
export const createBroadcastBody = broadcastPreviewBody;
export type CreateBroadcastBody = z.input<typeof createBroadcastBody>;

/** The template's text for one recipient, variables filled ({{guest_name}}, {{arrival}}…). */
export const broadcastPreviewAnswer = z.object({
  template_name: z.string(),
  items: z.array(
    z.object({
      booking_id: z.string(),
      guest_name: z.string(),
      phone: z.string(),
      text: z.string(),
    }),
  ),
});
export type BroadcastPreviewAnswer = z.infer<typeof broadcastPreviewAnswer>;

/** What the stepper needs before it starts: the sender, the limit, the approved templates. */
export const broadcastSetupSchema = z.object({
  /** The plan includes messaging (spec 6; free during the trial). */
  available: z.boolean(),
  /** Null: no WhatsApp number (connect one, or the shared number does not apply). */
  sender: z.enum(['own', 'shared']).nullable(),
  daily_limit: z.number().int(),
  sent_last_24h: z.number().int(),
  templates: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      language: z.string(),
      body: z.string(),
      /** The variables the body uses, in order. */
      variables: z.array(z.string()),
      /** How many numbered placeholders ({{1}}…) the operator maps to values. */
      placeholders: z.number().int(),
      /** False when it needs a value a broadcast cannot fill (a check-in link, a door code). */
      usable: z.boolean(),
    }),
  ),
});
export type BroadcastSetup = z.infer<typeof broadcastSetupSchema>;

export const recipientStatuses = [
  'queued',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'skipped',
] as const;
export type BroadcastRecipientStatus = (typeof recipientStatuses)[number];
export const broadcastStatuses = ['sending', 'done', 'cancelled'] as const;

export const broadcastCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  accepted: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type BroadcastCounts = z.infer<typeof broadcastCountsSchema>;

export const broadcastSummarySchema = z.object({
  id: z.string(),
  template_name: z.string(),
  status: z.enum(broadcastStatuses),
  filter: z.object({
    property_ids: z.array(z.string()),
    stay_from: z.string(),
    stay_to: z.string(),
    statuses: z.array(z.string()),
  }),
  counts: broadcastCountsSchema,
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type BroadcastSummary = z.infer<typeof broadcastSummarySchema>;

export const broadcastRecipientSchema = z.object({
  id: z.string(),
  booking_id: z.string().nullable(),
  thread_id: z.string().nullable(),
  guest_name: z.string(),
  phone: z.string(),
  /** The inbox message's status once sent (delivered and read come from the webhook). */
  status: z.enum(recipientStatuses),
  reason: z.string().nullable(),
  /** A provider's failure code in the reader's language (issue 26); null for Posada's own reasons. */
  reason_text: z.string().nullable(),
  updated_at: z.string(),
});
export type BroadcastRecipient = z.infer<typeof broadcastRecipientSchema>;

export const broadcastDetailSchema = broadcastSummarySchema.extend({
  recipients: z.array(broadcastRecipientSchema),
});
export type BroadcastDetail = z.infer<typeof broadcastDetailSchema>;

export const broadcastPaths = {
  setup: '/api/broadcasts/setup',
  recipients: '/api/broadcasts/recipients',
  preview: '/api/broadcasts/preview',
  list: '/api/broadcasts',
  one: (id: string) => `/api/broadcasts/${id}`,
  cancel: (id: string) => `/api/broadcasts/${id}/cancel`,
};
