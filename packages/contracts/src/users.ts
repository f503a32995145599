import { z } from 'zod';
import { uuid } from './primitives.ts';

export const locales = ['es', 'en', 'ar'] as const;
export const localeSchema = z.enum(locales);
export type Locale = z.infer<typeof localeSchema>;

/** spec 3 User.tipo_hospedaje */
export const tiposHospedaje = ['apartamento', 'villa', 'hotel', 'camping'] as const;
export const tipoHospedajeSchema = z.enum(tiposHospedaje);
export type TipoHospedaje = z.infer<typeof tipoHospedajeSchema>;

/** spec 3 User.status_subscription */
export const statusSubscriptionSchema = z.enum(['subscribed', 'demo', 'demo_expired']);
export type StatusSubscription = z.infer<typeof statusSubscriptionSchema>;

/** spec 3 Property (the fields the shell needs; issue 3 adds the settings). */
export const propertySummary = z.object({
  id: z.string().uuid(),
  nombre: z.string(),
  logo: z.string().nullable(),
  tipo_propiedad: tipoHospedajeSchema,
  accommodation_units: z.array(z.object({ id: z.string(), web_reservation_active: z.boolean() })),
  botGPT: z.boolean(),
  guests: z.number().int(),
  currency: z.string(),
  /** IANA zone of the property's wall clock: its "today" for forms and reports (issue 28). */
  time_zone: z.string(),
});
export type PropertySummary = z.infer<typeof propertySummary>;

/** spec 3 User, as GET /api/user and POST /api/login answer it. */
export const userSchema = z.object({
  id: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  type: z.enum(['admin', 'empresa']),
  email_verified: z.boolean(),
  locale: localeSchema,
  pais: z.string().nullable(),
  tipo_hospedaje: tipoHospedajeSchema.nullable(),
  plan: z.string().nullable(),
  status_subscription: statusSubscriptionSchema.nullable(),
  quantity: z.number().int(),
  servicios: z.array(z.string()),
  suscription_id_stripe: z.string().nullable(),
  enable_web_reservations: z.boolean(),
  direct_booking_payment_type: z.string().nullable(),
  properties: z.array(propertySummary),
  active_property_id: z.string().uuid().nullable(),
  /** Days left in the free trial (0 when over or not in trial). */
  restaday: z.number().int(),
  paymentfail: z.boolean(),
  /** Admins carry an application tag (spec 3). */
  application: z.string().nullable(),
  legacy: z.boolean(),
  /** Two-factor sign-in with an authenticator app is on (required for admins). */
  two_factor_enabled: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET /api/user/data: the user and the active property. */
export const userDataSchema = z.object({ user: userSchema, property: propertySummary.nullable() });
export type UserData = z.infer<typeof userDataSchema>;

/** null forgets the choice, so an operator with several properties sees the picker again. */
export const setActivePropertyBody = z.object({ property_id: uuid().nullable() });
export type SetActivePropertyBody = z.infer<typeof setActivePropertyBody>;

export const setLocaleBody = z.object({ locale: localeSchema });
export type SetLocaleBody = z.infer<typeof setLocaleBody>;

export const userPaths = {
  user: '/api/user',
  userData: '/api/user/data',
  activeProperty: '/api/user/active-property',
  locale: '/api/user/locale',
} as const;
