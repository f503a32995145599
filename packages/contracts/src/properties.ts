import { z } from 'zod';
import { idText, multilineText, text, uuid } from './primitives.ts';
import { propertySummary, tipoHospedajeSchema } from './users.ts';

/** spec 3 Property services (fixed list); kept in step with packages/domain propertyServices. */
export const propertyServiceSchema = z.enum([
  'oven',
  'pets_allowed',
  'wifi',
  'essentials',
  'washing_machine',
  'air_conditioning',
  'heating',
  'parking',
  'children_allowed',
  'refrigerator',
]);

/** Currencies offered in the wizard: EUR by default, COP for Colombia (spec 9), USD for the rest. */
export const currencySchema = z.enum(['EUR', 'COP', 'USD']);
export type Currency = z.infer<typeof currencySchema>;

export const localizedText = z.object({
  es: multilineText(5000).default(''),
  en: multilineText(5000).default(''),
  ar: multilineText(5000).default(''),
});
export type LocalizedText = z.infer<typeof localizedText>;

const required = (max: number) => text({ max, trim: true }).min(1, 'validation.required');

/** The wizard's payload (spec 3 Property creation template/draft; spec 5 Property setup steps). */
export const createPropertyBody = z
  .object({
    tipo: tipoHospedajeSchema,
    nombre: required(120),
    internal_name: text({ max: 120, trim: true }).optional(),
    pais: text({ max: 2, trim: true }).length(2, 'validation.required'),
    address: required(200),
    city: required(120),
    zip_code: text({ max: 20, trim: true }).optional(),
    /** URL returned by the logo upload; null when the operator skipped the step. */
    logo: text({ max: 500 }).nullable().optional(),
    /** Hotel and camping only. */
    room_type: z
      .object({
        name: required(80),
        adults: z.number().int().min(1, 'validation.required').max(20),
        children: z.number().int().min(0).max(20).default(0),
        infants: z.number().int().min(0).max(20).default(0),
      })
      .optional(),
    /** Hotel and camping only: the physical rooms of that type. */
    rooms: z
      .array(z.object({ name: required(60), code: text({ max: 40, trim: true }).optional() }))
      .max(500)
      .optional(),
    guests: z.number().int().min(1).max(500).default(1),
    bedrooms: z.number().int().min(0).max(200).default(1),
    bathrooms: z.number().int().min(0).max(200).default(1),
    services: z.array(propertyServiceSchema).default([]),
    /** Nightly price in minor units (cents), > 0; at most what a PostgreSQL integer holds (20 M pesos for COP). */
    price_night: z.number().int().min(1, 'validation.required').max(2_000_000_000),
    currency: currencySchema.default('EUR'),
    description: localizedText,
  })
  .superRefine((body, ctx) => {
    const hotel = body.tipo === 'hotel' || body.tipo === 'camping';
    if (hotel && !body.room_type)
      ctx.addIssue({ code: 'custom', path: ['room_type'], message: 'validation.required' });
    if (hotel && !body.rooms?.length)
      ctx.addIssue({ code: 'custom', path: ['rooms'], message: 'validation.required' });
    const { es, en, ar } = body.description;
    if (![es, en, ar].some((text) => text.trim().length > 0)) {
      ctx.addIssue({ code: 'custom', path: ['description'], message: 'validation.required' });
    }
  });
export type CreatePropertyBody = z.input<typeof createPropertyBody>;
/** The payload after validation (defaults applied). */
export type CreatePropertyInput = z.output<typeof createPropertyBody>;

/** A property as the operator sees it in lists (spec 2.4 accommodation list, with QR). */
export const propertyListItem = z.object({
  id: uuid(),
  nombre: z.string(),
  internal_name: z.string().nullable(),
  tipo_propiedad: tipoHospedajeSchema,
  logo: z.string().nullable(),
  city: z.string().nullable(),
  pais: z.string(),
  active: z.boolean(),
  /** The guest check-in link the QR code encodes (spec 2.2 guest check-in path). */
  checkin_url: z.string(),
  created_at: z.string(),
});
export type PropertyListItem = z.infer<typeof propertyListItem>;

export const propertyListData = z.object({
  items: z.array(propertyListItem),
  /** The account's quantity (maximum properties) and how many it has. */
  quantity: z.number().int(),
  count: z.number().int(),
});
export type PropertyListData = z.infer<typeof propertyListData>;

export const propertyIdParams = z.object({ id: uuid() });

/** Logo upload answer: PNG, JPG or SVG, at most 5 MB, checked by content (spec 5). */
export const uploadedFileData = z.object({ url: z.string() });

