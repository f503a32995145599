import { z } from 'zod';
import { MULTILINE_MAX, multilineText, optionalHttpUrl, text, uuid } from './primitives.ts';
import { currencySchema, localizedText, propertyServiceSchema } from './properties.ts';

/**
 * Property settings pages (spec 2.2 properties/edition/{propiedad_id} children) that edit fields of the
 * property itself. Each page saves one section: PUT /api/properties/{id}/settings/{section}.
 * Section keys are the spec's path segments.
 */
const required = (max: number) => text({ max, trim: true }).min(1, 'validation.required');

/** spec 3 Authority credentials: the national police bodies guests are registered with. */
export const authorityEntities = ['guardia_civil', 'policia_nacional', 'ertzaintza', 'mossos'] as const;
export type AuthorityEntity = (typeof authorityEntities)[number];

/**
 * Shape of the authority codes per entity (issue 14): SES (Guardia Civil, Policía Nacional) landlord code
 * digits at most 10, establishment code at most 10; Mossos establishment identifier 9 or 10 alphanumerics.
 */
export const authorityCodeRules: Record<
  AuthorityEntity,
  { establishment?: RegExp; establishmentMessage: string; landlord?: RegExp; landlordMessage: string }
> = {
  guardia_civil: {
    establishment: /^[A-Za-z0-9]{1,10}$/,
    establishmentMessage: 'settings.ses_establishment_format',
    landlord: /^\d{1,10}$/,
    landlordMessage: 'settings.ses_landlord_format',
  },
  policia_nacional: {
    establishment: /^[A-Za-z0-9]{1,10}$/,
    establishmentMessage: 'settings.ses_establishment_format',
    landlord: /^\d{1,10}$/,
    landlordMessage: 'settings.ses_landlord_format',
  },
  ertzaintza: { establishmentMessage: '', landlordMessage: '' },
  mossos: {
    establishment: /^[A-Za-z0-9]{9,10}$/,
    establishmentMessage: 'settings.mossos_establishment_format',
    landlordMessage: '',
  },
};

/** spec 3 Check-in send schedule; spec 4 Check-in link schedule says when each one goes out. */
export const checkinSendSchedules = ['same_day', '24h', '48h', '72h', 'disabled'] as const;
export type CheckinSendSchedule = (typeof checkinSendSchedules)[number];

/** spec 3 Smart lock delivery time: when the guest receives the access code. */
export const smartLockDeliveryTimes = [
  'checkin_completed',
  'arrival_day',
  '1_day_before',
  '2_days_before',
] as const;
/**
 * spec 3 Smart lock key type: static gives every guest the master code; dynamic gives each stay its own
 * code on the assigned lock (issue 14), so it needs a lock assigned to the property or its rooms.
 */
export const smartLockKeyTypes = ['static', 'dynamic'] as const;

/** spec 3 Experience store: the guest services store is ours (internal) or a link to the operator's own. */
export const storeTypes = ['internal', 'external'] as const;
/** spec 3 Experience store: external guest message maximum 200 characters. */
export const STORE_MESSAGE_MAX = 200;

/** A time of day on the 24-hour clock, "15:00" (spec 3 check-in and check-out times). */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const clockTime = text({ max: 5, trim: true }).regex(CLOCK_TIME, 'settings.time_format');

/** At least one of the three languages must be written (spec 5: name, policies and welcome are required). */
const requiredLocalized = localizedText.refine((t) => [t.es, t.en, t.ar].some((s) => s.trim().length > 0), {
  message: 'validation.required',
});

