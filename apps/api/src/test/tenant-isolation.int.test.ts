import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pollJob, sendJob } from '../modules/authorities/pipeline-shared.ts';
import { checkinSendJob, remindersRingJob } from '../modules/checkins/checkins.jobs.ts';
import { TINY_PNG } from '../modules/guest-checkin/test-support.ts';
import { mailSendJob } from '../modules/mail/mail.service.ts';
import { lockCodesJob } from '../modules/smart-locks/smart-locks.jobs.ts';
import type { ApiRoute } from '../plugins/access.ts';
import { bearer, createAdmin, createEmpresa, loginToken } from './auth-helpers.ts';
import { changedTables, dbSnapshot } from './db-snapshot.ts';
import { settleJobs } from './settle-jobs.ts';
import { buildTestApp, type TestApp, testDbKind } from './test-app.ts';

/**
 * Tenant isolation and access over the whole route table (issue 11, item 3). Two empresa accounts A and
 * B hold the same kinds of data, created through the API. Every route must be classified below: how to
 * fill its path parameters and the ids its body or query carries with one account's ids. Then, for each
 * route that takes an id, B calling with A's ids answers 404 and changes no row, and A calling with the
 * same ids does not answer 404 (so the ids were real). Every protected route refuses a missing or revoked
 * token, admin routes refuse empresa tokens and business routes refuse admin tokens.
 */

const idKinds = [
  'user',
  'session',
  'property',
  'hotel',
  'roomType',
  'bookedRoom',
  'freeRoom',
  'rate',
  'image',
  'booking',
  'hotelBooking',
  'cancelBooking',
  'closedDate',
  'checkin',
  'manualCheckin',
  'guest',
  'reminder',
  'notification',
] as const;
type IdKind = (typeof idKinds)[number];
type Ids = Record<IdKind, string>;

interface Built {
  query?: Record<string, string>;
  payload?: object | Buffer;
  headers?: Record<string, string>;
}

/** A route that takes one or more of the tenant's ids. */
interface TenantCase {
  params?: Record<string, IdKind>;
  /** Query, body or headers built from one account's ids (the ids it reads are the ids the route takes). */
  build?: (ids: Ids) => Built;
}
/** A route that takes no tenant id: only its access is checked here. `path` fills its path parameters. */
interface NoIdCase {
  none: string;
  path?: Record<string, string>;
}
type Case = TenantCase | NoIdCase;

const none = (why: string, path?: Record<string, string>): NoIdCase => ({ none: why, path });
const body = (build: (ids: Ids) => object) => (ids: Ids) => ({ payload: build(ids) });
const query = (build: (ids: Ids) => Record<string, string>) => (ids: Ids) => ({ query: build(ids) });

