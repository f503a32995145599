import { z } from 'zod';
import { currencySchema, localizedText, propertyServiceSchema } from './properties.ts';

/**
 * Property settings pages (spec 2.2 properties/edition/{propiedad_id} children) that edit fields of the
 * property itself. Each page saves one section: PUT /api/properties/{id}/settings/{section}.
 * Section keys are the spec's path segments.
 */
const required = (max: number) => z.string().trim().min(1, 'validation.required').max(max);

/** At least one of the three languages must be written (spec 5: name, policies and welcome are required). */
const requiredLocalized = localizedText.refine((t) => [t.es, t.en, t.ar].some((s) => s.trim().length > 0), {
  message: 'validation.required',
});

export const settingsSectionBodies = {
  'name-property': z.object({ nombre: required(120), internal_name: z.string().trim().max(120).default('') }),
  'location-property': z.object({
    pais: z.string().trim().length(2, 'validation.required'),
    address: required(200),
    city: required(120),
    zip_code: z.string().trim().max(20).default(''),
  }),
  'services-property': z.object({ services: z.array(propertyServiceSchema) }),
  'capacity-property': z.object({
    guests: z.number().int().min(1).max(500),
    bedrooms: z.number().int().min(0).max(200),
    bathrooms: z.number().int().min(0).max(200),
  }),
  'price-property': z.object({
    /** Minor units of `currency`. */
    price_night: z.number().int().min(1, 'validation.required').max(2_000_000_000),
    currency: currencySchema,
  }),
  'description-property': z.object({ description: requiredLocalized }),
  'accommodation-policies': z.object({ policies: requiredLocalized }),
  'welcome-accommodation': z.object({ welcome: requiredLocalized }),
  /** spec 9: only region ES counts as available. */
  'region-accommodation': z.object({ region: z.literal('ES', { message: 'settings.region_unavailable' }) }),
  /** The property's security code guests type during check-in. */
  'seguridad-property': z.object({
    security_code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{4,12}$/, 'settings.security_code_format'),
  }),
  /** Confirmation channels (spec 3 Accommodation settings: messaging, e-mail, SMS). */
  notifications: z.object({ whatsapp: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  /** The active or disabled switch (spec 4: disabled blocks check-ins). */
  'data-basic-accommodation': z.object({ active: z.boolean() }),
  /** spec 5: the review URL is required to enable reviews. Gated (reviews). */
  'guest-reviews': z
    .object({ enabled: z.boolean(), review_url: z.string().trim().max(500).default('') })
    .refine((b) => !b.enabled || /^https?:\/\/\S+$/.test(b.review_url), {
      path: ['review_url'],
      message: 'settings.review_url_required',
    }),
  /** Gated (identity_verification). */
  'identity-verification': z.object({ enabled: z.boolean() }),
  /** The bot flag (spec 3 Property botGPT). Gated (chatbot). */
  'page-chat-bot-ia': z.object({ enabled: z.boolean() }),
} as const;

export type SettingsSection = keyof typeof settingsSectionBodies;
export const settingsSections = Object.keys(settingsSectionBodies) as SettingsSection[];
export type SettingsSectionBody<S extends SettingsSection> = z.input<(typeof settingsSectionBodies)[S]>;

/** Which gated feature (packages/domain feature-gates) a section needs, if any. */
export const settingsSectionGate: Partial<
  Record<SettingsSection, 'reviews' | 'identity_verification' | 'chatbot'>
> = {
  'guest-reviews': 'reviews',
  'identity-verification': 'identity_verification',
  'page-chat-bot-ia': 'chatbot',
};

/** Everything the settings pages read: GET /api/properties/{id}/settings. */
export const propertySettings = z.object({
  id: z.string().uuid(),
  tipo_propiedad: z.string(),
  nombre: z.string(),
  internal_name: z.string(),
  logo: z.string().nullable(),
  pais: z.string(),
  address: z.string(),
  city: z.string(),
  zip_code: z.string(),
  services: z.array(propertyServiceSchema),
  guests: z.number().int(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  price_night: z.number().int().nullable(),
  currency: currencySchema,
  description: localizedText,
  policies: localizedText,
  welcome: localizedText,
  region: z.string(),
  security_code: z.string(),
  notifications: z.object({ whatsapp: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  active: z.boolean(),
  reviews: z.object({ enabled: z.boolean(), review_url: z.string() }),
  identity_verification: z.boolean(),
  bot_enabled: z.boolean(),
  /** Per gated feature: whether the account's subscription includes it. */
  features: z.record(z.string(), z.boolean()),
});
export type PropertySettings = z.infer<typeof propertySettings>;

export const settingsSectionParams = z.object({
  id: z.string().uuid(),
  section: z.enum(settingsSections as [SettingsSection, ...SettingsSection[]]),
});

export const propertySettingsPaths = {
  settings: (id: string) => `/api/properties/${id}/settings`,
  section: (id: string, section: SettingsSection) => `/api/properties/${id}/settings/${section}`,
} as const;