export const settingsSectionBodies = {
  'name-property': z.object({
    nombre: required(120),
    internal_name: text({ max: 120, trim: true }).default(''),
    /** URL answered by the logo upload (POST /api/properties/logo); null removes it; absent keeps it. */
    logo: text({ max: 500 }).nullable().optional(),
  }),
  'location-property': z.object({
    pais: text({ max: 2, trim: true }).length(2, 'validation.required'),
    address: required(200),
    city: required(120),
    zip_code: text({ max: 20, trim: true }).default(''),
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
  /** The house rules and the stay's hours (HH:MM); an absent time keeps the stored one. */
  'accommodation-policies': z.object({
    policies: requiredLocalized,
    checkin_time: clockTime.optional(),
    checkout_time: clockTime.optional(),
  }),
  'welcome-accommodation': z.object({ welcome: requiredLocalized }),
  /** spec 9: only region ES counts as available. */
  'region-accommodation': z.object({ region: z.literal('ES', { message: 'settings.region_unavailable' }) }),
  /** The property's security code guests type during check-in. */
  'seguridad-property': z.object({
    security_code: text({ trim: true }).regex(/^[A-Za-z0-9]{4,12}$/, 'settings.security_code_format'),
  }),
  /** Confirmation channels (spec 3 Accommodation settings: messaging, e-mail, SMS). */
  notifications: z.object({ whatsapp: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  /** The active or disabled switch (spec 4: disabled blocks check-ins). */
  'data-basic-accommodation': z.object({ active: z.boolean() }),
  /** spec 5: the review URL is required to enable reviews. Gated (reviews). */
  'guest-reviews': z
    .object({ enabled: z.boolean(), review_url: optionalHttpUrl().default('') })
    .refine((b) => !b.enabled || b.review_url !== '', {
      path: ['review_url'],
      message: 'settings.review_url_required',
    }),
  /** Gated (identity_verification). */
  'identity-verification': z.object({ enabled: z.boolean() }),
  /** The bot flag (spec 3 Property botGPT). Gated (chatbot). */
  'page-chat-bot-ia': z.object({ enabled: z.boolean() }),
  /** Experience store (spec 3). An external store needs its URL to be switched on. Gated (cross_selling). */
  'cross-selling-property': z
    .object({
      enabled: z.boolean(),
      type: z.enum(storeTypes),
      external_message: multilineText(MULTILINE_MAX, { trim: true })
        .max(STORE_MESSAGE_MAX, 'settings.store_message_max')
        .default(''),
      external_url: optionalHttpUrl().default(''),
    })
    .refine((b) => !b.enabled || b.type !== 'external' || b.external_url !== '', {
      path: ['external_url'],
      message: 'settings.store_url_required',
    }),
  /**
   * Authority credentials (spec 3, spec 5: all required). The password is never sent back: a blank one
   * keeps the stored password, and is refused only when none is stored yet. Gated (authorities).
   */
  authorities: z
    .object({
      entity: z.enum(authorityEntities, { message: 'validation.required' }),
      user: required(120),
      password: text({ max: 200, normalize: false }).default(''),
      establishment_code: required(60),
      landlord_code: required(60),
      /** Issue 14: send each registration at once, or in the property's nightly batch (03:00). */
      send_mode: z.enum(['immediate', 'nightly']).default('immediate'),
      /** Ertzaintza: the PFX certificate in base64 (absent or '' keeps the stored one) and its passphrase. */
      certificate: text({ max: 40_000, trim: true })
        .regex(/^[A-Za-z0-9+/=]*$/, 'settings.certificate_invalid')
        .optional(),
      certificate_password: text({ max: 200, normalize: false }).optional(),
    })
    .superRefine((b, ctx) => {
      const rules = authorityCodeRules[b.entity];
      if (rules.establishment && !rules.establishment.test(b.establishment_code))
        ctx.addIssue({ code: 'custom', path: ['establishment_code'], message: rules.establishmentMessage });
      if (rules.landlord && !rules.landlord.test(b.landlord_code))
        ctx.addIssue({ code: 'custom', path: ['landlord_code'], message: rules.landlordMessage });
    }),
  /** Smart lock (spec 3; spec 5: an empty key gives 'Por favor ingrese una clave de acceso'). Gated (smart_locks). */
  'smart-locks': z
    .object({
      enabled: z.boolean(),
      delivery_time: z.enum(smartLockDeliveryTimes),
      key_type: z.enum(smartLockKeyTypes),
      master_code: text({ max: 20, trim: true }).default(''),
      /** Issue 14: the code reaches the guest only once the police registration is accepted (default on). */
      requires_registration: z.boolean().default(true),
    })
    .refine((b) => !b.enabled || b.key_type === 'dynamic' || b.master_code.length > 0, {
      path: ['master_code'],
      message: 'settings.smart_lock_key_required',
    })
    .refine((b) => b.master_code === '' || /^[0-9A-Za-z#*]{4,20}$/.test(b.master_code), {
      path: ['master_code'],
      message: 'settings.smart_lock_key_format',
    }),
  /** Check-in send schedule (spec 3 and 4); the page asks for confirmation. Gated (auto_checkin_messaging). */
  'checkin-programming': z.object({ schedule: z.enum(checkinSendSchedules) }),
} as const;

export type SettingsSection = keyof typeof settingsSectionBodies;
export const settingsSections = Object.keys(settingsSectionBodies) as SettingsSection[];
export type SettingsSectionBody<S extends SettingsSection> = z.input<(typeof settingsSectionBodies)[S]>;

/** Which gated feature (packages/domain feature-gates) a section needs, if any. */
export const settingsSectionGate: Partial<
  Record<
    SettingsSection,
    | 'reviews'
    | 'identity_verification'
    | 'chatbot'
    | 'cross_selling'
    | 'authorities'
    | 'smart_locks'
    | 'auto_checkin_messaging'
  >
> = {
  'guest-reviews': 'reviews',
  'identity-verification': 'identity_verification',
  'page-chat-bot-ia': 'chatbot',
  'cross-selling-property': 'cross_selling',
  authorities: 'authorities',
  'smart-locks': 'smart_locks',
  'checkin-programming': 'auto_checkin_messaging',
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
  /** From when guests may arrive and until when they may stay on the last day, "15:00" / "11:00". */
  checkin_time: z.string(),
  checkout_time: z.string(),
  welcome: localizedText,
  region: z.string(),
  security_code: z.string(),
  notifications: z.object({ whatsapp: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  active: z.boolean(),
  reviews: z.object({ enabled: z.boolean(), review_url: z.string() }),
  identity_verification: z.boolean(),
  bot_enabled: z.boolean(),
  store: z.object({
    enabled: z.boolean(),
    type: z.enum(storeTypes),
    external_message: z.string(),
    external_url: z.string(),
  }),
  /** The password itself never leaves the server: only whether one is stored. */
  authorities: z.object({
    entity: z.enum(authorityEntities).nullable(),
    user: z.string(),
    establishment_code: z.string(),
    landlord_code: z.string(),
    password_set: z.boolean(),
    /** Issue 14 additions (optional so older answers still parse). */
    send_mode: z.enum(['immediate', 'nightly']).optional(),
    certificate_subject: z.string().nullable().optional(),
    certificate_expires_at: z.string().nullable().optional(),
    failed_test_attempts: z.number().int().optional(),
    last_test_at: z.string().nullable().optional(),
    last_test_ok: z.boolean().nullable().optional(),
  }),
  smart_locks: z.object({
    enabled: z.boolean(),
    delivery_time: z.enum(smartLockDeliveryTimes),
    key_type: z.enum(smartLockKeyTypes),
    master_code: z.string(),
    requires_registration: z.boolean(),
  }),
  checkin_schedule: z.enum(checkinSendSchedules),
  /** Per gated feature: whether the account's subscription includes it. */
  features: z.record(z.string(), z.boolean()),
});
export type PropertySettings = z.infer<typeof propertySettings>;

export const settingsSectionParams = z.object({
  id: uuid(),
  section: z.enum(settingsSections as [SettingsSection, ...SettingsSection[]]),
});

export const propertySettingsPaths = {
  settings: (id: string) => `/api/properties/${id}/settings`,
  section: (id: string, section: SettingsSection) => `/api/properties/${id}/settings/${section}`,
} as const;
