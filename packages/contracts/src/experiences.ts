import {
  confirmationTypes,
  priceTypes,
  SERVICE_PHOTOS_MAX,
  SERVICE_QUANTITY_MAX,
  serviceCategories,
  servicePaymentModes,
  serviceRequestStatuses,
  UPSELL_DAYS_BEFORE_MAX,
  upsellMoments,
} from '@posada/domain/experiences';
import { z } from 'zod';
import { deliverySummarySchema } from './deliveries.ts';
import { email, isoDate, multilineText, text, uuid } from './primitives.ts';

/**
 * The experiences store (issue 18, docs/experiences.md): services and experiences (spec 3), their providers,
 * the guests' requests (spec 4), when each property offers them (upselling configuration) and the reports.
 * Operator routes are empresa and gated by premium access (spec 6); the guest routes are public and only
 * open for a completed check-in of that very property (like the services page, spec 2.2).
 */
export const experiencesPaths = {
  services: '/api/services',
  service: (id: string) => `/api/services/${id}`,
  serviceActive: (id: string) => `/api/services/${id}/active`,
  /** POST multipart (one file `photo`), answers the service; DELETE …/photos/{index}. */
  servicePhotos: (id: string) => `/api/services/${id}/photos`,
  servicePhoto: (id: string, index: number) => `/api/services/${id}/photos/${index}`,
  /** PUT: the photos in a new order (the first is the cover). */
  servicePhotoOrder: (id: string) => `/api/services/${id}/photos/order`,
  providers: '/api/upselling/providers',
  provider: (id: string) => `/api/upselling/providers/${id}`,
  requests: '/api/upselling/requests',
  request: (id: string) => `/api/upselling/requests/${id}`,
  /** POST: approve, reject, confirm-payment. DELETE request(id) discards. */
  requestAction: (id: string, action: 'approve' | 'reject' | 'confirm-payment') =>
    `/api/upselling/requests/${id}/${action}`,
  /** GET and PUT: the property's upselling moments. */
  config: (propertyId: string) => `/api/upselling/config/${propertyId}`,
  reports: '/api/upselling/reports',
  reportsCsv: '/api/upselling/reports.csv',
  /** Guest (public): the store of a completed check-in, one service, its requests. */
  guestStore: (propertyId: string, checkinId: string) => `/api/guest/store/${propertyId}/${checkinId}`,
  /** The done step's featured services (upselling moment checkin_done), before the check-in is complete. */
  guestFeatured: (propertyId: string) => `/api/guest/store/${propertyId}/featured`,
  guestService: (propertyId: string, serviceId: string, checkinId: string) =>
    `/api/guest/store/${propertyId}/${checkinId}/services/${serviceId}`,
  guestRequests: (propertyId: string, serviceId: string, checkinId: string) =>
    `/api/guest/store/${propertyId}/${checkinId}/services/${serviceId}/requests`,
  /** POST: a new Checkout for a request whose payment expired or failed. */
  guestPay: (propertyId: string, checkinId: string, requestId: string) =>
    `/api/guest/store/${propertyId}/${checkinId}/requests/${requestId}/pay`,
} as const;

/** spec 2.2 guest pages (the light guest entry). */
export const experiencesGuestPages = {
  services: (propertyId: string, checkinId: string) => `/services/${propertyId}/${checkinId}/property`,
  /** spec 2.2 `/services/{propiedad_id}/{service_id}/{checkin_id}/vew/` (spelling kept). */
  service: (propertyId: string, serviceId: string, checkinId: string) =>
    `/services/${propertyId}/${serviceId}/${checkinId}/vew/`,
} as const;

export const serviceCategorySchema = z.enum(serviceCategories, { message: 'validation.invalid_option' });
export const priceTypeSchema = z.enum(priceTypes, { message: 'validation.invalid_option' });
export const confirmationTypeSchema = z.enum(confirmationTypes, { message: 'validation.invalid_option' });
export const serviceRequestStatusSchema = z.enum(serviceRequestStatuses);

const localizedTextBody = (max: number, multiline: boolean) => {
  const field = () => (multiline ? multilineText(max, { trim: true }) : text({ max, trim: true }));
  return z.object({
    es: field().min(1, 'experiences.text_required'),
    en: field().default(''),
    ar: field().default(''),
  });
};
export const localizedTextSchema = z.object({ es: z.string(), en: z.string(), ar: z.string() });