const pngBytes = Buffer.from(TINY_PNG.slice(TINY_PNG.indexOf(',') + 1), 'base64');
function multipartPng(): Built {
  const boundary = 'posadaisolation';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      pngBytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const manualGuest = {
  first_name: 'Marta',
  last_name: 'Gómez Ruiz',
  gender: 'female',
  birth_date: '1985-04-12',
  phone: '+34 611 222 333',
  email: 'marta@example.com',
  document_type: 'dni',
  document_number: '12345678Z',
  issue_date: '2020-01-15',
  expiry_date: '2030-01-15',
  support_number: 'ABC123456',
  nationality: 'ESP',
  country: 'ES',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postal_code: '28013',
  residence_country: 'ES',
  payment_method: 'cash',
  payment_date: '2026-11-20',
  minors: false,
  kinship: null,
  signature: '',
  process: 'operator_manual',
};

const bookingFields = {
  name: 'Lucía Pérez',
  email: 'lucia@example.com',
  phone: '+34 600 123 456',
  number_of_guests: 2,
  price: 30_000,
};

const settings = (section: string, payload: object): [string, Case] => [
  `PUT /api/properties/:id/settings/${section}`,
  { params: { id: 'property' }, build: () => ({ payload }) },
];

/**
 * Every /api route, by `METHOD url`. A route missing here, or listed here but gone from the app, fails the
 * suite: classify it (which ids it takes, or why it takes none) when you add it.
 */
const cases: Record<string, Case> = {
  'GET /api/health': none('public'),
  'POST /api/register': none('public'),
  'POST /api/auth/email-confirmation': none('public, a link token'),
  'POST /api/auth/email-confirmation/resend': none('public'),
  'POST /api/login': none('public'),
  'POST /api/logout': none("the caller's own session"),
  'POST /api/auth/password-reset': none('public'),
  'POST /api/auth/password-reset/confirm': none('public, a link token'),
  'POST /api/auth/sign-in-link': none('public: the same answer for any e-mail'),
  'POST /api/auth/sign-in-link/confirm': none('public, a link token'),
  'GET /api/auth/providers': none('public'),
  'GET /api/auth/:provider/redirect': none('public, a provider name', { provider: 'google' }),
  'POST /api/auth/:provider/callback': none('public, a provider name', { provider: 'google' }),
  'POST /api/login/two-factor': none('public, a sign-in challenge'),
  'GET /api/user': none("the caller's own user"),
  'GET /api/user/data': none("the caller's own user"),
  'PUT /api/user/active-property': { build: body((i) => ({ property_id: i.property })) },
  'PUT /api/user/locale': none("the caller's own user"),
  'PUT /api/user/profile': none("the caller's own user"),
  'PUT /api/user/password': none("the caller's own user"),
  'GET /api/user/sessions': none("the caller's own sessions"),
  'DELETE /api/user/sessions': none("the caller's own other sessions"),
  'DELETE /api/user/sessions/:id': { params: { id: 'session' } },
  'GET /api/user/two-factor': none("the caller's own user"),
  'POST /api/user/two-factor/setup': none("the caller's own user"),
  'POST /api/user/two-factor/confirm': none("the caller's own user"),
  'POST /api/user/two-factor/disable': none("the caller's own user"),
  'GET /api/admin/summary': none('platform-wide, admins only'),
  'GET /api/admin/users': none('platform-wide, admins only'),
  'GET /api/admin/advisors': none('platform-wide, admins only'),
  'POST /api/admin/advisors': none('platform-wide, admins only'),
  'PATCH /api/admin/advisors/:id': none('advisors belong to the platform, not to a tenant; admins only', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/admin/audit': none('platform-wide audit log, admins only'),
  'GET /api/admin/prices': none('the platform price list, admins only'),
  'POST /api/admin/prices': none('the platform price list, admins only'),
  'GET /api/admin/coupons': none('platform coupons, admins only'),
  'POST /api/admin/coupons': none('platform coupons, admins only'),
  'PATCH /api/admin/coupons/:id': none('coupons belong to the platform, not to a tenant; admins only', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/admin/payments': none('platform-wide, admins only'),
  'GET /api/admin/accounts': none('platform-wide, admins only'),
  'GET /api/admin/accounts/:id': none('the admin reads any account by design; admins only', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'PATCH /api/admin/accounts/:id': none('the admin changes any account by design; admins only', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/admin/users/:userId/information': none('the admin reads any user by design; admins only', {
    userId: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/admin/users/:userId/retrive-checkins': none('the admin reads any user by design; admins only', {
    userId: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/admin/users/:userId/retrive-checkins-pending': none(
    'the admin reads any user by design; admins only',
    { userId: '00000000-0000-4000-8000-000000000000' },
  ),
  // Issue 26: guests' messages no account could be found for (docs/messaging.md, Unrouted messages).
  'GET /api/admin/inbox/unrouted': none('messages no account owns yet: platform-wide, admins only'),
  'POST /api/admin/inbox/unrouted/:id/assign': none(
    'the admin moves a message no account owns into any account by design; admins only',
    { id: '00000000-0000-4000-8000-000000000000' },
  ),
  'GET /api/files/:name': none('public: logos shown on guest pages, random unguessable names', {
    name: 'nope.png',
  }),
  'GET /api/properties': none("lists the caller's account"),
  'POST /api/properties': none('creates in the caller’s account'),
  'POST /api/properties/logo': none('an upload, no id'),
  'POST /api/properties/description/generate': none('no id'),
  'GET /api/get-property': { build: query((i) => ({ id: i.property })) },
  'POST /api/propiedad': none('public: what a guest may see of a property (the property QR)'),
  'POST /api/retrive-properties': { build: body((i) => ({ user_id: i.user })) },
  'GET /api/count-checkin-property/:id': { params: { id: 'property' } },
  'GET /api/properties/:id/settings': { params: { id: 'property' } },
  ...Object.fromEntries([
    settings('name-property', { nombre: 'Casa Azul del Puerto', internal_name: 'Azul 1' }),
    settings('location-property', { pais: 'ES', address: 'Calle Larga 3', city: 'Cádiz', zip_code: '11001' }),
    settings('services-property', { services: ['wifi', 'parking'] }),
    settings('capacity-property', { guests: 5, bedrooms: 2, bathrooms: 2 }),
    settings('price-property', { price_night: 11_050, currency: 'EUR' }),
    settings('description-property', { description: { es: 'Casa junto al puerto.', en: '', ar: '' } }),
    settings('accommodation-policies', {
      policies: { es: 'Entrada a partir de las 14:00.', en: '', ar: '' },
    }),
    settings('welcome-accommodation', { welcome: { es: '¡Bienvenido!', en: 'Welcome!', ar: 'مرحبًا' } }),
    settings('region-accommodation', { region: 'ES' }),
    settings('seguridad-property', { security_code: 'AB12cd' }),
    settings('notifications', { whatsapp: true, email: true, sms: false }),
    settings('data-basic-accommodation', { active: true }),
    settings('guest-reviews', { enabled: true, review_url: 'https://g.page/r/casa-azul/review' }),
    settings('identity-verification', { enabled: true }),
    settings('page-chat-bot-ia', { enabled: true }),
    settings('cross-selling-property', { enabled: true, type: 'internal', external_message: 'Excursiones' }),
    settings('authorities', {
      entity: 'guardia_civil',
      user: 'H12345678',
      password: 'Clave-Policial-2026',
      establishment_code: '0000001234',
      landlord_code: '0000000998',
    }),
    settings('smart-locks', {
      enabled: true,
      delivery_time: 'arrival_day',
      key_type: 'static',
      master_code: '4821#',
    }),
    settings('checkin-programming', { schedule: '48h' }),
  ]),
  // Every known section has its own route above; this one only answers 400 for an unknown section.
  'PUT /api/properties/:id/settings/:section': none('shadowed by the section routes (unknown section: 400)', {
    id: '00000000-0000-4000-8000-000000000000',
    section: 'nope',
  }),
  'GET /api/properties/:id/room-types': { params: { id: 'hotel' } },
  'POST /api/properties/:id/room-types': {
    params: { id: 'hotel' },
    build: body(() => ({ name: 'Suite', adults: 2 })),
  },
  'PUT /api/properties/:id/room-types/:typeId': {
    params: { id: 'hotel', typeId: 'roomType' },
    build: body(() => ({ name: 'Doble', adults: 2 })),
  },
  'DELETE /api/properties/:id/room-types/:typeId': { params: { id: 'hotel', typeId: 'roomType' } },
  'GET /api/properties/:id/rooms': { params: { id: 'hotel' } },
  'PUT /api/properties/:id/rooms': {
    params: { id: 'hotel' },
    build: body((i) => ({
      rooms: [
        { id: i.bookedRoom, room_type_id: i.roomType, name: '101' },
        { id: i.freeRoom, room_type_id: i.roomType, name: '102' },
      ],
    })),
  },
  'PATCH /api/properties/:id/rooms/:roomId/status': {
    params: { id: 'hotel', roomId: 'freeRoom' },
    build: body(() => ({ status: 'available' })),
  },
  'GET /api/properties/:id/rates': { params: { id: 'hotel' } },
  'POST /api/properties/:id/rates': {
    params: { id: 'hotel' },
    build: body((i) => ({ name: 'Doble', occupancy: 2, price: 9_000, room_type_id: i.roomType })),
  },
  'PUT /api/properties/:id/rates/:rateId': {
    params: { id: 'hotel', rateId: 'rate' },
    build: body((i) => ({ name: 'Doble', occupancy: 2, price: 9_500, room_type_id: i.roomType })),
  },
  'DELETE /api/properties/:id/rates/:rateId': { params: { id: 'hotel', rateId: 'rate' } },
  'GET /api/properties/:id/images': { params: { id: 'property' } },
  'POST /api/properties/:id/images': { params: { id: 'property' }, build: () => multipartPng() },
  'DELETE /api/properties/:id/images/:imageId': { params: { id: 'property', imageId: 'image' } },
  'PUT /api/properties/:id/images/:imageId/main': { params: { id: 'property', imageId: 'image' } },
  'POST /api/create/new-booking': {
    build: body((i) => ({
      ...bookingFields,
      property_id: i.property,
      start_date: '2027-01-05',
      end_date: '2027-01-07',
    })),
  },
  'PUT /api/update/booking/:id': {
    params: { id: 'booking' },
    build: body((i) => ({
      ...bookingFields,
      id: i.booking,
      property_id: i.property,
      start_date: '2026-12-01',
      end_date: '2026-12-04',
      notes: 'Llega tarde',
      original_property_id: i.property,
      original_start_date: '2026-12-01',
      original_end_date: '2026-12-04',
    })),
  },
  'POST /api/booking/cancelled': { build: body((i) => ({ booking_id: i.cancelBooking })) },
  'POST /api/calculate-apartment-price': {
    build: body((i) => ({ property_id: i.property, start_date: '2027-01-10', end_date: '2027-01-12' })),
  },
  'GET /api/bookings': { build: query((i) => ({ property_id: i.property })) },
  'POST /api/bookings/availability': {
    build: body((i) => ({
      property_id: i.hotel,
      room_type_id: i.roomType,
      start_date: '2027-01-10',
      end_date: '2027-01-12',
    })),
  },
  'GET /api/bookings/:id': { params: { id: 'booking' } },
  'PUT /api/bookings/:id/paused': { params: { id: 'booking' }, build: body(() => ({ paused: true })) },
  'PUT /api/bookings/:id/payment-status': {
    params: { id: 'booking' },
    build: body(() => ({ payment_status: 'paid' })),
  },
  'PUT /api/bookings/:id/room': {
    params: { id: 'hotelBooking' },
    build: body((i) => ({ from_room_id: i.bookedRoom, to_room_id: i.freeRoom })),
  },
  'POST /api/closed-dates': {
    build: body((i) => ({
      property_id: i.hotel,
      room_id: i.freeRoom,
      start_date: '2027-02-01',
      end_date: '2027-02-03',
      reason: 'Pintura',
    })),
  },
  'PUT /api/closed-dates/:id': {
    params: { id: 'closedDate' },
    build: body((i) => ({
      property_id: i.property,
      start_date: '2026-12-20',
      end_date: '2026-12-23',
      reason: 'Obras',
    })),
  },
  'DELETE /api/closed-dates/:id': { params: { id: 'closedDate' } },
  'PUT /api/night-prices': {
    build: body((i) => ({
      property_id: i.hotel,
      room_type_id: i.roomType,
      start_date: '2027-03-01',
      end_date: '2027-03-05',
      price: 12_000,
      min_stay: 2,
    })),
  },
  'GET /api/bookings/import/template': none("the template lists the caller's own properties"),
  'POST /api/bookings/import': none("rows name the caller's own properties by name"),
  'GET /api/calendar': {
    build: query((i) => ({ from: '2026-12-01', to: '2026-12-31', property_ids: i.property })),
  },
  'GET /api/dashboard': { build: query((i) => ({ property_id: i.property })) },
  'GET /api/integrations': none("the installation's outside services, the same for every account"),
  'GET /api/checkins': { build: query((i) => ({ property_id: i.property })) },
  'GET /api/checkins/history': { build: query((i) => ({ property_id: i.property })) },
  'POST /api/information/data/checkin': { build: body((i) => ({ id: i.checkin })) },
  'GET /api/checkins/:id/guests/:guestId/registration.pdf': {
    params: { id: 'manualCheckin', guestId: 'guest' },
  },
  'PUT /api/checkins/:id/keys': { params: { id: 'checkin' }, build: body(() => ({ delivered: true })) },
  'GET /api/checkins/:id/access-code': { params: { id: 'checkin' } },
  'POST /api/checkins/:id/access-code/release': {
    params: { id: 'checkin' },
    build: body(() => ({ reason: 'The guest called from the door' })),
  },
  'GET /api/checkins/:id/registration': { params: { id: 'checkin' } },
  'POST /api/checkins/:id/registration': {
    params: { id: 'checkin' },
    build: body(() => ({ correction: false })),
  },
  'POST /api/checkins/registration-states': { build: body((i) => ({ checkin_ids: [i.checkin] })) },
  'GET /api/registrations': { build: query((i) => ({ property_id: i.property })) },
  'GET /api/registrations/export.csv': { build: query((i) => ({ property_id: i.property })) },
  'GET /api/registrations/alerts': none("the caller's own registrations"),
  'POST /api/properties/:id/authorities/test': { params: { id: 'property' } },
  'GET /api/police-files': { build: query((i) => ({ property_id: i.property })) },
  'POST /api/properties/:id/police-files': { params: { id: 'property' }, build: body(() => ({})) },
  // Police files need Mossos registrations behind them: authorities.int.test.ts proves another account gets 404.
  'GET /api/police-files/:id/download': none('a police file id (authorities.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/police-files/:id/uploaded': none('a police file id (authorities.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/smart-locks/accounts': none("the caller's own vendor accounts"),
  'POST /api/smart-locks/accounts': none('a new vendor account of the caller'),
  // Lock account ids need a vendor behind them: smart-locks.int.test.ts proves another account gets 404.
  'DELETE /api/smart-locks/accounts/:id': none('a lock account id (smart-locks.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/smart-locks/accounts/:id/locks': none('a lock account id (smart-locks.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/properties/:id/smart-locks': { params: { id: 'property' } },
  'PUT /api/properties/:id/smart-locks/assignment': {
    params: { id: 'property' },
    build: body(() => ({ lock_account_id: '00000000-0000-4000-8000-000000000000', remote_lock_id: '1' })),
  },
  'DELETE /api/properties/:id/smart-locks/assignment': { params: { id: 'property' } },
  'GET /api/properties/:id/review-settings': { params: { id: 'property' } },
  'PUT /api/properties/:id/review-settings': {
    params: { id: 'property' },
    build: body(() => ({ send_hour: 10, delay_days: 1, scale: 5 })),
  },
  'GET /api/properties/:id/reviews/report': { params: { id: 'property' } },
  'GET /api/public/reviews/:token': none(
    "public: a sent review request's own unguessable token; any other is 404 (reviews int test)",
    { token: 'AAAAAAAAAAAAAAAAAAAAAA' },
  ),
  'POST /api/public/reviews/:token': none(
    "public: a sent review request's own unguessable token; any other is 404 (reviews int test)",
    { token: 'AAAAAAAAAAAAAAAAAAAAAA' },
  ),
  'GET /api/broadcasts/setup': none("the caller's own sender, limit and templates"),
  'GET /api/broadcasts': none("the caller's own mass messages"),
  'POST /api/broadcasts/recipients': {
    build: body((i) => ({
      property_ids: [i.property],
      stay_from: '2026-01-01',
      stay_to: '2027-12-31',
      statuses: ['booked'],
    })),
  },
  'POST /api/broadcasts/preview': {
    build: body((i) => ({
      template_id: '00000000-0000-4000-8000-000000000000',
      property_ids: [i.property],
      stay_from: '2026-01-01',
      stay_to: '2027-12-31',
      statuses: ['booked'],
    })),
  },
  'POST /api/broadcasts': {
    build: body((i) => ({
      template_id: '00000000-0000-4000-8000-000000000000',
      property_ids: [i.property],
      stay_from: '2026-01-01',
      stay_to: '2027-12-31',
      statuses: ['booked'],
    })),
  },
  // Broadcasts need a WhatsApp sender behind them: broadcasts.int.test.ts proves another account gets 404.
  'GET /api/broadcasts/:id': none('a broadcast id (broadcasts.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/broadcasts/:id/cancel': none('a broadcast id (broadcasts.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  // The experiences store is premium only (these accounts are in trial: 403 for both); services.int.test.ts
  // and providers.int.test.ts prove another account's service, provider, property and provider_id get 404.
  'GET /api/services': none("the caller's own services"),
  'POST /api/services': none('a property and provider id in the body (services.int.test.ts)'),
  'GET /api/services/:id': none('a service id (services.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'PUT /api/services/:id': none('a service id (services.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'DELETE /api/services/:id': none('a service id (services.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/services/:id/active': none('a service id (services.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/services/:id/photos': none('a service id (services.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'PUT /api/services/:id/photos/order': none('a service id (services.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'DELETE /api/services/:id/photos/:index': none('a service id (services.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
    index: '0',
  }),
  'GET /api/upselling/providers': none("the caller's own providers"),
  'POST /api/upselling/providers': none('a new provider of the caller'),
  'PUT /api/upselling/providers/:id': none('a provider id (providers.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'DELETE /api/upselling/providers/:id': none('a provider id (providers.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  // requests.int.test.ts proves another account's request gets 404 and stays unchanged.
  'GET /api/upselling/requests': none("the caller's own requests"),
  'GET /api/upselling/requests/:id': none('a request id (requests.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/upselling/requests/:id/approve': none('a request id (requests.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/upselling/requests/:id/reject': none('a request id (requests.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/upselling/requests/:id/confirm-payment': none('a request id (requests.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'DELETE /api/upselling/requests/:id': none('a request id (requests.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  // upsell.int.test.ts and reports.int.test.ts prove another account's property (path or property_id) gets 404.
  'GET /api/upselling/config/:propertyId': none('a property id (upsell.int.test.ts)', {
    propertyId: '00000000-0000-4000-8000-000000000000',
  }),
  'PUT /api/upselling/config/:propertyId': none('a property id (upsell.int.test.ts)', {
    propertyId: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/upselling/reports': none(
    "the caller's own requests; a property_id in the query (reports.int.test.ts)",
  ),
  'GET /api/upselling/reports.csv': none(
    "the caller's own requests; a property_id in the query (reports.int.test.ts)",
  ),
  // The concierge's knowledge admin (docs/concierge.md): knowledge.int.test.ts proves another account's
  // property and question get 404 on every route; the property routes are checked here too.
  'GET /api/concierge/:propertyId/questions': { params: { propertyId: 'property' } },
  'POST /api/concierge/:propertyId/questions': {
    params: { propertyId: 'property' },
    build: body(() => ({ question: { es: '¿Hay toallas?' }, answer: { es: 'Sí.' } })),
  },
  'PUT /api/concierge/:propertyId/questions/:id': none('a question id (knowledge.int.test.ts)', {
    propertyId: '00000000-0000-4000-8000-000000000000',
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'DELETE /api/concierge/:propertyId/questions/:id': none('a question id (knowledge.int.test.ts)', {
    propertyId: '00000000-0000-4000-8000-000000000000',
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/concierge/:propertyId/questions/:id/image': none('a question id (knowledge.int.test.ts)', {
    propertyId: '00000000-0000-4000-8000-000000000000',
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'DELETE /api/concierge/:propertyId/questions/:id/image': none('a question id (knowledge.int.test.ts)', {
    propertyId: '00000000-0000-4000-8000-000000000000',
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/concierge/:propertyId/settings': { params: { propertyId: 'property' } },
  'PUT /api/concierge/:propertyId/settings': {
    params: { propertyId: 'property' },
    build: body(() => ({
      allowed_actions: ['handover'],
      share_wifi: false,
      access_instructions: {},
      share_access: false,
      late_checkout_until: '13:00',
      late_checkout_price: 0,
      early_checkin_from: '12:00',
      early_checkin_price: 0,
    })),
  },
  'GET /api/concierge/:propertyId/status': { params: { propertyId: 'property' } },
  'POST /api/concierge/:propertyId/preview': {
    params: { propertyId: 'property' },
    build: body(() => ({ message: '¿A qué hora es el check-in?' })),
  },
  // Bot chats (docs/concierge.md, Bot chats): a chat and its thread are opened by a guest's WhatsApp message;
  // chats.int.test.ts proves another account's chat and thread answer 404 and change nothing.
  'GET /api/retrieve-list-chat-bot': { build: query((i) => ({ property_id: i.property })) },
  'POST /api/mark-as-read': { build: body((i) => ({ property_id: i.property, checkin_id: i.checkin })) },
  'PUT /api/mark-all-as-read': { build: body((i) => ({ property_id: i.property })) },
  'GET /api/concierge/chats/:id': none('a bot chat id (chats.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/concierge/threads/:threadId': none('an inbox thread id (chats.int.test.ts)', {
    threadId: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/concierge/threads/:threadId/take-over': none('an inbox thread id (chats.int.test.ts)', {
    threadId: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/concierge/threads/:threadId/hand-back': none('an inbox thread id (chats.int.test.ts)', {
    threadId: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/billing/details': none("the caller's own billing data"),
  'PUT /api/billing/details': none("the caller's own billing data"),
  'GET /api/billing/invoices': none("the caller's own invoices"),
  // Invoices are issued from Stripe's invoice.paid: billing.int.test.ts proves another account's id gets 404.
  'GET /api/billing/invoices/:id/pdf': none('an invoice id (billing.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/balance/consumo': none("the caller's own check-ins"),
  'GET /api/retrive-pricing': none('public: the price list'),
  'POST /api/webhooks/stripe': none(
    'public: signed by Stripe (Stripe-Signature); the account comes from the event, never from the caller',
  ),
  // The caller's own WhatsApp connection (docs/messaging.md Connection); quick replies are the account's own:
  // whatsapp.int.test.ts proves another account's quick reply answers 404 and is left unchanged.
  'GET /api/whatsapp/account': none("the caller's own WhatsApp connection"),
  'GET /api/whatsapp/embedded-signup/start': none("the caller's own WhatsApp connection"),
  'POST /api/whatsapp/embedded-signup': none(
    "the caller's own WhatsApp connection (the state is bound to it)",
  ),
  'POST /api/whatsapp/shared': none("the caller's own WhatsApp connection"),
  'POST /api/whatsapp/disconnect': none("the caller's own WhatsApp connection"),
  'GET /api/whatsapp/templates': none("the caller's own templates"),
  'POST /api/whatsapp/templates/sync': none("the caller's own templates"),
  'GET /api/whatsapp/quick-replies': none("the caller's own quick replies"),
  'POST /api/whatsapp/quick-replies': none("the caller's own quick replies"),
  'PUT /api/whatsapp/quick-replies/:id': none('a quick reply id (whatsapp.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'DELETE /api/whatsapp/quick-replies/:id': none('a quick reply id (whatsapp.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/webhooks/whatsapp': none("public: Meta's handshake (hub.verify_token); no account's data"),
  'POST /api/webhooks/whatsapp': none(
    'public: signed by Meta (X-Hub-Signature-256); the account comes from the phone number id, never from the caller',
  ),
  'POST /api/webhooks/email-inbound': none(
    'public: INBOUND_EMAIL_SECRET; the thread comes from the reply address (reply+{thread id}@domain)',
  ),
  'POST /api/webhooks/twilio/status': none(
    "public: signed by Twilio (X-Twilio-Signature over APP_URL + path and every parameter); the record comes from Twilio's message sid, never from the caller",
  ),
  'POST /api/webhooks/twilio/inbound': none(
    "public: signed by Twilio; the account comes from the guest's phone (thread, stay), else the admin's unrouted inbox",
  ),
  // Issue 26, the delivery records (delivery.int.test.ts also proves each 404 changes nothing).
  'GET /api/bookings/:id/messages': { params: { id: 'booking' } },
  'GET /api/checkins/:id/messages': { params: { id: 'checkin' } },
  'POST /api/deliveries/:id/resend': none('a delivery record id (delivery.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/properties/:id/messaging-channels': { params: { id: 'property' } },
  'PUT /api/properties/:id/delivery-preferences': {
    params: { id: 'property' },
    build: () => ({ payload: { preferences: [{ kind: 'door_code', channels: ['email'] }] } }),
  },
  // Threads are opened by a guest's message: inbox.routes.int.test.ts proves another account's thread,
  // message and booking answer 404 and change nothing.
  'GET /api/inbox/threads': { build: query((i) => ({ property_id: i.property })) },
  'GET /api/inbox/unread-count': none("the caller's own threads"),
  'GET /api/inbox/templates': none("the caller's own templates and quick replies"),
  'GET /api/inbox/threads/:id': none('a thread id (inbox.routes.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/inbox/threads/:id/messages': none('a thread id (inbox.routes.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/inbox/threads/:id/messages': none('a thread id (inbox.routes.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/inbox/threads/:id/preview': none('a thread id (inbox.routes.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/inbox/threads/:id/read': none('a thread id (inbox.routes.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'PUT /api/inbox/threads/:id/booking': none('a thread id (inbox.routes.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/inbox/threads/:id/booking-options': none('a thread id (inbox.routes.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/inbox/media/:id': none('a message id (inbox.routes.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/subscription': none("the caller's own subscription"),
  'POST /api/subscription/quote': none("the caller's own subscription"),
  'POST /api/subscription/checkout': none("the caller's own subscription"),
  'POST /api/subscription/preview': none("the caller's own subscription"),
  'PUT /api/subscription': none("the caller's own subscription"),
  'POST /api/subscription/cancel': none("the caller's own subscription"),
  'POST /api/subscription/resume': none("the caller's own subscription"),
  'POST /api/subscription/portal': none("the caller's own subscription"),
  'POST /api/channel-calendars': {
    build: body((i) => ({ property_id: i.property, channel: 'airbnb', url: 'http://127.0.0.1:9/feed.ics' })),
  },
  'GET /api/channel-calendars': { build: query((i) => ({ property_id: i.property })) },
  'GET /api/channel-calendars/alerts': none("the caller's own connections"),
  // Guest payments (issue 16): the account's own payments account; a booking's payments by booking id.
  'GET /api/payments/account': none("the caller's own payments account"),
  'POST /api/payments/account/onboarding-link': none("the caller's own payments account"),
  'POST /api/payments/account/refresh': none("the caller's own payments account"),
  'GET /api/bookings/:bookingId/payments': { params: { bookingId: 'booking' } },
  'POST /api/bookings/:bookingId/payments': {
    params: { bookingId: 'booking' },
    build: body(() => ({ concept: 'Limpieza', amount: 2000 })),
  },
  // Guest payment ids need Stripe (the fake): payments.int.test.ts proves another account gets 404 for each.
  'POST /api/guest-payments/:id/send': none('a guest payment id (payments.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/guest-payments/:id/refund': none('a guest payment id (payments.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/guest-payments/:id/cancel': none('a guest payment id (payments.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  // Connection ids: channels.int.test.ts proves another account gets 404 for each of these.
  'GET /api/channel-calendars/:id': none('a channel calendar id (channels.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'POST /api/channel-calendars/:id/sync': none('a channel calendar id (channels.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'DELETE /api/channel-calendars/:id': none('a channel calendar id (channels.int.test.ts)', {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/properties/:id/ical-export': { params: { id: 'property' } },
  'POST /api/properties/:id/ical-export/rotate': { params: { id: 'property' } },
  'GET /api/properties/:id/rooms/:roomId/ical-export': { params: { id: 'hotel', roomId: 'freeRoom' } },
  'POST /api/properties/:id/rooms/:roomId/ical-export/rotate': {
    params: { id: 'hotel', roomId: 'freeRoom' },
  },
  'PUT /api/checkins/:id/expected-guests': {
    params: { id: 'checkin' },
    build: body(() => ({ expected_guests: 3 })),
  },
  'GET /api/checkins/:id/link': { params: { id: 'checkin' } },
  'POST /api/checkins/send': {
    build: body((i) => ({
      property_id: i.property,
      booking_id: i.booking,
      name: 'Lucía Pérez',
      phone: '+34 600 123 456',
      email: 'lucia@example.com',
      channel: 'qr',
    })),
  },
  'POST /api/checkins/:id/resend': { params: { id: 'checkin' } },
  'POST /api/checkins/manual': {
    build: body((i) => ({
      property_id: i.property,
      start_date: '2026-11-20',
      end_date: '2026-11-22',
      guest: manualGuest,
      accepted_terms: true,
    })),
  },
  'GET /api/retrieve-programmed-checkin': { build: query((i) => ({ booking_id: i.booking })) },
  'GET /api/reminders': none("lists the caller's account"),
  'POST /api/reminders': {
    build: body((i) => ({
      day: '2026-12-01',
      hour: '09:00',
      description: 'Dejar las llaves',
      property_id: i.property,
      booking_id: i.booking,
    })),
  },
  'PUT /api/reminders/:id': {
    params: { id: 'reminder' },
    build: body((i) => ({
      day: '2026-12-02',
      hour: '10:00',
      description: 'Toallas',
      property_id: i.property,
    })),
  },
  'DELETE /api/reminders/:id': { params: { id: 'reminder' } },
  'POST /api/notificatios/list': none("lists the caller's account"),
  'POST /api/notifications/:id/read': { params: { id: 'notification' } },
  'POST /api/notifications/read-all': none("reads the caller's account"),
  'GET /api/notifications/unread-count': none("counts the caller's account"),
  'GET /api/properties/:id/notification-preferences': { params: { id: 'property' } },
  'PUT /api/properties/:id/notification-preferences': {
    params: { id: 'property' },
    build: () => ({ payload: { preferences: [{ kind: 'checkin', email: false, whatsapp: false }] } }),
  },
  'POST /api/guest/checkin/start': none('public: the property QR or a link token'),
  'POST /api/guest/checkin/code': none('the guest session names its check-in (see the guest test)'),
  'POST /api/guest/checkin/verification': none('the guest session names its check-in'),
  'POST /api/guest/checkin/verification/confirm': none('the guest session names its check-in'),
  'GET /api/guest/postal-codes/:code': none('public reference data', { code: '28013' }),
  'POST /api/guest/checkin/guests': none('the guest session names its check-in'),
  'POST /api/guest/checkin/identity': none('the guest session names its check-in'),
  'POST /api/guest/checkin/finish': none('the guest session names its check-in'),
  'GET /api/guest/checkin/:id': none("a guest's check-in id: see the guest session test below", {
    id: '00000000-0000-4000-8000-000000000000',
  }),
  // The guest store (public): only a completed check-in of that very property answers; any other pair is
  // 404 (guest-store.int.test.ts), and a request id of another check-in is 404 too.
  'GET /api/guest/store/:propiedad_id/featured': none(
    "public: a property's own offers for the done step, nothing of a guest (guest-store.int.test.ts)",
    { propiedad_id: '00000000-0000-4000-8000-000000000000' },
  ),
  'GET /api/guest/store/:propiedad_id/:checkin_id': none("public: a completed check-in's own ids", {
    propiedad_id: '00000000-0000-4000-8000-000000000000',
    checkin_id: '00000000-0000-4000-8000-000000000000',
  }),
  'GET /api/guest/store/:propiedad_id/:checkin_id/services/:service_id': none(
    "public: a completed check-in's own ids (guest-store.int.test.ts)",
    {
      propiedad_id: '00000000-0000-4000-8000-000000000000',
      checkin_id: '00000000-0000-4000-8000-000000000000',
      service_id: '00000000-0000-4000-8000-000000000000',
    },
  ),
  'POST /api/guest/store/:propiedad_id/:checkin_id/services/:service_id/requests': none(
    "public: a completed check-in's own ids (guest-store.int.test.ts)",
    {
      propiedad_id: '00000000-0000-4000-8000-000000000000',
      checkin_id: '00000000-0000-4000-8000-000000000000',
      service_id: '00000000-0000-4000-8000-000000000000',
    },
  ),
  'POST /api/guest/store/:propiedad_id/:checkin_id/requests/:request_id/pay': none(
    "public: a completed check-in's own ids (requests.int.test.ts)",
    {
      propiedad_id: '00000000-0000-4000-8000-000000000000',
      checkin_id: '00000000-0000-4000-8000-000000000000',
      request_id: '00000000-0000-4000-8000-000000000000',
    },
  ),
  'GET /api/guest/services/:propiedad_id/:checkin_id': none(
    "public: a completed check-in's own unguessable ids; any other pair is 404 (guest-checkin int test)",
    {
      propiedad_id: '00000000-0000-4000-8000-000000000000',
      checkin_id: '00000000-0000-4000-8000-000000000000',
    },
  ),
  // The direct-booking website (issue 15).
  'GET /api/direct-booking/settings': none("the caller's own account"),
  'PUT /api/direct-booking/settings': none("the caller's own account"),
  'PUT /api/direct-booking/units/:unitId': {
    params: { unitId: 'property' },
    build: body(() => ({ web_reservation_active: true })),
  },
  'POST /api/direct-booking/quote': {
    build: body((i) => ({ property_id: i.property, start_date: '2027-02-01', end_date: '2027-02-03' })),
  },
  'GET /api/public/book/:slug': none('public: the website of a slug, its own account only', { slug: 'nope' }),
  'GET /api/public/book/:slug/:propertyId/availability': none(
    "public: a slug's own units; another account's property is 404 (direct-booking int test)",
    { slug: 'nope', propertyId: '00000000-0000-4000-8000-000000000000' },
  ),
  'POST /api/public/book/:slug/quote': none(
    "public: a slug's own units; another account's property is 404 (direct-booking int test)",
    { slug: 'nope' },
  ),
  'POST /api/public/book/:slug/bookings': none(
    "public: a slug's own units; another account's property is 404 (direct-booking int test)",
    { slug: 'nope' },
  ),
  // Online direct booking and deposits (issue 16).
  'GET /api/public/book/:slug/bookings/:bookingId': none(
    "public: a slug's own web bookings paid online; another account's booking is 404 (direct-booking payment int test)",
    { slug: 'nope', bookingId: '00000000-0000-4000-8000-000000000000' },
  ),
  'POST /api/request-verification-deposit': { build: body((i) => ({ programmed_id: i.checkin })) },
  'POST /api/refund-deposit': { build: body((i) => ({ programmed_id: i.checkin })) },
  'GET /api/deposits': none("the caller's own check-ins; another account's booking_id lists nothing"),
  'PUT /api/deposits/:checkinId': { params: { checkinId: 'checkin' }, build: body(() => ({ amount: 0 })) },
  'POST /api/deposits/:checkinId/capture': {
    params: { checkinId: 'checkin' },
    build: body(() => ({ amount: 100 })),
  },
  'GET /api/guest/checkin/deposit': none('the guest session names its check-in'),
  'POST /api/guest/checkin/deposit/checkout': none('the guest session names its check-in'),
};

const routeKey = (r: Pick<ApiRoute, 'method' | 'url'>) => `${r.method} ${r.url}`;
const pathParams = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

describe(`tenant isolation and access over the route table on ${testDbKind}`, () => {
  let t: TestApp;
  let dataDir: string;
  let routes: ApiRoute[];
  let a: Ids;
  let b: Ids;
  const token = { a: '', b: '', admin: '', revoked: '' };
  /** The `t` of the guest link of A's check-in. */
  let linkA = '';
  let requests = 0;
  /** Attempts with one of A's ids among B's that answered as an unknown id does, other than 404. */
  const sameAsUnknown: string[] = [];

  const send = (method: string, url: string, as: string | null, built: Built = {}) => {
    requests += 1;
    const qs = built.query ? `?${new URLSearchParams(built.query)}` : '';
    return t.app.inject({
      method: method as InjectOptions['method'],
      url: `${url}${qs}`,
      payload: built.payload,
      headers: { 'accept-language': 'en', ...(as ? bearer(as) : {}), ...built.headers },
    });
  };
  /**
   * The snapshot before a request, once the queue workers have finished what earlier calls gave them (the
   * mail worker marks outbox rows sent): only the request itself can change what it is compared with.
   */
  const settledSnapshot = async () => {
    // The owner's previous call may have queued work (mail, links, police registrations, door codes)
    // that the queue runs in the background, and events whose handlers run after its answer (a notice
    // that goes out by e-mail): let both finish, so only B's call can change the snapshot.
    await t.app.eventsIdle();
    for (const job of [mailSendJob, checkinSendJob, sendJob, pollJob, lockCodesJob])
      await t.jobs.drain(job, 30_000, { dueOnly: true });
    // And whatever else came due meanwhile (the delivery sweep's retry of a message writes an e-mail).
    await settleJobs(t);
    return dbSnapshot(t.database);
  };
  const ok = async (res: LightMyRequestResponse, expected = [200, 201]) => {
    expect(expected, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
    return res.json().data;
  };

  /** One account's data of every kind the routes take ids of, created through the API. */
  async function tenant(name: string): Promise<{ ids: Ids; token: string; link: string }> {
    // Room for two properties and whatever the owner's calls create.
    const empresa = await createEmpresa(t, { name, account: { quantity: 5 } });
    const as = await loginToken(t, empresa.email);
    const call = (method: string, url: string, payload?: object | Buffer, headers?: Record<string, string>) =>
      send(method, url, as, { payload, headers });
    const place = { pais: 'ES', address: 'Calle Mayor 1', city: 'Madrid', zip_code: '28013' };
    const description = { es: 'Una casa tranquila.', en: '', ar: '' };
    const property = await ok(
      await call('POST', '/api/properties', {
        tipo: 'apartamento',
        nombre: `${name} Apartamento`,
        ...place,
        guests: 4,
        price_night: 10_000,
        description,
      }),
    );
    const hotel = await ok(
      await call('POST', '/api/properties', {
        tipo: 'hotel',
        nombre: `${name} Hotel`,
        ...place,
        room_type: { name: 'Doble', adults: 2 },
        rooms: [{ name: '101' }, { name: '102' }],
        guests: 4,
        price_night: 9_000,
        description,
      }),
    );
    const roomsData = await ok(await call('GET', `/api/properties/${hotel.id}/rooms`));
    const roomType = roomsData.room_types[0].id as string;
    const rate = await ok(
      await call('POST', `/api/properties/${hotel.id}/rates`, {
        name: 'Doble',
        occupancy: 2,
        price: 9_000,
        room_type_id: roomType,
      }),
    );
    const png = multipartPng();
    const images = await ok(
      await call('POST', `/api/properties/${property.id}/images`, png.payload as Buffer, png.headers),
    );
    const booking = await ok(
      await call('POST', '/api/create/new-booking', {
        ...bookingFields,
        property_id: property.id,
        start_date: '2026-12-01',
        end_date: '2026-12-04',
      }),
    );
    const cancelBooking = await ok(
      await call('POST', '/api/create/new-booking', {
        ...bookingFields,
        property_id: property.id,
        start_date: '2026-12-10',
        end_date: '2026-12-12',
      }),
    );
    const hotelBooking = await ok(
      await call('POST', '/api/create/new-booking', {
        ...bookingFields,
        property_id: hotel.id,
        room_type_id: roomType,
        start_date: '2026-12-01',
        end_date: '2026-12-03',
      }),
    );
    const bookedRoom = hotelBooking.rooms[0].id as string;
    const freeRoom = (roomsData.rooms as { id: string }[]).find((r) => r.id !== bookedRoom)?.id as string;
    const closedDate = await ok(
      await call('POST', '/api/closed-dates', {
        property_id: property.id,
        start_date: '2026-12-20',
        end_date: '2026-12-22',
        reason: 'Obras',
      }),
    );
    const sent = await ok(
      await call('POST', '/api/checkins/send', {
        property_id: property.id,
        name: 'John Smith',
        phone: '+44 7700 900123',
        email: 'john@example.com',
        channel: 'qr',
        start_date: '2026-11-20',
        end_date: '2026-11-23',
        guests: 2,
      }),
    );
    const manual = await ok(
      await call('POST', '/api/checkins/manual', {
        property_id: property.id,
        start_date: '2026-11-20',
        end_date: '2026-11-22',
        guest: manualGuest,
        accepted_terms: true,
      }),
    );
    const reminder = await ok(
      await call('POST', '/api/reminders', {
        day: '2026-11-20',
        hour: '00:00',
        description: `Llamar a ${name}`,
        property_id: property.id,
      }),
    );
    await t.jobs.send(remindersRingJob, {});
    await t.jobs.drain(remindersRingJob);
    const notifications = await ok(await call('POST', '/api/notificatios/list'));
    // A second signed-in device, whose session the owner may revoke.
    const device = await loginToken(t, empresa.email);
    const sessions = await ok(await send('GET', '/api/user/sessions', device));
    const session = sessions.items.find((s: { current: boolean }) => s.current).id as string;
    expect(notifications.length).toBeGreaterThan(0);
    return {
      token: as,
      link: new URL(sent.link.url).searchParams.get('t') as string,
      ids: {
        user: empresa.userId,
        session,
        property: property.id,
        hotel: hotel.id,
        roomType,
        bookedRoom,
        freeRoom,
        rate: rate.id,
        image: images.uploaded[0].id,
        booking: booking.id,
        hotelBooking: hotelBooking.id,
        cancelBooking: cancelBooking.id,
        closedDate: closedDate.id,
        checkin: sent.checkin.id,
        manualCheckin: manual.id,
        guest: manual.guests[0].id,
        reminder: reminder.id,
        notification: notifications[0].id,
      },
    };
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'posada-isolation-'));
    t = await buildTestApp({
      env: { DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000', RATE_LIMIT_PUBLIC_MAX: '1000000' },
    });
    routes = t.app.routeTable;
    const first = await tenant('Casa Norte');
    const second = await tenant('Casa Sur');
    [a, b, token.a, token.b, linkA] = [first.ids, second.ids, first.token, second.token, first.link];
    token.admin = await loginToken(t, (await createAdmin(t)).email);
    const empresa = await createEmpresa(t, { name: 'Casa Revocada' });
    token.revoked = await loginToken(t, empresa.email);
    await ok(await send('POST', '/api/logout', token.revoked));
    // Timeouts here and below leave room for a loaded 2-core machine; an idle one needs a fraction.
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('classifies every route of the table, and lists no route the app no longer has', () => {
    const table = new Set(routes.map(routeKey));
    const unclassified = [...table].filter((key) => !(key in cases));
    const gone = Object.keys(cases).filter((key) => !table.has(key));
    expect(unclassified, 'routes to classify in tenant-isolation.int.test.ts').toEqual([]);
    expect(gone, 'classified routes the app no longer has').toEqual([]);
    for (const route of routes) {
      const c = cases[routeKey(route)] as Case;
      const filled = 'none' in c ? Object.keys(c.path ?? {}) : Object.keys(c.params ?? {});
      expect(filled.sort(), `path parameters of ${routeKey(route)}`).toEqual(pathParams(route.url).sort());
      if (!('none' in c)) expect(['empresa', 'authenticated'], routeKey(route)).toContain(route.access);
    }
  });

  /** The URL of a route for one account's ids (or the fixed values of a route that takes none). */
  const urlFor = (route: ApiRoute, ids: Ids) => {
    const c = cases[routeKey(route)] as Case;
    return route.url.replace(/:(\w+)/g, (_, name: string) =>
      'none' in c ? (c.path?.[name] ?? '') : ids[c.params?.[name] as IdKind],
    );
  };
  const idRoutes = () =>
    routes
      .filter((r) => !('none' in (cases[routeKey(r)] ?? { none: '' })))
      // Deletions last, so A's own calls of the other routes still find what they act on.
      .sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));

  it("answers 404 to another account's ids and changes nothing; the owner's call finds them", async () => {
    const failures: string[] = [];
    for (const route of idRoutes()) {
      const c = cases[routeKey(route)] as TenantCase;
      // Which kinds of id the route reads: its path parameters and what its builder touches.
      const read = new Set<IdKind>(Object.values(c.params ?? {}));
      const recorder = new Proxy(a, {
        get: (target, key: IdKind) => {
          read.add(key);
          return target[key];
        },
      });
      c.build?.(recorder);
      // All of A's ids, then (when it takes several) each of A's ids among B's own.
      const attempts: [string, Ids][] = [['all of A', a]];
      if (read.size > 1) for (const kind of read) attempts.push([`A's ${kind}`, { ...b, [kind]: a[kind] }]);
      for (const [label, ids] of attempts) {
        const before = await settledSnapshot();
        const res = await send(route.method, urlFor(route, ids), token.b, c.build?.(ids));
        const changed = changedTables(before, await dbSnapshot(t.database));
        let refused = res.statusCode === 404 && res.json().ok === false;
        const kind = label.startsWith("A's ") ? (label.slice(4) as IdKind) : null;
        if (!refused && kind && res.statusCode < 500) {
          // One of A's ids among B's own (e.g. A's room type in B's hotel) may be a field error, as long as
          // the answer is the one an id that exists nowhere gets: nothing tells B that A's id exists.
          const unknown = { ...ids, [kind]: crypto.randomUUID() };
          const control = await send(route.method, urlFor(route, unknown), token.b, c.build?.(unknown));
          refused = control.statusCode === res.statusCode && control.json().code === res.json().code;
          if (refused)
            sameAsUnknown.push(
              `${routeKey(route)} with ${label}: ${res.statusCode} ${res.json().code ?? ''}`,
            );
        }
        if (!refused || changed.length > 0) {
          failures.push(
            `${routeKey(route)} as B with ${label}: ${res.statusCode} ${res.body.slice(0, 160)} changed [${changed}]`,
          );
        }
      }
      const own = await send(route.method, urlFor(route, a), token.a, c.build?.(a));
      if (own.statusCode === 404 || own.statusCode >= 500) {
        failures.push(
          `${routeKey(route)} as A with its own ids: ${own.statusCode} ${own.body.slice(0, 160)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('refuses a missing or revoked token on every protected route, and the wrong kind of account', async () => {
    const failures: string[] = [];
    const before = await settledSnapshot();
    for (const route of routes) {
      // A route not classified yet is reported by the first test.
      if (route.access === 'public' || !(routeKey(route) in cases)) continue;
      const url = urlFor(route, a);
      const expectStatus = async (as: string | null, status: number, label: string) => {
        const res = await send(route.method, url, as);
        if (res.statusCode !== status || res.json().ok !== false) {
          failures.push(`${routeKey(route)} ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      };
      if (route.access === 'guest') {
        await expectStatus(null, 401, 'without a guest session');
        continue;
      }
      await expectStatus(null, 401, 'without a token');
      await expectStatus(token.revoked, 401, 'with a revoked token');
      await expectStatus('not-a-session-token', 401, 'with a made-up token');
      if (route.access === 'admin') await expectStatus(token.a, 403, 'with an empresa token');
      if (route.access === 'empresa') await expectStatus(token.admin, 403, 'with an admin token');
    }
    expect(failures).toEqual([]);
    expect(changedTables(before, await dbSnapshot(t.database))).toEqual([]);
  }, 120_000);

  it("keeps a guest session to its own check-in: another property's check-in is neither read nor written", async () => {
    const post = (url: string, payload: object, session?: string) =>
      send('POST', url, null, { payload, headers: session ? { 'x-checkin-session': session } : {} });
    const startSession = async (payload: object) =>
      (await ok(await post('/api/guest/checkin/start', payload))).session as string;
    // A guest of A's check-in (its link), and a guest who scanned the QR code of A's property.
    const byLink = await startSession({ propiedad_id: a.property, t: linkA });
    const byQr = await startSession({ propiedad_id: a.property });
    const get = (id: string) =>
      send('GET', `/api/guest/checkin/${id}`, null, { headers: { 'x-checkin-session': byLink } });
    expect((await get(a.checkin)).statusCode).toBe(200);
    // B's booking code is what a guest of B types to reach B's check-in.
    const theirCode = (await ok(await send('GET', `/api/bookings/${b.booking}`, token.b))).code as string;

    const before = await settledSnapshot();
    const reads = [await get(b.checkin), await get(b.manualCheckin)];
    // A's link on B's property.
    const foreignStart = await post('/api/guest/checkin/start', { propiedad_id: b.property, t: linkA });
    const codes = [
      await post('/api/guest/checkin/code', { checkin_code: theirCode }, byLink),
      await post('/api/guest/checkin/code', { checkin_code: theirCode }, byQr),
    ];
    expect(reads.map((r) => r.statusCode)).toEqual([404, 404]);
    expect(foreignStart.statusCode).toBe(404);
    expect(codes.map((r) => [r.statusCode, r.json().code])).toEqual([
      [422, 'checkin.code_not_registered'],
      [422, 'checkin.code_not_registered'],
    ]);
    // A wrong code counts towards the code step's attempt limit, by design; nothing else may change.
    const changed = changedTables(before, await dbSnapshot(t.database));
    expect(changed.filter((table) => table !== 'guest_code_attempts')).toEqual([]);
  });

  it('reports its size', () => {
    const ids = idRoutes().length;
    console.info(
      `tenant isolation: ${routes.length} routes classified, ${ids} take ids, ${requests} requests`,
    );
    console.info(`answered as for an unknown id:\n${sameAsUnknown.join('\n')}`);
    expect(ids).toBeGreaterThan(60);
  });
});
