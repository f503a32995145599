import { z } from 'zod';
import { isoDate, money } from './booking-fields.ts';
import { email, multilineText, text, uuid } from './primitives.ts';

/**
 * The direct-booking website (issue 15; spec 1 function 3, 3 Direct-booking settings, 5 discount, 7
 * POST /calculate-apartment-price): the operator's settings, the public site at /book/{slug} and a web
 * booking. Money in minor units of the property's currency (COP for Colombia, spec 9).
 */
export const directBookingPaymentTypes = ['on_arrival', 'online'] as const;
export type DirectBookingPaymentType = (typeof directBookingPaymentTypes)[number];
export const discountTypes = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof discountTypes)[number];

/** One unit sold on the website: an apartment or villa (the property), or a hotel's room type. */
export const webUnitSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  kind: z.enum(['property', 'room_type']),
  name: z.string(),
  property_name: z.string(),
  web_reservation_active: z.boolean(),
});
export type WebUnit = z.infer<typeof webUnitSchema>;

/** GET /api/direct-booking/settings. */
export const directBookingSettingsSchema = z.object({
  enable_web_reservations: z.boolean(),
  payment_type: z.enum(directBookingPaymentTypes),
  /** Online payment needs Stripe configured and an approved payments account (issue 16). */
  online_payments_ready: z.boolean(),
  /** What online payment still needs: Stripe on the platform, a payments account, its approval; null when ready. */
  online_payments_missing: z
    .enum(['not_configured', 'no_payments_account', 'account_not_approved'])
    .nullable()
    .optional(),
  discount_enabled: z.boolean(),
  discount_type: z.enum(discountTypes),
  /** percentage: 1 to 100; fixed: minor units. */
  discount_value: z.number().int(),
  slug: z.string(),
  /** The public website's address (absolute). */
  url: z.string(),
  units: z.array(webUnitSchema),
  /** spec 6: channels and web booking need an active plan. */
  plan_active: z.boolean(),
});
export type DirectBookingSettings = z.infer<typeof directBookingSettingsSchema>;

/** PUT /api/direct-booking/settings: any of the fields; spec 5 'a percentage must be between 1 and 100'. */
export const updateDirectBookingSettingsBody = z
  .object({
    enable_web_reservations: z.boolean().optional(),
    payment_type: z.enum(directBookingPaymentTypes).optional(),
    discount_enabled: z.boolean().optional(),
    discount_type: z.enum(discountTypes).optional(),
    discount_value: z.number().int().min(0).max(100_000_000).optional(),
  })
  .refine(
    (b) =>
      !b.discount_enabled ||
      b.discount_type !== 'percentage' ||
      b.discount_value === undefined ||
      (b.discount_value >= 1 && b.discount_value <= 100),
    { path: ['discount_value'], message: 'direct_booking.discount_percentage' },
  )
  .refine((b) => !b.discount_enabled || b.discount_type !== 'fixed' || (b.discount_value ?? 1) >= 1, {
    path: ['discount_value'],
    message: 'direct_booking.discount_fixed',
  });
export type UpdateDirectBookingSettingsBody = z.input<typeof updateDirectBookingSettingsBody>;

/** PUT /api/direct-booking/units/{unitId}: one unit's web_reservation_active. */
export const setWebUnitBody = z.object({ web_reservation_active: z.boolean() });

/** POST /api/calculate-apartment-price (spec 7), also public for the website. */
export const calculatePriceBody = z
  .object({
    start_date: isoDate,
    end_date: isoDate,
    property_id: uuid('validation.required'),
    /** Hotels: the room type quoted. */
    room_type_id: uuid().nullable().optional(),
    guests: z.number().int().min(1).max(500).optional(),
  })
  .refine((b) => b.end_date > b.start_date, {
    path: ['end_date'],
    message: 'booking.departure_after_arrival',
  });
export type CalculatePriceBody = z.input<typeof calculatePriceBody>;

export const priceQuoteSchema = z.object({
  /** spec 7: the three answered fields. */
  total_price: money,
  price_per_night: money,
  currency: z.string(),
  nights: z.number().int(),
  /** Before the discount. */
  subtotal: money,
  discount: money,
  /** Why it cannot be booked (closed, minimum stay, taken), or null. */
  unavailable: z.string().nullable(),
  min_stay: z.number().int(),
});
export type PriceQuote = z.infer<typeof priceQuoteSchema>;

/** A property as the public website shows it. */
export const publicPropertySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  description: z.string(),
  photos: z.array(z.string()),
  services: z.array(z.string()),
  policies: z.string(),
  checkin_time: z.string(),
  checkout_time: z.string(),
  guests: z.number().int(),
  bedrooms: z.number().int(),
  bathrooms: z.number().int(),
  currency: z.string(),
  /** The lowest night price of the next months, or null when none is set. */
  price_from: money.nullable(),
  /** Hotels: the room types on sale; empty for apartments and villas. */
  room_types: z.array(
    z.object({ id: z.string(), name: z.string(), capacity: z.number().int(), price_from: money.nullable() }),
  ),
});
export type PublicProperty = z.infer<typeof publicPropertySchema>;