/** POST /api/services and PUT /api/services/{id} (spec 3 Service / experience; photos go separately). */
export const serviceBody = z.object({
  /** Null: every property of the account. */
  property_id: uuid('validation.invalid').nullable(),
  name: text({ max: 120, trim: true }).min(1, 'experiences.name_required'),
  title: localizedTextBody(120, false),
  description: localizedTextBody(2000, true),
  category: serviceCategorySchema,
  /** Null: Internal service (spec 3). */
  provider_id: uuid('validation.invalid').nullable(),
  confirmation: confirmationTypeSchema,
  price_type: priceTypeSchema,
  /** Minor units; 0 is free. At most 1,000,000.00. */
  price: z
    .number({ message: 'experiences.price_invalid' })
    .int('experiences.price_invalid')
    .min(0, 'experiences.price_invalid')
    .max(100_000_000, 'experiences.price_invalid'),
  currency: z.enum(['EUR', 'USD', 'COP', 'MXN', 'ARS', 'CLP', 'PEN'], {
    message: 'validation.invalid_option',
  }),
  active: z.boolean().default(true),
});
export type ServiceBody = z.input<typeof serviceBody>;

export const servicePhotoSchema = z.object({ url: z.string(), thumb_url: z.string().nullable() });

export const serviceSchema = z.object({
  id: z.string(),
  property_id: z.string().nullable(),
  /** The property's name, or null for every property. */
  property_name: z.string().nullable(),
  name: z.string(),
  title: localizedTextSchema,
  description: localizedTextSchema,
  category: serviceCategorySchema,
  provider_id: z.string().nullable(),
  provider_name: z.string().nullable(),
  confirmation: confirmationTypeSchema,
  price_type: priceTypeSchema,
  price: z.number().int(),
  currency: z.string(),
  photos: z.array(servicePhotoSchema).max(SERVICE_PHOTOS_MAX),
  active: z.boolean(),
  /** Requests in all (the list's column), and those still pending. */
  requests: z.number().int(),
  pending_requests: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

/** GET /api/services query. */
export const serviceListQuery = z.object({
  search: text({ max: 120, trim: true }).optional(),
  property_id: uuid('validation.invalid').optional(),
  category: serviceCategorySchema.optional(),
  active: z.enum(['true', 'false']).optional(),
});
export type ServiceListQuery = z.input<typeof serviceListQuery>;
export const serviceListSchema = z.object({ items: z.array(serviceSchema), total: z.number().int() });
export type ServiceList = z.infer<typeof serviceListSchema>;

/** POST /api/services/{id}/active */
export const serviceActiveBody = z.object({ active: z.boolean() });

/** PUT /api/services/{id}/photos/order: the current photos' positions in their new order, each once. */
export const servicePhotoOrderBody = z.object({
  order: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(SERVICE_PHOTOS_MAX - 1),
    )
    .max(SERVICE_PHOTOS_MAX, 'experiences.photo_order_invalid'),
});
export type ServicePhotoOrderBody = z.input<typeof servicePhotoOrderBody>;

/** spec 3 Provider / supplier: name, country, phone (libphonenumber), e-mail, address. */
export const providerBody = z.object({
  name: text({ max: 120, trim: true }).min(1, 'experiences.provider_name_required'),
  country: text({ max: 2 }).regex(/^[A-Z]{2}$/, 'validation.invalid_option'),
  /** Any form libphonenumber reads for `country`; stored E.164. '' for none. */
  phone: text({ max: 40, trim: true }).default(''),
  email: z.union([z.literal(''), email()]).default(''),
  address: text({ max: 255, trim: true }).default(''),
});
export type ProviderBody = z.input<typeof providerBody>;

export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  /** Services it provides. */
  services: z.number().int(),
  created_at: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;
export const providerListSchema = z.object({ items: z.array(providerSchema) });
export type ProviderList = z.infer<typeof providerListSchema>;

export const servicePaymentModeSchema = z.enum(servicePaymentModes);
/** The request's payment as the guest payments engine reads it (null: none started). */
export const requestPaymentSchema = z
  .object({
    id: z.string(),
    status: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    /** Only while the guest can still pay. */
    checkout_url: z.string().nullable(),
  })
  .nullable();

/** One row of the requests list (spec 2.4, spec 3 Service request). */
export const serviceRequestSchema = z.object({
  id: z.string(),
  service_id: z.string().nullable(),
  service_name: z.string(),
  category: serviceCategorySchema,
  property_id: z.string(),
  property_name: z.string(),
  provider_name: z.string().nullable(),
  checkin_id: z.string().nullable(),
  booking_id: z.string().nullable(),
  client_name: z.string(),
  phone: z.string(),
  email: z.string(),
  language: z.string(),
  document_type: z.string(),
  document_number: z.string(),
  price_type: priceTypeSchema,
  quantity: z.number().int(),
  service_date: z.string().nullable(),
  service_time: z.string().nullable(),
  notes: z.string(),
  unit_price: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  status: serviceRequestStatusSchema,
  payment_mode: servicePaymentModeSchema,
  payment: requestPaymentSchema,
  created_at: z.string(),
  approved_at: z.string().nullable(),
  rejected_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** The notice to the service's provider once confirmed: its channel and the provider's state (issue 26). */
  provider_notice: deliverySummarySchema.nullable(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

/** GET /api/upselling/requests query: filters and pages (newest first). */
export const serviceRequestListQuery = z.object({
  status: serviceRequestStatusSchema.optional(),
  property_id: uuid('validation.invalid').optional(),
  service_id: uuid('validation.invalid').optional(),
  /** Client, phone, document number or service name. */
  search: text({ max: 120, trim: true }).optional(),
  from: isoDate().optional(),
  to: isoDate().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type ServiceRequestListQuery = z.input<typeof serviceRequestListQuery>;
export const serviceRequestListSchema = z.object({
  items: z.array(serviceRequestSchema),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  /** Counts per status for the tabs (whatever the status filter). */
  counts: z.object({
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    paid: z.number().int(),
  }),
});
export type ServiceRequestList = z.infer<typeof serviceRequestListSchema>;

/** The upselling configuration of one property (spec 2.2 /config_properties_notifications/{id}/properties). */
export const upsellMomentSchema = z.enum(upsellMoments, { message: 'validation.invalid_option' });
export const upsellMomentBody = z.object({
  moment: upsellMomentSchema,
  enabled: z.boolean(),
  /** before_arrival: 1–30 days before arrival; during_stay: day N of the stay (1 = arrival day). Else null. */
  days: z
    .number()
    .int()
    .min(1, 'experiences.days_invalid')
    .max(UPSELL_DAYS_BEFORE_MAX, 'experiences.days_invalid')
    .nullable(),
  /** The services offered at this moment (active, of this property or all); empty: none chosen. */
  service_ids: z.array(uuid('validation.invalid')).max(6, 'experiences.too_many_services'),
});
export const upsellConfigBody = z.object({
  moments: z.array(upsellMomentBody).length(upsellMoments.length),
});
export type UpsellConfigBody = z.input<typeof upsellConfigBody>;
export const upsellConfigSchema = z.object({
  property_id: z.string(),
  property_name: z.string(),
  /** The property's store switch (cross-selling-property) and whether the plan allows cross-selling. */
  store_enabled: z.boolean(),
  store_type: z.enum(['internal', 'external']),
  feature_available: z.boolean(),
  /** Which channel the offers go through now: whatsapp when connected, else email. */
  channel: z.enum(['whatsapp', 'email']),
  moments: z.array(
    z.object({
      moment: upsellMomentSchema,
      enabled: z.boolean(),
      days: z.number().int().nullable(),
      service_ids: z.array(z.string()),
    }),
  ),
  /** Offers sent from this property (all moments), for the page's summary. */
  sent: z.number().int(),
});
export type UpsellConfig = z.infer<typeof upsellConfigSchema>;

/** GET /api/upselling/reports (and .csv) query: the period (by request date) and an optional property. */
export const upsellReportQuery = z.object({
  from: isoDate(),
  to: isoDate(),
  property_id: uuid('validation.invalid').optional(),
});
export type UpsellReportQuery = z.input<typeof upsellReportQuery>;
const revenueRow = z.object({
  key: z.string(),
  label: z.string(),
  requests: z.number().int(),
  paid: z.number().int(),
  /** Minor units of the report's currency (paid requests only). */
  revenue: z.number().int(),
});
export const upsellReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Revenue is summed per currency; the report shows the account's main one. */
  currency: z.string(),
  requests: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    paid: z.number().int(),
  }),
  /** The funnel: services offered to stays, viewed, requested, paid (distinct service × check-in). */
  conversion: z.object({
    offered: z.number().int(),
    viewed: z.number().int(),
    requested: z.number().int(),
    paid: z.number().int(),
  }),
  revenue: z.number().int(),
  by_service: z.array(revenueRow),
  by_provider: z.array(revenueRow),
  by_property: z.array(revenueRow),
  /** YYYY-MM, every month of the period (zeros included). */
  by_month: z.array(revenueRow),
});
export type UpsellReport = z.infer<typeof upsellReportSchema>;

/** The guest's view of a service, in their language (title and description already chosen). */
export const guestServiceSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: serviceCategorySchema,
  price_type: priceTypeSchema,
  price: z.number().int(),
  currency: z.string(),
  confirmation: confirmationTypeSchema,
  photos: z.array(servicePhotoSchema),
});
export type GuestService = z.infer<typeof guestServiceSchema>;

