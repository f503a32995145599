// The hostile inputs issue 11 found answering 500 (NUL in text and query parameters, impossible dates), one by
// one: each is now a 400 in the envelope naming the field, in the caller's language, and changes no row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createEmpresa, loginToken, uniqueIp } from './auth-helpers.ts';
import { tableFingerprints } from './hostile-input.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

const NUL = 'Casa\u0000Rural';

let t: TestApp;
let token: string;
let adminToken: string;
let propertyId: string;
let bookingId: string;
let guestSession: string;

async function call(
  method: string,
  url: string,
  opts: { payload?: unknown; auth?: string; lang?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: method as 'POST',
    url,
    remoteAddress: uniqueIp(),
    headers: {
      'accept-language': opts.lang ?? 'en',
      ...(opts.auth ? bearer(opts.auth) : {}),
      ...opts.headers,
    },
    ...(opts.payload === undefined ? {} : { payload: opts.payload as object }),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createEmpresa(t, { account: { quantity: 10 } });
  token = await loginToken(t, owner.email);
  adminToken = await loginToken(t, (await createAdmin(t)).email);
  const property = await call('POST', '/api/properties', {
    auth: token,
    payload: {
      tipo: 'apartamento',
      nombre: 'Ático Plaza Mayor',
      pais: 'ES',
      address: 'Calle Mayor 10',
      city: 'Salamanca',
      guests: 4,
      price_night: 8900,
      description: { es: 'Ático luminoso.', en: '', ar: '' },
    },
  });
  propertyId = property.json().data.id;
  const booking = await call('POST', '/api/create/new-booking', {
    auth: token,
    payload: {
      start_date: '2026-12-01',
      end_date: '2026-12-04',
      name: 'Lucía Martínez',
      email: 'lucia@example.com',
      phone: '+34612345678',
      property_id: propertyId,
      number_of_guests: 2,
      price: 30000,
    },
  });
  bookingId = booking.json().data.id;
  const sent = await call('POST', '/api/checkins/send', {
    auth: token,
    payload: {
      property_id: propertyId,
      name: 'Pablo Ruiz',
      phone: '+34612345679',
      email: 'pablo@example.com',
      channel: 'qr',
      start_date: '2026-11-21',
      end_date: '2026-11-23',
    },
  });
  const linkToken = new URL(sent.json().data.link.url).searchParams.get('t');
  const start = await call('POST', '/api/guest/checkin/start', {
    payload: { propiedad_id: propertyId, t: linkToken },
  });
  if (start.statusCode !== 200) throw new Error(`${linkToken} ${start.body}`);
  guestSession = start.json().data.session;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('NUL in text answers 400 naming the field, and changes nothing', () => {
  const cases: [string, () => Parameters<typeof call>, string][] = [
    [
      'property settings',
      () => ['PUT', `/api/properties/${propertyId}/settings/name-property`, { payload: { nombre: NUL } }],
      'nombre',
    ],
    [
      'room types',
      () => ['POST', `/api/properties/${propertyId}/room-types`, { payload: { name: NUL, adults: 2 } }],
      'name',
    ],
    [
      'rates',
      () => [
        'POST',
        `/api/properties/${propertyId}/rates`,
        { payload: { name: NUL, occupancy: 2, price: 100 } },
      ],
      'name',
    ],
    [
      'bookings',
      () => [
        'POST',
        '/api/create/new-booking',
        {
          payload: {
            start_date: '2026-12-10',
            end_date: '2026-12-12',
            name: NUL,
            email: 'lucia@example.com',
            phone: '+34612345678',
            property_id: propertyId,
            number_of_guests: 2,
            price: 100,
          },
        },
      ],
      'name',
    ],
    [
      'closed dates',
      () => [
        'POST',
        '/api/closed-dates',
        {
          payload: { property_id: propertyId, start_date: '2027-01-01', end_date: '2027-01-03', reason: NUL },
        },
      ],
      'reason',
    ],
    [
      'send check-in',
      () => [
        'POST',
        '/api/checkins/send',
        {
          payload: {
            property_id: propertyId,
            name: NUL,
            phone: '+34612345678',
            email: 'a@example.com',
            channel: 'qr',
          },
        },
      ],
      'name',
    ],
    [
      'reminders',
      () => ['POST', '/api/reminders', { payload: { day: '2026-11-22', hour: '10:00', description: NUL } }],
      'description',
    ],
    ['bookings search', () => ['GET', `/api/bookings?search=${encodeURIComponent(NUL)}`, {}], 'search'],
    ['check-ins search', () => ['GET', `/api/checkins?q=${encodeURIComponent(NUL)}`, {}], 'q'],
    [
      'check-in detail id',
      () => ['POST', '/api/information/data/checkin', { payload: { id: `${bookingId}\u0000` } }],
      'id',
    ],
    [
      'booking id in the path',
      () => ['GET', `/api/bookings/${encodeURIComponent(`${bookingId}\u0000`)}`, {}],
      'id',
    ],
  ];

  it.each(cases)('%s', async (_name, request, field) => {
    const [method, url, opts] = request();
    const before = await tableFingerprints(t.database);
    const res = await call(method, url, { auth: token, ...opts });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'validation.failed' });
    expect(res.json().errors[field]).toEqual(['Contains characters that are not allowed.']);
    expect(await tableFingerprints(t.database)).toEqual(before);
  });

  it("the guest's own form, in the guest's language", async () => {
    const res = await call('POST', '/api/guest/checkin/guests', {
      lang: 'ar',
      headers: { 'x-checkin-session': guestSession },
      payload: { first_name: NUL, process: 'manual', minors: false },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.first_name).toEqual(['يحتوي على أحرف غير مسموح بها.']);
  });

  it('the admin user search, in Spanish by default', async () => {
    const res = await call('GET', `/api/admin/users?search=${encodeURIComponent(NUL)}`, {
      auth: adminToken,
      lang: 'es',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.search).toEqual(['Contiene caracteres que no están permitidos.']);
  });

  it('keeps RTL and emoji text, stored as typed', async () => {
    const res = await call('POST', '/api/reminders', {
      auth: token,
      payload: { day: '2026-11-22', hour: '10:00', description: 'تنظيف الغرفة 🧹\nsegunda línea' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.description).toBe('تنظيف الغرفة 🧹\nsegunda línea');
  });
});

describe('impossible dates answer 400, never reach the database', () => {
  for (const date of ['2026-02-30', '2026-13-45', '0000-00-00']) {
    it(`${date} on reminders, the check-in lists and the calendar`, async () => {
      const before = await tableFingerprints(t.database);
      const reminder = await call('POST', '/api/reminders', {
        auth: token,
        payload: { day: date, hour: '10:00', description: 'Revisar la caldera' },
      });
      expect(reminder.statusCode, reminder.body).toBe(400);
      expect(reminder.json().errors.day).toEqual(['Enter a valid date.']);
      for (const url of [
        `/api/checkins?from=${date}`,
        `/api/checkins/history?to=${date}`,
        `/api/calendar?from=${date}&to=2026-12-31`,
      ]) {
        const res = await call('GET', url, { auth: token });
        expect(res.statusCode, `${url} ${res.body}`).toBe(400);
        expect(res.json().code).toBe('validation.failed');
      }
      expect(await tableFingerprints(t.database)).toEqual(before);
    });
  }
});