/** GET /api/public/book/{slug}?lang=: the account's website (404 when web booking is off). */
export const publicSiteSchema = z.object({
  slug: z.string(),
  business_name: z.string(),
  logo: z.string().nullable(),
  payment_type: z.enum(directBookingPaymentTypes),
  discount: z.object({ type: z.enum(discountTypes), value: z.number().int() }).nullable(),
  properties: z.array(publicPropertySchema),
});
export type PublicSite = z.infer<typeof publicSiteSchema>;

/** GET /api/public/book/{slug}/{propertyId}/availability?from=&to=&room_type_id=: free nights, prices, minimum stays. */
export const publicAvailabilitySchema = z.object({
  currency: z.string(),
  nights: z.array(
    z.object({
      date: z.string(),
      available: z.boolean(),
      price: money.nullable(),
      min_stay: z.number().int(),
    }),
  ),
});
export type PublicAvailability = z.infer<typeof publicAvailabilitySchema>;

/** POST /api/public/book/{slug}/bookings: a guest's booking (the booking form's rules). */
export const webBookingBody = z
  .object({
    property_id: uuid('validation.required'),
    room_type_id: uuid().nullable().optional(),
    start_date: isoDate,
    end_date: isoDate,
    guests: z.number().int().min(1, 'booking.guests_min').max(500),
    name: text({ max: 120, trim: true }).min(1, 'validation.required'),
    email: email().min(1, 'validation.required'),
    phone: text({ max: 40, trim: true })
      .min(1, 'validation.required')
      .refine((p) => p.replace(/\D/g, '').length >= 5, 'booking.phone_min'),
    notes: multilineText(1000).optional(),
    language: z.enum(['es', 'en', 'ar']).default('es'),
  })
  .refine((b) => b.end_date > b.start_date, {
    path: ['end_date'],
    message: 'booking.departure_after_arrival',
  });
export type WebBookingBody = z.input<typeof webBookingBody>;

export const webBookingAnswerSchema = z.object({
  code: z.string(),
  property_name: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  guests: z.number().int(),
  total_price: money,
  currency: z.string(),
  payment_type: z.enum(directBookingPaymentTypes),
  /** The booking's id: the payment pages poll its status by it (issue 16). */
  booking_id: z.string().optional(),
  /** Paid online in advance: the Checkout page to send the guest to; null when paid on arrival. */
  checkout_url: z.string().nullable().optional(),
  /** When the held nights are let go if the guest has not paid (the Checkout session's expiry). */
  held_until: z.string().nullable().optional(),
});
export type WebBookingAnswer = z.infer<typeof webBookingAnswerSchema>;

/**
 * GET /api/public/book/{slug}/bookings/{bookingId}: a web booking paid online, as its payment pages show
 * it. awaiting_payment: the nights are held while Checkout is open; confirmed: paid and booked;
 * cancelled: the payment expired or failed and the nights were released.
 */
export const webBookingStates = ['awaiting_payment', 'confirmed', 'cancelled'] as const;
export const webBookingStatusSchema = webBookingAnswerSchema.extend({
  state: z.enum(webBookingStates),
  payment_status: z.string(),
});
export type WebBookingStatus = z.infer<typeof webBookingStatusSchema>;

export const directBookingPaths = {
  settings: '/api/direct-booking/settings',
  unit: (unitId: string) => `/api/direct-booking/units/${unitId}`,
  /** spec 7's operator price (the booking modal's): no web discount; answers contracts/availability calculatedPrice. */
  calculatePrice: '/api/calculate-apartment-price',
  /** The website's quote for the operator's preview: any of its properties, with the web discount (priceQuoteSchema). */
  operatorQuote: '/api/direct-booking/quote',
  publicSite: (slug: string) => `/api/public/book/${slug}`,
  publicAvailability: (slug: string, propertyId: string) =>
    `/api/public/book/${slug}/${propertyId}/availability`,
  publicQuote: (slug: string) => `/api/public/book/${slug}/quote`,
  publicBooking: (slug: string) => `/api/public/book/${slug}/bookings`,
  /** A web booking paid online: its state while the guest pays (issue 16). */
  publicBookingStatus: (slug: string, bookingId: string) => `/api/public/book/${slug}/bookings/${bookingId}`,
  /** Checkout's return page (success or cancel) of a booking paid online. */
  paymentPage: (slug: string, bookingId: string) => `/book/${slug}/pago/${bookingId}`,
  /** The pages (web). */
  sitePage: (slug: string) => `/book/${slug}`,
  propertyPage: (slug: string, propertyId: string) => `/book/${slug}/${propertyId}`,
} as const;