/** A guest's own request of a service. */
export const guestRequestSchema = z.object({
  id: z.string(),
  service_id: z.string().nullable(),
  service_name: z.string(),
  quantity: z.number().int(),
  service_date: z.string().nullable(),
  service_time: z.string().nullable(),
  total: z.number().int(),
  currency: z.string(),
  status: serviceRequestStatusSchema,
  payment_mode: servicePaymentModeSchema,
  /** open, authorized, paid, rejected, expired… of its newest Checkout; null: none. */
  payment_status: z.string().nullable(),
  /** Whether the guest can (still) pay online now: the pay button. */
  can_pay: z.boolean(),
  created_at: z.string(),
});
export type GuestRequest = z.infer<typeof guestRequestSchema>;

/** GET /api/guest/store/{propiedad_id}/{checkin_id}: what the services page offers. */
export const guestStoreSchema = z.discriminatedUnion('mode', [
  /** The store is off, or the plan has no cross-selling: the page shows only what the property includes. */
  z.object({ mode: z.literal('none') }),
  /** spec 3 external store: the operator's message (≤ 200 characters) and the link. */
  z.object({ mode: z.literal('external'), message: z.string(), url: z.string() }),
  z.object({
    mode: z.literal('internal'),
    services: z.array(guestServiceSchema),
    requests: z.array(guestRequestSchema),
    /** Online payment is possible (the operator's payments account is approved). */
    pays_online: z.boolean(),
  }),
]);
export type GuestStore = z.infer<typeof guestStoreSchema>;

