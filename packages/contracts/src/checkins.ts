import { checkinStatuses } from '@posada/domain/checkin-rules';
import { z } from 'zod';
import { checkinGuestSchema, guestData } from './checkin-guest-data.ts';
import { deliverySummarySchema, messageDeliverySchema } from './deliveries.ts';
import { isoDate as calendarDate, idText, isoDateOrEmpty, multilineText, text, uuid } from './primitives.ts';
import { checkinSendSchedules } from './property-settings.ts';

/**
 * The operator side of check-in (docs/checkins.md "Operator endpoints"): the check-in list and history,
 * the detail (spec 7 information/data/checkin), send and manual check-in, the programmed check-in of a
 * booking (spec 7 retrieve-programmed-checkin), reminders and notifications.
 */

const isoDate = calendarDate('validation.invalid_date');
const optionalIsoDate = isoDate.optional().or(z.literal('').transform(() => undefined));

export const checkinTabs = ['all', 'pending', 'complete', 'today'] as const;
export type CheckinTab = (typeof checkinTabs)[number];
export const sendChannels = ['email', 'whatsapp', 'sms', 'qr'] as const;
export type SendChannel = (typeof sendChannels)[number];
export const checkinLanguages = ['es', 'en', 'ar'] as const;

export const checkinsQuery = z.object({
  tab: z.enum(checkinTabs).default('all'),
  property_id: idText().optional(),
  q: text({ max: 100, trim: true }).optional(),
  from: optionalIsoDate,
  to: optionalIsoDate,
  /** ISO 3166-1 alpha-2 of a registered guest. */
  country: text({ max: 3, trim: true }).optional(),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(25),
});
export type CheckinsQuery = z.input<typeof checkinsQuery>;

export const checkinsHistoryQuery = checkinsQuery.omit({ tab: true, q: true });

/** spec 3 Check-in (list and detail), the lead guest's data in the spec's names. */
const cliente = z.object({
  whatsapp: z.string(),
  fecha_desde_hospedaje: z.string(),
  fecha_hospedaje: z.string(),
  pais_code: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  sex: z.enum(['F', 'M']).nullable(),
});

