import { readFileSync } from 'node:fs';
import { bookingPaths } from '@posada/contracts/bookings';
import type { SyncResult } from '@posada/contracts/channels';
import { channelsPaths } from '@posada/contracts/channels';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IcalFake, startIcalFake } from '../../adapters/ical/ical.fake.ts';
import { closedDates } from '../../db/schema/bookings.ts';
import { channelCalendars } from '../../db/schema/channels.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { channelsSyncJob } from './channels.jobs.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What one sync did: every event of the feed is created, updated, unchanged or skipped (issue 27). */
const changes = (c: Partial<SyncResult>): SyncResult => ({
  created: 0,
  updated: 0,
  cancelled: 0,
  conflicts: 0,
  unchanged: 0,
  skipped: 0,
  skipped_reasons: {},
  ...c,
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../adapters/ical/fixtures/${name}`, import.meta.url), 'utf8');

/** A feed of all-day events, as a channel writes it (CRLF). */
function feed(events: { uid: string; start: string; end: string; summary: string }[]): string {
  const d = (iso: string) => iso.replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//Channel//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      'DTSTAMP:20251201T080000Z',
      `DTSTART;VALUE=DATE:${d(e.start)}`,
      `DTEND;VALUE=DATE:${d(e.end)}`,
      `SUMMARY:${e.summary}`,
      `UID:${e.uid}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * Channel calendars through the API (PGlite; PostgreSQL with TEST_DB=postgres) against the local iCal fake:
 * connect, sync Airbnb's feed sequence (create, extend, cancel after two misses), a failed fetch that wipes
 * nothing, overbookings and echoes, the export feeds with 304 and the per-connection exclusion, tokens,
 * delete, health turning red, the plan gate and another account's 404. The clock starts 2025-12-01 10:00 UTC.
 */
describe('channel calendars', () => {
  let t: TestApp;
  let fake: IcalFake;
  let token: string;
  let otherEmail: string;
  let loft: string;
  let hotel: string;
  let casaVrbo: string;
  let casaBooking: string;
  let accountId: string;

  const call = (method: Method, url: string, payload?: object, as = token, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': lang } });
  const connect = async (channel: string, path: string) => {
    const res = await call('POST', channelsPaths.calendars, {
      property_id: loft,
      channel,
      url: fake.url(path),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: string; export_url: string; health: { state: string } };
  };
  const sync = (id: string) => call('POST', channelsPaths.sync(id));
  const bookingsOf = async (channel?: string) => {
    const res = await call(
      'GET',
      `${bookingPaths.list}?property_id=${loft}&page_size=100${channel ? `&channel=${channel}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.items as {
      id: string;
      start_date: string;
      end_date: string;
      status: string;
      channel: string;
      external: boolean;
      name: string;
      email: string;
    }[];
  };
  const feedPath = (url: string) => new URL(url).pathname;

  beforeAll(async () => {
    fake = await startIcalFake();
    t = await buildTestApp({ now: new Date('2025-12-01T10:00:00Z') });
    const owner = await createEmpresa(t, {
      account: { quantity: 8 },
      properties: [
        { nombre: 'Loft Centro', tipoPropiedad: 'apartamento' },
        { nombre: 'Hotel Mar', tipoPropiedad: 'hotel' },
        { nombre: 'Casa Vrbo', tipoPropiedad: 'apartamento' },
        { nombre: 'Casa Booking', tipoPropiedad: 'villa' },
      ],
    });
    const other = await createEmpresa(t, { properties: [{ nombre: 'Casa Ajena' }] });
    token = await loginToken(t, owner.email);
    otherEmail = other.email;
    accountId = owner.accountId as string;
    [loft = '', hotel = '', casaVrbo = '', casaBooking = ''] = owner.propertyIds;
    await t.database.db
      .update(properties)
      .set({ guests: 4, priceNight: 10_000, timeZone: 'Europe/Madrid' })
      .where(eq(properties.id, loft));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('refuses a unit that does not sell on its own and an address that is not one, in the caller’s words', async () => {
    const hotelWhole = await call('POST', channelsPaths.calendars, {
      property_id: hotel,
      channel: 'airbnb',
      url: fake.url('/x.ics'),
    });
    expect(hotelWhole.statusCode).toBe(400);
    expect(hotelWhole.json().errors.room_id[0]).toContain('elige la habitación');
    const loftRoom = await call('POST', channelsPaths.calendars, {
      property_id: loft,
      room_id: '00000000-0000-4000-8000-000000000001',
      channel: 'airbnb',
      url: fake.url('/x.ics'),
    });
    expect(loftRoom.statusCode).toBe(400);
    expect(loftRoom.json().errors.room_id[0]).toContain('no elijas habitación');
    const notUrl = await call('POST', channelsPaths.calendars, {
      property_id: loft,
      channel: 'airbnb',
      url: 'calendario',
    });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().errors.url[0]).toContain('https://');
  });

  it('needs an active plan (spec 6): an expired trial gets the refusal of the other gated features', async () => {
    const expired = await createEmpresa(t, {
      properties: [{ nombre: 'Piso Caducado' }],
      account: { statusSubscription: 'demo_expired' },
    });
    const res = await call(
      'POST',
      channelsPaths.calendars,
      { property_id: expired.propertyIds[0], channel: 'airbnb', url: fake.url('/x.ics') },
      await loginToken(t, expired.email),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('settings.feature_unavailable');
  });

  let airbnb: { id: string; export_url: string };

  it('imports Airbnb reservations as external bookings and its block as closed dates, with the health', async () => {
    fake.setFeed('/airbnb.ics', fixture('airbnb-seq-1.ics'));
    airbnb = await connect('airbnb', '/airbnb.ics');
    const listed = (await call('GET', `${channelsPaths.calendars}?property_id=${loft}`)).json().data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      channel: 'airbnb',
      url_host: new URL(fake.base).host,
      unit_name: 'Loft Centro',
    });
    expect(listed[0].health.state).toBe('pending');
    expect(JSON.stringify(listed)).not.toContain('/airbnb.ics');

    const again = await call('POST', channelsPaths.calendars, {
      property_id: loft,
      channel: 'airbnb',
      url: fake.url('/airbnb.ics'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('channels.duplicate');

    const res = await sync(airbnb.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(changes({ created: 3, updated: 0, cancelled: 0, conflicts: 0 }));
    const stays = await bookingsOf('airbnb');
    expect(stays.map((b) => [b.start_date, b.end_date, b.status, b.external, b.name])).toEqual([
      ['2025-12-10', '2025-12-13', 'booked', true, 'Airbnb'],
      ['2025-12-18', '2025-12-21', 'booked', true, 'Airbnb'],
    ]);
    const closures = await t.database.db.select().from(closedDates).where(eq(closedDates.propertyId, loft));
    expect(closures.map((c) => [c.startDate, c.endDate])).toEqual([['2026-12-01', '2027-06-01']]);
    const calendar = await call(
      'GET',
      `${bookingPaths.calendar}?from=2025-12-01&to=2025-12-31&property_ids=${loft}`,
    );
    expect(calendar.statusCode, calendar.body).toBe(200);
    const drawn = JSON.stringify(calendar.json().data);
    // The calendar's compact stay tuples carry the channel and its code.
    expect(drawn).toContain('HMSEQ00001');
    expect(drawn).toContain('"airbnb"');
    const health = (await call('GET', channelsPaths.calendar(airbnb.id))).json().data.health;
    expect(health).toMatchObject({
      state: 'ok',
      events_read: 3,
      last_error: null,
      last_changes: changes({ created: 3 }),
    });
    expect(Date.parse(health.next_sync_at) - Date.parse(health.last_fetch_at)).toBe(15 * 60_000);
    // The same feed again changes nothing.
    expect((await sync(airbnb.id)).json().data).toEqual(
      changes({ created: 0, updated: 0, cancelled: 0, conflicts: 0, unchanged: 3 }),
    );
  });

  it('the channel’s bookings cannot be edited or cancelled here (spec 4)', async () => {
    const [stay] = await bookingsOf('airbnb');
    const cancel = await call('POST', bookingPaths.cancel, { booking_id: stay?.id });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().code).toBe('booking.external_not_cancellable');
    const edit = await call('PUT', bookingPaths.update(stay?.id as string), {
      id: stay?.id,
      property_id: loft,
      name: 'Otro',
      email: 'otro@example.com',
      phone: '+34600111222',
      start_date: '2025-12-10',
      end_date: '2025-12-12',
      number_of_guests: 1,
      price: 0,
      original_start_date: '2025-12-10',
      original_end_date: '2025-12-13',
      original_property_id: loft,
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().code).toBe('booking.external_not_editable');
  });

  it('follows a stay extension by UID and cancels a reservation only after two good fetches without it', async () => {
    fake.setFeed('/airbnb.ics', fixture('airbnb-seq-2.ics'));
    expect((await sync(airbnb.id)).json().data).toEqual(
      changes({ created: 0, updated: 2, cancelled: 0, conflicts: 0, unchanged: 1 }),
    );
    expect((await bookingsOf('airbnb'))[0]).toMatchObject({
      start_date: '2025-12-10',
      end_date: '2025-12-15',
    });

    fake.setFeed('/airbnb.ics', fixture('airbnb-seq-3.ics'));
    expect((await sync(airbnb.id)).json().data).toMatchObject({ cancelled: 0 });
    expect((await bookingsOf('airbnb')).map((b) => b.status)).toEqual(['booked', 'booked']);
    expect((await sync(airbnb.id)).json().data).toMatchObject({ cancelled: 1 });
    expect((await bookingsOf('airbnb')).map((b) => b.status)).toEqual(['booked', 'cancelled']);
  });

  it('a login page instead of the calendar is a failed fetch: the reason in words, nothing wiped', async () => {
    fake.setFeed('/airbnb.ics', { body: fixture('html-login.html'), contentType: 'text/html' });
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', channelsPaths.sync(airbnb.id), undefined, token, 'en');
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('channels.sync_failed');
      expect(res.json().message).toContain('does not return a calendar');
      expect(res.json().errors.url[0]).toContain('does not return a calendar');
    }
    expect((await bookingsOf('airbnb')).map((b) => b.status)).toEqual(['booked', 'cancelled']);
    const health = (await call('GET', channelsPaths.calendar(airbnb.id), undefined, token, 'ar')).json().data
      .health;
    expect(health).toMatchObject({ state: 'failing', last_error_code: 'channels.not_calendar' });
    expect(health.last_error).toContain('iCal');
  });

  it('turns red after 2 hours failing, with one notification for the period and the dashboard alert', async () => {
    fake.setFeed('/airbnb.ics', { status: 403, body: 'Forbidden' });
    t.clock.advance(3 * 3_600_000);
    token = await loginToken(t, (await ownerEmail()) as string);
    const res = await sync(airbnb.id);
    expect(res.json().message).toContain('403');
    await sync(airbnb.id);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.kind, 'channel')));
    expect(bell).toHaveLength(1);
    expect(bell[0]?.title).toContain('Airbnb');
    const alerts = (await call('GET', channelsPaths.alerts)).json().data;
    expect(alerts.failing).toEqual([expect.objectContaining({ id: airbnb.id, channel: 'airbnb' })]);
    expect(alerts.failing[0].last_error).toContain('403');
    expect((await call('GET', channelsPaths.calendar(airbnb.id))).json().data.health.state).toBe('red');

    fake.setFeed('/airbnb.ics', fixture('airbnb-seq-3.ics'));
    expect((await sync(airbnb.id)).statusCode).toBe(200);
    expect((await call('GET', channelsPaths.alerts)).json().data.failing).toEqual([]);
  });

  let manualId: string;

  it('an Airbnb or Vrbo reservation colliding with a manual booking is a visible overbooking, booked once free', async () => {
    const manual = await call('POST', bookingPaths.create, {
      property_id: loft,
      name: 'Lucía Pérez',
      email: 'lucia@example.com',
      phone: '+34600123456',
      start_date: '2025-12-22',
      end_date: '2025-12-25',
      number_of_guests: 2,
      price: 30_000,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    manualId = manual.json().data.id;
    fake.setFeed(
      '/vrbo.ics',
      feed([{ uid: 'vrbo-1', start: '2025-12-23', end: '2025-12-26', summary: 'Reserved - Ana Gómez' }]),
    );
    const vrbo = await connect('vrbo', '/vrbo.ics');
    // The overbooking is new on the calendar too: counted as new and as a conflict (issue 27).
    expect((await sync(vrbo.id)).json().data).toEqual(
      changes({ created: 1, updated: 0, cancelled: 0, conflicts: 1 }),
    );
    const [over] = await bookingsOf('vrbo');
    expect(over).toMatchObject({ status: 'overbooking', name: 'Ana Gómez', start_date: '2025-12-23' });
    expect((await bookingsOf()).find((b) => b.id === manualId)?.status).toBe('booked');
    expect((await call('GET', channelsPaths.alerts)).json().data.overbookings).toBe(1);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.relationId, over?.id as string)));
    expect(bell.map((n) => n.kind)).toEqual(['channel']);
    // The overbooking still holds its free night (the 25th): nobody may sell it meanwhile (issue 27).
    const onFreeNight = await call('POST', bookingPaths.create, {
      property_id: loft,
      name: 'Marta Ruiz',
      email: 'marta@example.com',
      phone: '+34600123459',
      start_date: '2025-12-25',
      end_date: '2025-12-26',
      number_of_guests: 1,
      price: 10_000,
    });
    expect(onFreeNight.statusCode, onFreeNight.body).toBe(409);
    expect(onFreeNight.json().code).toBe('booking.dates_taken');

    // The operator cancels the manual booking: the next sync books the channel's guest.
    expect((await call('POST', bookingPaths.cancel, { booking_id: manualId })).statusCode).toBe(200);
    expect((await sync(vrbo.id)).json().data).toEqual(
      changes({ created: 0, updated: 1, cancelled: 0, conflicts: 0 }),
    );
    expect((await bookingsOf('vrbo'))[0]?.status).toBe('booked');
    expect((await call('GET', channelsPaths.alerts)).json().data.overbookings).toBe(0);
  });

  it('the first import is quiet (stays already on the channel ring no bell); a new stay later rings once', async () => {
    const quiet = { uid: 'quiet-1@example.com', start: '2026-03-02', end: '2026-03-05', summary: 'Reserved' };
    fake.setFeed('/other-quiet.ics', feed([quiet]));
    const other = await connect('other', '/other-quiet.ics');
    expect((await sync(other.id)).json().data).toMatchObject({ created: 1, conflicts: 0 });
    const fresh = { uid: 'quiet-2@example.com', start: '2026-03-10', end: '2026-03-12', summary: 'Reserved' };
    fake.setFeed('/other-quiet.ics', feed([quiet, fresh]));
    expect((await sync(other.id)).json().data).toMatchObject({ created: 1, conflicts: 0 });
    const stays = (await bookingsOf('other')).filter((b) =>
      ['2026-03-02', '2026-03-10'].includes(b.start_date),
    );
    expect(stays).toHaveLength(2);
    const bell = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, accountId),
          inArray(
            notifications.relationId,
            stays.map((b) => b.id),
          ),
        ),
      );
    expect(bell.map((n) => [stays.find((b) => b.id === n.relationId)?.start_date, n.kind])).toEqual([
      ['2026-03-10', 'booking_new'],
    ]);
  });

  it('Booking.com showing our own booking back (an echo) is no conflict and imports nothing', async () => {
    const manual = await call('POST', bookingPaths.create, {
      property_id: loft,
      name: 'Marta Ruiz',
      email: 'marta@example.com',
      phone: '+34600123457',
      start_date: '2026-01-05',
      end_date: '2026-01-08',
      number_of_guests: 2,
      price: 30_000,
    });
    expect(manual.statusCode, manual.body).toBe(201);
    fake.setFeed(
      '/booking.ics',
      feed([
        {
          uid: 'b-echo@booking.com',
          start: '2026-01-05',
          end: '2026-01-08',
          summary: 'CLOSED - Not available',
        },
        {
          uid: 'b-new@booking.com',
          start: '2026-01-12',
          end: '2026-01-14',
          summary: 'CLOSED - Not available',
        },
      ]),
    );
    const booking = await connect('booking', '/booking.ics');
    expect((await sync(booking.id)).json().data).toEqual(
      changes({ created: 1, updated: 0, cancelled: 0, conflicts: 0, unchanged: 1 }),
    );
    expect((await bookingsOf('booking')).map((b) => [b.start_date, b.end_date, b.name])).toEqual([
      ['2026-01-12', '2026-01-14', 'Booking.com'],
    ]);
    // Our booking cancelled: the echo still in Booking's feed does not come back as an import.
    expect((await call('POST', bookingPaths.cancel, { booking_id: manual.json().data.id })).statusCode).toBe(
      200,
    );
    expect((await sync(booking.id)).json().data).toEqual(
      changes({ created: 0, updated: 0, cancelled: 0, conflicts: 0, unchanged: 2 }),
    );
    expect(await bookingsOf('booking')).toHaveLength(1);
  });

  it('exports every sold and closed night without personal data, with 304 and the per-connection exclusion', async () => {
    const first = await call('GET', channelsPaths.propertyExport(loft));
    expect(first.statusCode, first.body).toBe(200);
    const { url, unit_id } = first.json().data;
    expect(unit_id).toBe(loft);
    expect((await call('GET', channelsPaths.propertyExport(loft))).json().data.url).toBe(url);
    const path = feedPath(url);
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    const body = res.body;
    expect(body).toContain('DTSTART;VALUE=DATE:20251210');
    expect(body).toContain('DTSTART;VALUE=DATE:20251223');
    expect(body).toContain('DTSTART;VALUE=DATE:20260112');
    expect(body).not.toMatch(/Ana|Lucía|Marta|HMSEQ|@example\.com/);
    expect(body).toContain('\r\n');

    const etag = res.headers.etag as string;
    const lastModified = res.headers['last-modified'] as string;
    expect(etag).toBeTruthy();
    expect(
      (await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);
    expect(
      (await t.app.inject({ method: 'GET', url: path, headers: { 'if-modified-since': lastModified } }))
        .statusCode,
    ).toBe(304);

    // Airbnb's own connection feed leaves out what came from Airbnb (the stay and the block), keeps the rest.
    const own = (await t.app.inject({ method: 'GET', url: feedPath(airbnb.export_url) })).body;
    expect(own).not.toContain('DTSTART;VALUE=DATE:20251210');
    expect(own).not.toContain('DTSTART;VALUE=DATE:20261203');
    expect(own).toContain('DTSTART;VALUE=DATE:20251223');
    expect(own).toContain('DTSTART;VALUE=DATE:20260112');

    const rotated = await call('POST', channelsPaths.propertyExportRotate(loft));
    expect(rotated.json().data.url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(rotated.json().data.url) })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/ical/unknown-token-aaaaaaaaaaaaaaaa.ics' })).statusCode,
    ).toBe(404);
  });

  it('a hotel connects one room: its stays hold that room, and the room has its own export', async () => {
    const created = await call('POST', '/api/properties', {
      tipo: 'hotel',
      nombre: 'Hotel Faro',
      pais: 'ES',
      address: 'Paseo 2',
      city: 'Cádiz',
      zip_code: '11001',
      room_type: { name: 'Doble', adults: 2 },
      rooms: [{ name: '101' }, { name: '102' }],
      guests: 4,
      price_night: 9_000,
      description: { es: 'Frente al mar.', en: '', ar: '' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const hotelId = created.json().data.id as string;
    const rooms = (await call('GET', `/api/properties/${hotelId}/rooms`)).json().data.rooms as {
      id: string;
      name: string;
    }[];
    const room = rooms.find((r) => r.name === '101')?.id as string;
    fake.setFeed(
      '/hotel-101.ics',
      feed([
        { uid: 'h1@booking.com', start: '2025-12-10', end: '2025-12-12', summary: 'CLOSED - Not available' },
      ]),
    );
    const res = await call('POST', channelsPaths.calendars, {
      property_id: hotelId,
      room_id: room,
      channel: 'booking',
      url: fake.url('/hotel-101.ics'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ room_id: room, unit_name: '101' });
    expect((await sync(res.json().data.id)).json().data).toMatchObject({ created: 1 });
    const stays = (await call('GET', `${bookingPaths.list}?property_id=${hotelId}`)).json().data.items;
    expect(stays.map((b: { rooms: { name: string }[] }) => b.rooms.map((r) => r.name))).toEqual([['101']]);

    expect((await call('GET', channelsPaths.propertyExport(hotelId))).statusCode).toBe(400);
    const roomExport = await call('GET', channelsPaths.roomExport(hotelId, room));
    expect(roomExport.json().data.unit_id).toBe(room);
    const body = (await t.app.inject({ method: 'GET', url: feedPath(roomExport.json().data.url) })).body;
    expect(body).toContain('DTSTART;VALUE=DATE:20251210');
    const other = rooms.find((r) => r.name === '102')?.id as string;
    const empty = await call('GET', channelsPaths.roomExport(hotelId, other));
    expect((await t.app.inject({ method: 'GET', url: feedPath(empty.json().data.url) })).body).not.toContain(
      'BEGIN:VEVENT',
    );
  });

  it('an import and an operator racing for the same night: one holds it, the other is refused or an overbooking', async () => {
    fake.setFeed(
      '/race.ics',
      feed([{ uid: 'race-1', start: '2026-02-10', end: '2026-02-13', summary: 'Reserved - Pablo Sanz' }]),
    );
    const vrbo = await connect('vrbo', '/race.ics');
    const [synced, manual] = await Promise.all([
      sync(vrbo.id),
      call('POST', bookingPaths.create, {
        property_id: loft,
        name: 'Eva Torres',
        email: 'eva@example.com',
        phone: '+34600123458',
        start_date: '2026-02-11',
        end_date: '2026-02-12',
        number_of_guests: 1,
        price: 10_000,
      }),
    ]);
    expect(synced.statusCode, synced.body).toBe(200);
    const imported = (await bookingsOf('vrbo')).find((b) => b.name === 'Pablo Sanz');
    if (manual.statusCode === 201) {
      expect(synced.json().data).toMatchObject({ conflicts: 1 });
      expect(imported?.status).toBe('overbooking');
    } else {
      expect(manual.statusCode).toBe(409);
      expect(manual.json().code).toBe('booking.dates_taken');
      expect(imported?.status).toBe('booked');
    }
  });

  it('another account gets 404 for every connection and export', async () => {
    const as = await loginToken(t, otherEmail);
    expect(
      (await call('GET', `${channelsPaths.calendars}?property_id=${loft}`, undefined, as)).statusCode,
    ).toBe(404);
    expect((await call('GET', channelsPaths.calendars, undefined, as)).json().data).toEqual([]);
    expect((await call('GET', channelsPaths.calendar(airbnb.id), undefined, as)).statusCode).toBe(404);
    expect((await call('POST', channelsPaths.sync(airbnb.id), undefined, as)).statusCode).toBe(404);
    expect((await call('DELETE', channelsPaths.calendar(airbnb.id), undefined, as)).statusCode).toBe(404);
    expect((await call('GET', channelsPaths.propertyExport(loft), undefined, as)).statusCode).toBe(404);
    expect((await call('POST', channelsPaths.propertyExportRotate(loft), undefined, as)).statusCode).toBe(
      404,
    );
    const stolen = await call(
      'POST',
      channelsPaths.calendars,
      { property_id: loft, channel: 'airbnb', url: fake.url('/a.ics') },
      as,
    );
    expect(stolen.statusCode).toBe(404);
  });

  it('the channels.sync job syncs the connections whose next run has come', async () => {
    t.clock.advance(20 * 60_000);
    token = await loginToken(t, (await ownerEmail()) as string);
    const before = fake.requests('/airbnb.ics');
    await t.jobs.send(channelsSyncJob, {});
    await t.jobs.drain(channelsSyncJob);
    expect(fake.requests('/airbnb.ics')).toBe(before + 1);
    const [row] = await t.database.db
      .select()
      .from(channelCalendars)
      .where(eq(channelCalendars.id, airbnb.id));
    expect(row?.nextSyncAt?.getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('deleting a connection removes its blocks and keeps its bookings', async () => {
    const res = await call('DELETE', channelsPaths.calendar(airbnb.id));
    expect(res.statusCode, res.body).toBe(200);
    const closures = await t.database.db.select().from(closedDates).where(eq(closedDates.propertyId, loft));
    expect(closures.filter((c) => c.startDate >= '2026-12-01')).toEqual([]);
    expect((await bookingsOf('airbnb')).map((b) => b.status)).toEqual(['booked', 'cancelled']);
    expect((await call('GET', channelsPaths.calendar(airbnb.id))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(airbnb.export_url) })).statusCode).toBe(404);
  });

  describe('golden feed sequences', () => {
    const connectTo = async (propertyId: string, channel: string, path: string) => {
      const res = await call('POST', channelsPaths.calendars, {
        property_id: propertyId,
        channel,
        url: fake.url(path),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as string;
    };
    const staysOf = async (propertyId: string) =>
      (await call('GET', `${bookingPaths.list}?property_id=${propertyId}&page_size=100`)).json().data
        .items as {
        name: string;
        start_date: string;
        end_date: string;
        status: string;
      }[];

    it('Vrbo: named stays, holds and blocks; a date change with a new UID is the same stay', async () => {
      fake.setFeed('/vrbo-seq.ics', fixture('vrbo-seq-1.ics'));
      const id = await connectTo(casaVrbo, 'vrbo', '/vrbo-seq.ics');
      expect((await sync(id)).json().data).toEqual(
        changes({ created: 7, updated: 0, cancelled: 0, conflicts: 0 }),
      );
      expect((await staysOf(casaVrbo)).map((b) => [b.name, b.start_date, b.end_date])).toEqual([
        ['Test Guest', '2025-12-05', '2025-12-09'],
        ['Mélanie Exemple', '2025-12-12', '2025-12-14'],
        ['Vrbo', '2026-01-10', '2026-01-12'],
      ]);
      // Holds and blocks are closed dates, not stays (no check-in for a hold).
      const closures = await t.database.db
        .select()
        .from(closedDates)
        .where(eq(closedDates.propertyId, casaVrbo));
      expect(closures.map((c) => c.startDate).sort()).toEqual([
        '2025-12-16',
        '2025-12-19',
        '2025-12-20',
        '2025-12-28',
      ]);

      fake.setFeed('/vrbo-seq.ics', fixture('vrbo-seq-2.ics'));
      expect((await sync(id)).json().data).toEqual(
        changes({ created: 0, updated: 1, cancelled: 0, conflicts: 0, unchanged: 6 }),
      );
      const guest = (await staysOf(casaVrbo)).filter((b) => b.name === 'Test Guest');
      expect(guest.map((b) => [b.start_date, b.end_date, b.status])).toEqual([
        ['2025-12-06', '2025-12-10', 'booked'],
      ]);
    });

    it('Booking.com: a running stay clipped each night keeps its arrival, grows, and a vanished range is cancelled at the second miss', async () => {
      fake.setFeed('/booking-seq.ics', fixture('booking-seq-1.ics'));
      const id = await connectTo(casaBooking, 'booking', '/booking-seq.ics');
      expect((await sync(id)).json().data).toEqual(
        changes({ created: 3, updated: 0, cancelled: 0, conflicts: 0 }),
      );
      const first = await staysOf(casaBooking);
      expect(first.map((b) => [b.start_date, b.end_date])).toEqual([
        ['2025-11-30', '2025-12-04'],
        ['2025-12-20', '2025-12-23'],
      ]);
      // The far-future rolling closure is a block.
      const far = await t.database.db
        .select()
        .from(closedDates)
        .where(eq(closedDates.propertyId, casaBooking));
      expect(far.map((c) => [c.startDate, c.endDate])).toEqual([['2026-02-01', '2027-06-01']]);

      fake.setFeed('/booking-seq.ics', fixture('booking-seq-2.ics'));
      expect((await sync(id)).json().data).toEqual(
        changes({ created: 0, updated: 1, cancelled: 0, conflicts: 0, unchanged: 2 }),
      );
      expect((await staysOf(casaBooking))[0]).toMatchObject({
        start_date: '2025-11-30',
        end_date: '2025-12-04',
      });

      fake.setFeed('/booking-seq.ics', fixture('booking-seq-3.ics'));
      expect((await sync(id)).json().data).toEqual(
        changes({ created: 0, updated: 1, cancelled: 0, conflicts: 0, unchanged: 2 }),
      );
      expect((await staysOf(casaBooking))[0]).toMatchObject({
        start_date: '2025-11-30',
        end_date: '2025-12-06',
      });

      // The next day: clipped again with a new UID, and the 20–23 range gone.
      t.clock.advance(24 * 3_600_000);
      token = await loginToken(t, (await ownerEmail()) as string);
      fake.setFeed('/booking-seq.ics', fixture('booking-seq-4.ics'));
      expect((await sync(id)).json().data).toEqual(
        changes({ created: 0, updated: 1, cancelled: 0, conflicts: 0, unchanged: 1 }),
      );
      expect((await sync(id)).json().data).toEqual(
        changes({ created: 0, updated: 0, cancelled: 1, conflicts: 0, unchanged: 2 }),
      );
      expect((await staysOf(casaBooking)).map((b) => [b.start_date, b.end_date, b.status])).toEqual([
        ['2025-11-30', '2025-12-06', 'booked'],
        ['2025-12-20', '2025-12-23', 'cancelled'],
      ]);
    });

    it('accounts for every event of a feed: created, updated, unchanged, or skipped with its reason', async () => {
      const extra = [
        'BEGIN:VEVENT',
        'UID:cancelled@x',
        'DTSTART;VALUE=DATE:20260310',
        'DTEND;VALUE=DATE:20260312',
        'STATUS:CANCELLED',
        'END:VEVENT',
        'BEGIN:VEVENT',
        'UID:nodate@x',
        'SUMMARY:Reserved',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n');
      const body = feed([
        { uid: 'past@x', start: '2025-11-01', end: '2025-11-05', summary: 'Reserved' },
        { uid: 'live@x', start: '2026-03-01', end: '2026-03-04', summary: 'Reserved' },
      ]).replace('END:VCALENDAR', extra);
      fake.setFeed('/accounted.ics', body);
      const id = await connectTo(casaVrbo, 'other', '/accounted.ics');
      const result = (await sync(id)).json().data;
      expect(result).toEqual(
        changes({ created: 1, skipped: 3, skipped_reasons: { ended: 1, cancelled: 1, invalid: 1 } }),
      );
      const health = (await call('GET', channelsPaths.calendar(id))).json().data.health;
      expect(health.events_read).toBe(4);
      expect(health.events_read).toBe(result.created + result.updated + result.unchanged + result.skipped);
      expect(health.last_changes).toEqual(result);
      // Read again: the live one is unchanged, the other three skipped for the same reasons.
      expect((await sync(id)).json().data).toEqual(
        changes({ unchanged: 1, skipped: 3, skipped_reasons: { ended: 1, cancelled: 1, invalid: 1 } }),
      );
    });
  });

  async function ownerEmail() {
    const { users } = await import('../../db/schema/accounts.ts');
    const [u] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.accountId, accountId));
    return u?.email;
  }
});
