import { z } from 'zod';
import { notificationSchema } from './checkins.ts';

/**
 * The bell and the notifications page (spec 3 Notification, spec 7 `notificatios/list`; issue 17,
 * docs/messaging.md "Notifications"), and each property's delivery preferences to the operator.
 */

/** Every kind a notification can have, in the order the screens list them. */
export const notificationKindValues = [
  'booking_new',
  'booking_update',
  'booking_cancel',
  'checkin',
  'service',
  'registration',
  'channel',
  'billing',
  'message',
  'review',
  'bot',
  'delivery',
] as const;
export type NotificationKindValue = (typeof notificationKindValues)[number];

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** POST /api/notificatios/list: spec 7 sends no body (the newest 100); the page sends filters and a page. */
export const listNotificationsBody = z
  .object({
    /** Only the unread ones (read_at null). */
    unread: z.boolean().optional(),
    kind: z.enum(notificationKindValues).optional(),
    /** 1-based; with page_size, the newest first. */
    page: z.number().int().min(1).max(10_000).optional(),
    page_size: z.number().int().min(1).max(100).optional(),
  })
  .strict()
  .optional()
  .nullable();
export type ListNotificationsBody = z.infer<typeof listNotificationsBody>;

export const notificationListSchema = z.array(notificationSchema);

/** GET /api/notifications/unread-count. */
export const unreadCountSchema = z.object({ unread: z.number().int() });

/** POST /api/notifications/read-all: how many were unread and are read now. */
export const readAllSchema = z.object({ updated: z.number().int(), read_at: z.string() });

export const notificationPreferenceSchema = z.object({
  kind: z.enum(notificationKindValues),
  email: z.boolean(),
  whatsapp: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/**
 * Why WhatsApp delivery to the operator cannot be used: the server has no shared WhatsApp number or no
 * notification template (`not_configured`), the plan has no messaging (`plan`), the operator's profile
 * has no phone (`no_phone`).
 */
export const whatsappDeliveryBlocks = ['not_configured', 'plan', 'no_phone'] as const;

/** GET / PUT /api/properties/{id}/notification-preferences. No row: e-mail on, WhatsApp off. */
export const notificationPreferencesSchema = z.object({
  property_id: z.string(),
  preferences: z.array(notificationPreferenceSchema),
  whatsapp: z.object({
    available: z.boolean(),
    blocked_by: z.enum(whatsappDeliveryBlocks).nullable(),
    /** The operator's phone the messages go to (masked but for the last digits), when there is one. */
    phone: z.string().nullable(),
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesBody = z
  .object({
    preferences: z.array(notificationPreferenceSchema).min(1).max(notificationKindValues.length),
  })
  .strict();
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBody>;
