import { z } from 'zod';
import { idText, multilineText, text } from './primitives.ts';

/**
 * The account's WhatsApp business connection (issue 17, spec 4 "Messaging business account: disconnected or
 * connected", spec 9 messaging limits, docs/messaging.md Connection): the account's own number through
 * Embedded Signup, or the platform's shared number (only up to 50 places).
 */

/** spec 9: "A shared number is only for up to 50 places." */
export const SHARED_NUMBER_MAX_PLACES = 50;
/** spec 9: a new business starts at 1000 business-initiated conversations a day. */
export const NEW_BUSINESS_DAILY_LIMIT = 1000;

export const whatsappAccountSchema = z.object({
  /** spec 4: connected or disconnected (never connected is disconnected with mode null). */
  status: z.enum(['connected', 'disconnected']),
  mode: z.enum(['own', 'shared']).nullable(),
  /** True when nothing was chosen and the shared number sends for this small account by default. */
  shared_by_default: z.boolean(),
  display_phone_number: z.string().nullable(),
  verified_name: z.string().nullable(),
  /** GREEN | YELLOW | RED | UNKNOWN (Meta's quality rating). */
  quality_rating: z.string(),
  /** Business-initiated conversations a day. */
  messaging_limit: z.number().int(),
  connected_at: z.string().nullable(),
  disconnected_at: z.string().nullable(),
  /** The account's places (apartments and villas by property, hotels and campings by room). */
  places: z.number().int(),
  shared_max_places: z.number().int(),
  /** The plan includes messaging (a paid extra, free during the trial). */
  feature_available: z.boolean(),
  embedded_signup: z.object({
    configured: z.boolean(),
    /** The server settings still to set (names only). */
    missing: z.array(z.string()),
  }),
  shared: z.object({
    configured: z.boolean(),
    missing: z.array(z.string()),
    /** Configured and the account has at most 50 places. */
    allowed: z.boolean(),
  }),
});
export type WhatsAppAccount = z.infer<typeof whatsappAccountSchema>;

/** GET /api/whatsapp/embedded-signup/start: where to send the operator (Meta's dialog). */
export const embeddedSignupStartSchema = z.object({ url: z.string(), redirect_uri: z.string() });
export type EmbeddedSignupStart = z.infer<typeof embeddedSignupStartSchema>;

/** The code Meta's dialog returned, the signed state we gave it, and the optional two-step PIN. */
export const embeddedSignupBody = z.object({
  code: text({ max: 2048, trim: true }).min(1, 'validation.required'),
  state: text({ max: 2048, trim: true }).min(1, 'validation.required'),
  /** The number's two-step verification PIN (6 digits); without it the number is not registered again. */
  pin: text({ max: 6, trim: true })
    .regex(/^\d{6}$/, 'whatsapp.pin_invalid')
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type EmbeddedSignupBody = z.input<typeof embeddedSignupBody>;

export const templateStatuses = ['approved', 'pending', 'rejected'] as const;

/** A WhatsApp template of the account's WABA (approved by Meta) or a quick reply. */
export const messageTemplateSchema = z.object({
  id: z.string(),
  kind: z.enum(['whatsapp', 'quick_reply']),
  name: z.string(),
  language: z.string(),
  category: z.string().nullable(),
  body: z.string(),
  status: z.enum(templateStatuses),
  updated_at: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

/** A quick reply: a title and a free text (variables as {{guest_name}}, {{arrival}}…). */
export const quickReplyBody = z.object({
  name: text({ max: 60, trim: true }).min(1, 'validation.required'),
  body: multilineText(1024, { trim: true }).min(1, 'validation.required'),
  language: z.enum(['es', 'en', 'ar']).default('es'),
});
export type QuickReplyBody = z.input<typeof quickReplyBody>;

export const templateIdParams = z.object({ id: idText() });