/** "Generate with AI": an OpenAI-compatible endpoint when configured (LLM_BASE_URL), else 503 ai.not_configured. */
export const generateDescriptionBody = z.object({
  tipo: tipoHospedajeSchema,
  nombre: text({ max: 120, trim: true }),
  city: text({ max: 120, trim: true }).optional(),
  services: z.array(propertyServiceSchema).default([]),
  guests: z.number().int().min(1).max(500).optional(),
});
export type GenerateDescriptionBody = z.input<typeof generateDescriptionBody>;

/** spec 4 Room status. */
export const roomStatusSchema = z.enum(['available', 'occupied', 'cleaning', 'maintenance']);
export type RoomStatus = z.infer<typeof roomStatusSchema>;

export const roomTypeSchema = z.object({
  id: uuid(),
  name: z.string(),
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
});
export type RoomType = z.infer<typeof roomTypeSchema>;

export const roomSchema = z.object({
  id: uuid(),
  room_type_id: uuid(),
  name: z.string(),
  code: z.string().nullable(),
  description: z.string().nullable(),
  access_key: z.string().nullable(),
  status: roomStatusSchema,
});
export type Room = z.infer<typeof roomSchema>;

/**
 * The operator's view of one property: the spec 3 Property summary fields, what the wizard collected
 * and the Accommodation settings. Answer of POST /api/properties (201) and GET /api/get-property.
 */
export const propertyDetail = propertySummary.extend({
  internal_name: z.string().nullable(),
  pais: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  zip_code: z.string().nullable(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  services: z.array(z.string()),
  /** Minor units of `currency`; null until set. */
  price_night: z.number().int().nullable(),
  description: localizedText,
  active: z.boolean(),
  policies: localizedText.nullable(),
  welcome: localizedText.nullable(),
  security_code: z.string().nullable(),
  confirmation_channels: z.object({ whatsapp: z.boolean(), email: z.boolean(), sms: z.boolean() }),
  review_url: z.string().nullable(),
  identity_verification: z.boolean(),
  smart_lock: z.boolean(),
  room_types: z.array(roomTypeSchema),
  rooms: z.array(roomSchema),
  checkin_url: z.string(),
  created_at: z.string(),
});
export type PropertyDetail = z.infer<typeof propertyDetail>;

/** GET /api/get-property: spec 7 query `id_accommodation` or `id`. */
export const getPropertyQuery = z
  .object({ id_accommodation: idText(100).optional(), id: idText(100).optional() })
  .refine((q) => Boolean(q.id_accommodation || q.id), { path: ['id'], message: 'validation.required' });
export type GetPropertyQuery = z.infer<typeof getPropertyQuery>;

/** POST /api/propiedad (public, guest pages): spec 7 payload. */
export const guestPropertyBody = z.object({ propiedad_id: idText(100).min(1) });
/** What a guest may see of a property: no account, codes, credentials or prices. */
export const guestProperty = z.object({
  id: uuid(),
  nombre: z.string(),
  logo: z.string().nullable(),
  tipo_propiedad: tipoHospedajeSchema,
  city: z.string().nullable(),
  pais: z.string(),
  active: z.boolean(),
  welcome: localizedText.nullable(),
  policies: localizedText.nullable(),
  /** spec 3 Property services (fixed list): what the guest's services page lists after check-in. */
  services: z.array(z.string()),
  /** The property's main image (spec 5 Property images), for the guest pages; null when it has none. */
  photo: z.object({ url: z.string(), thumb_url: z.string() }).nullable(),
});
export type GuestProperty = z.infer<typeof guestProperty>;

/** POST /api/retrive-properties: spec 7 payload (only the caller's own user_id). */
export const retrivePropertiesBody = z.object({ user_id: idText(100).min(1) });

/** GET /api/count-checkin-property/{id} */
export const countCheckinParams = z.object({ id: idText(100) });
export const countData = z.object({ count: z.number().int() });

/** GET /api/files/{name}: stored files are served by their random name. */
export const fileNameParams = z.object({ name: text({ max: 100 }) });

export const generatedDescription = z.object({ es: z.string(), en: z.string(), ar: z.string() });

export const propertyPaths = {
  list: '/api/properties',
  create: '/api/properties',
  logo: '/api/properties/logo',
  generateDescription: '/api/properties/description/generate',
  // spec 7 contract calls
  getProperty: '/api/get-property',
  guestProperty: '/api/propiedad',
  retriveProperties: '/api/retrive-properties',
  countCheckins: (id: string) => `/api/count-checkin-property/${id}`,
  file: (name: string) => `/api/files/${name}`,
} as const;