export const checkinListItem = z.object({
  id: uuid(),
  status: z.enum(checkinStatuses),
  origin: z.enum(['booking', 'send', 'manual']),
  property_id: uuid(),
  property_name: z.string(),
  booking_id: uuid().nullable(),
  booking_code: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  language: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  guests_registered: z.number().int(),
  guests_expected: z.number().int(),
  /** Pending, and its link stopped working the day after the stay (issue 27): nothing can be sent any more. */
  link_expired: z.boolean(),
  /** spec 4: keys delivered (true) or waiting. */
  keys_delivered: z.boolean(),
  channel: z.string().nullable(),
  scheduled_for: z.string().nullable(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
  // spec 3 names, from the lead guest (null fields until a guest registered).
  nombre: z.string(),
  apellido: z.string(),
  cliente,
  /** spec 2.4: P means passport, otherwise ID. */
  type_documento: z.enum(['P', 'ID']).nullable(),
  /** Masked in the list (last 4), in full in the detail for the owning account. */
  nu_documento: z.string().nullable(),
  programmed: z.object({ id: uuid(), cantidad_payment: z.number().int() }),
  /** The latest check-in link or reminder sent to the guest: its channel and the provider's state (issue 26). */
  last_message: deliverySummarySchema.nullable(),
});
export type CheckinListItem = z.infer<typeof checkinListItem>;

export const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

export const checkinsPage = paged(checkinListItem);
export type CheckinsPage = z.infer<typeof checkinsPage>;

export const historyGuest = checkinGuestSchema.extend({
  checkin_id: uuid(),
  property_id: uuid(),
  property_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
});
export type HistoryGuest = z.infer<typeof historyGuest>;
export const historyPage = paged(historyGuest);
export type HistoryPage = z.infer<typeof historyPage>;

export const checkinDetail = checkinListItem.extend({ guests: z.array(checkinGuestSchema) });
export type CheckinDetail = z.infer<typeof checkinDetail>;

export const checkinDetailBody = z.object({ id: idText() });
export const checkinKeysBody = z.object({ delivered: z.boolean() });

/** PUT /api/checkins/{id}/expected-guests: how many guests the stay holds (issue 11: the guest cap). */
export const checkinExpectedGuestsBody = z.object({ expected_guests: z.number().int().min(1).max(500) });
export type CheckinExpectedGuestsBody = z.infer<typeof checkinExpectedGuestsBody>;

/**
 * The guest link of a check-in. The API answers the URL only (`qr_svg` is null): the web draws the QR
 * with the `qrcode` package it already ships, so the API carries no QR encoder.
 */
export const checkinLink = z.object({
  url: z.string(),
  expires_at: z.string(),
  qr_svg: z.string().nullable(),
});
export type CheckinLink = z.infer<typeof checkinLink>;

/**
 * spec 5: send check-in requires accommodation and name, and the contact the channel needs
 * (sendContactRequired: e-mail for e-mail, phone for WhatsApp/SMS); the rules answer 422 per field.
 */
export const sendCheckinBody = z.object({
  property_id: idText().default(''),
  name: text({ max: 160, trim: true }).default(''),
  phone: text({ max: 32, trim: true }).default(''),
  email: text({ max: 254, trim: true }).default(''),
  channel: z.enum(sendChannels).default('email'),
  /** Required unless booking_id names the stay. */
  start_date: isoDateOrEmpty().default(''),
  end_date: isoDateOrEmpty().default(''),
  guests: z.coerce.number().int().min(1).max(100).default(1),
  language: z.enum(checkinLanguages).default('es'),
  booking_id: idText().optional(),
});
export type SendCheckinBody = z.input<typeof sendCheckinBody>;

export const sendCheckinData = z.object({
  checkin: checkinListItem,
  link: checkinLink,
  /**
   * Whether a provider took the message or is being asked for it now (false for the QR channel, and when no
   * channel could take it). `delivery` is its record: the channel used and the provider's state.
   */
  sent: z.boolean(),
  delivery: messageDeliverySchema.nullable(),
});
export type SendCheckinData = z.infer<typeof sendCheckinData>;

/** spec 5 manual check-in: every required field, checked by guestDataErrors (form manual) and the terms. */
export const manualCheckinBody = z.object({
  property_id: idText().default(''),
  start_date: isoDateOrEmpty().default(''),
  end_date: isoDateOrEmpty().default(''),
  guest: guestData.extend({ process: z.literal('operator_manual').default('operator_manual') }),
  accepted_terms: z.boolean().default(false),
  booking_id: idText().optional(),
});
export type ManualCheckinBody = z.input<typeof manualCheckinBody>;

export const programmedCheckinQuery = z.object({ booking_id: idText() });

/** spec 7 retrieve-programmed-checkin: when the link goes out, on which channel, what happened. */
export const programmedCheckin = z.object({
  checkin_id: uuid().nullable(),
  schedule: z.enum(checkinSendSchedules).nullable(),
  scheduled_for: z.string().nullable(),
  channel: z.string().nullable(),
  sent_at: z.string().nullable(),
  opened_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /**
   * disabled: no automatic sending (schedule disabled, booking paused or cancelled); expired: the stay is
   * over without a finished check-in (its link no longer opens), so nothing is offered to send (issue 27).
   */
  status: z.enum([...checkinStatuses, 'disabled', 'expired']).nullable(),
});
export type ProgrammedCheckin = z.infer<typeof programmedCheckin>;

/** spec 3 Reminder: day, hour (HH:MM), description; optionally about a property or a booking. */
export const reminderBody = z.object({
  day: isoDate,
  hour: text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'reminders.hour_format'),
  description: multilineText(500, { trim: true }).min(1),
  property_id: uuid().nullable().optional(),
  booking_id: uuid().nullable().optional(),
});
export type ReminderBody = z.input<typeof reminderBody>;

export const reminderSchema = z.object({
  id: uuid(),
  day: z.string(),
  hour: z.string(),
  description: z.string(),
  property_id: uuid().nullable(),
  booking_id: uuid().nullable(),
  due_at: z.string(),
  /** Rang already (it shows in the bell). */
  due: z.boolean(),
  rang_at: z.string().nullable(),
  created_at: z.string(),
});
export type Reminder = z.infer<typeof reminderSchema>;

/** spec 3 Notification: unread while read_at is null. */
export const notificationSchema = z.object({
  id: uuid(),
  type: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
  relation_id: uuid().nullable(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** Socket event to the account when a reminder rings (the bell reloads the notifications). */
export const reminderRangEvent = 'reminder-rang';
export interface ReminderRangPayload {
  reminder_id: string;
  notification_id: string;
  description: string;
  day: string;
  hour: string;
}