/** GET /api/guest/store/{propiedad_id}/featured: the property's public offers for the done step. */
export const guestFeaturedSchema = z.object({ services: z.array(guestServiceSchema) });
export type GuestFeatured = z.infer<typeof guestFeaturedSchema>;

/** GET /api/guest/store/{propiedad_id}/{checkin_id}/services/{service_id}. */
export const guestServiceDetailSchema = z.object({
  service: guestServiceSchema,
  requests: z.array(guestRequestSchema),
  pays_online: z.boolean(),
  /** The stay's dates: a service date must fall within them. */
  start_date: z.string(),
  end_date: z.string(),
});
export type GuestServiceDetail = z.infer<typeof guestServiceDetailSchema>;

/** POST …/services/{service_id}/requests: what the guest asks for. */
export const guestRequestBody = z.object({
  /** Units, persons, days or hours by price type (1 for a group). */
  quantity: z
    .number()
    .int()
    .min(1, 'experiences.quantity_invalid')
    .max(SERVICE_QUANTITY_MAX, 'experiences.quantity_invalid'),
  /** Within the stay (arrival to departure). */
  service_date: isoDate('experiences.date_invalid'),
  service_time: z
    .union([z.literal(''), text({ max: 5 }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'experiences.time_invalid')])
    .default(''),
  notes: multilineText(500, { trim: true }).default(''),
  /** es, en or ar: the language the guest reads the page in (messages about the request follow it). */
  language: z.enum(['es', 'en', 'ar']).default('es'),
});
export type GuestRequestBody = z.input<typeof guestRequestBody>;

/** The answer of a new request or a new payment: where to send the guest to pay, if anywhere. */
export const guestRequestAnswer = z.object({
  request: guestRequestSchema,
  checkout_url: z.string().nullable(),
});
export type GuestRequestAnswer = z.infer<typeof guestRequestAnswer>;
