import {
  type CreateBookingBody,
  createBookingBody,
  type UpdateBookingBody,
  updateBookingBody,
} from '@posada/contracts/bookings';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, unitNights } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';
import { fixedClock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { createEmpresa } from '../../test/auth-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-app.ts';
import { createRatesService } from '../properties/rates.service.ts';
import { createRoomsService } from '../properties/rooms.service.ts';
import { BOOKING_CODE_PATTERN, newBookingCode } from './booking-code.ts';
import { type BookingsService, createBookingsService } from './bookings.service.ts';

/** The coded error a call is refused with (code and field keys), or 'ok'. */
async function refusal(work: Promise<unknown>) {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, status: error.status, fields: error.options.errors ?? {} };
  }
}

describe('bookings service rules (injected clock)', () => {
  let tdb: TestDatabase;
  // 2026-11-20 10:00 UTC: 11:00 in Madrid, 05:00 in Bogotá.
  const clock = fixedClock(new Date('2026-11-20T10:00:00Z'));
  let service: BookingsService;
  let rooms: ReturnType<typeof createRoomsService>;
  let tenant: Tenant;
  let apartment: string;
  let bogota: string;
  let hotel: string;
  let doubleType: string;
  let suiteType: string;
  const roomId: Record<string, string> = {};
  const codes: string[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase();
    const { db } = tdb.database;
    const owner = await createEmpresa(
      { database: tdb.database, clock },
      {
        properties: [
          { nombre: 'Casa Azul' },
          { nombre: 'Finca Cafetera', tipoPropiedad: 'villa' },
          { nombre: 'Hotel Sol', tipoPropiedad: 'hotel' },
        ],
      },
    );
    tenant = { accountId: owner.accountId ?? '', userId: owner.userId };
    [apartment = '', bogota = '', hotel = ''] = owner.propertyIds;
    await db.update(properties).set({ guests: 4, priceNight: 10_000 }).where(eq(properties.id, apartment));
    await db
      .update(properties)
      .set({ guests: 6, timeZone: 'America/Bogota', currency: 'COP', priceNight: 300_000 })
      .where(eq(properties.id, bogota));
    rooms = createRoomsService({ db, clock });
    const rates = createRatesService({ db, clock });
    doubleType = (
      await rooms.createType(tenant, hotel, { name: 'Doble', adults: 2, children: 1, infants: 0 })
    ).id;
    suiteType = (await rooms.createType(tenant, hotel, { name: 'Suite', adults: 4, children: 0, infants: 0 }))
      .id;
    const saved = await rooms.saveRooms(tenant, hotel, {
      rooms: [
        { room_type_id: doubleType, name: '10', status: 'available' },
        { room_type_id: doubleType, name: '2', status: 'available' },
        { room_type_id: doubleType, name: '1', status: 'available' },
        { room_type_id: suiteType, name: 'Suite 1', status: 'available' },
      ],
    });
    for (const r of saved.rooms) roomId[r.name] = r.id;
    await rates.create(tenant, hotel, {
      name: 'Doble estándar',
      occupancy: 2,
      price: 8_000,
      currency: 'EUR',
      room_type_id: doubleType,
    });
    await rates.create(tenant, hotel, {
      name: 'Doble flexible',
      occupancy: 2,
      price: 9_500,
      currency: 'EUR',
      room_type_id: doubleType,
    });
    service = createBookingsService({
      db,
      clock,
      roomTypes: rooms,
      rates,
      makeCode: () => codes.shift() ?? newBookingCode(),
    });
  });
  afterAll(() => tdb.dispose());

  const body = (overrides: Partial<CreateBookingBody> = {}) =>
    createBookingBody.parse({
      start_date: '2026-12-01',
      end_date: '2026-12-04',
      name: 'Lucía Pérez',
      email: 'Lucia@Example.com',
      phone: '600 123 456',
      property_id: apartment,
      number_of_guests: 2,
      price: 30_000,
      ...overrides,
    });
  const updateBody = (id: string, overrides: Partial<UpdateBookingBody> = {}) =>
    updateBookingBody.parse({
      ...body(),
      id,
      original_start_date: '2026-12-01',
      original_end_date: '2026-12-04',
      original_property_id: apartment,
      ...overrides,
    });
  const nightsOf = async (bookingId: string) =>
    (
      await tdb.database.db
        .select({ unit: unitNights.unitId, night: unitNights.night })
        .from(unitNights)
        .where(eq(unitNights.bookingId, bookingId))
    )
      .map((r) => `${r.unit === apartment ? 'apt' : r.unit}:${r.night}`)
      .sort();

  it('creates a booked stay with a short code, the total of spec 5 and one night row per night', async () => {
    const created = await service.create(
      tenant,
      body({
        promotions: [{ description: 'Otoño', price: 2_000 }],
        taxes: [{ description: 'IVA', price: 500 }],
      }),
    );
    expect(created).toMatchObject({
      status: 'booked',
      payment_status: 'pending',
      paused: false,
      channel: 'manual',
      external: false,
      property_title: 'Casa Azul',
      email: 'lucia@example.com',
      phone: '+34600123456',
      nights: 3,
      subtotal: 28_000,
      total: 28_500,
      currency: 'EUR',
      quantity: 1,
      room_type_id: null,
      rooms: [],
      nombre: 'Lucía Pérez',
      fecha_ingreso: '2026-12-01',
      fecha_salida: '2026-12-04',
    });
    expect(created.code).toMatch(BOOKING_CODE_PATTERN);
    expect(await nightsOf(created.id)).toEqual(['apt:2026-12-01', 'apt:2026-12-02', 'apt:2026-12-03']);
    const [note] = await tdb.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.relationId, created.id), eq(notifications.kind, 'booking_new')));
    expect(note).toMatchObject({ type: 1, title: `${created.code} · Lucía Pérez`, readAt: null });
  });

  it('refuses the same nights again, and a stay overlapping one night of it', async () => {
    expect(await refusal(service.create(tenant, body()))).toMatchObject({
      code: 'booking.dates_taken',
      status: 409,
    });
    expect(
      await refusal(service.create(tenant, body({ start_date: '2026-12-03', end_date: '2026-12-06' }))),
    ).toMatchObject({ code: 'booking.dates_taken' });
    // Departure day of one stay is the arrival day of the next.
    expect(
      await refusal(service.create(tenant, body({ start_date: '2026-12-04', end_date: '2026-12-05' }))),
    ).toBe('ok');
  });

  it('judges "arrival not before today" in the property time zone', async () => {
    // 05:00 in Bogotá: still 2026-11-19 there, already 2026-11-20 in Madrid.
    clock.set(new Date('2026-11-20T04:00:00Z'));
    try {
      expect(
        await refusal(
          service.create(
            tenant,
            body({ property_id: bogota, start_date: '2026-11-19', end_date: '2026-11-21' }),
          ),
        ),
      ).toBe('ok');
      expect(
        await refusal(service.create(tenant, body({ start_date: '2026-11-19', end_date: '2026-11-21' }))),
      ).toEqual({
        code: 'booking.arrival_past',
        status: 422,
        fields: { start_date: ['booking.arrival_past'] },
      });
      expect(
        await refusal(service.create(tenant, body({ start_date: '2026-11-20', end_date: '2026-11-21' }))),
      ).toBe('ok');
    } finally {
      clock.set(new Date('2026-11-20T10:00:00Z'));
    }
  });

  it('caps guests at the property capacity', async () => {
    const dates = { start_date: '2027-01-10', end_date: '2027-01-12' };
    expect(await refusal(service.create(tenant, body({ ...dates, number_of_guests: 5 })))).toEqual({
      code: 'booking.guests_max',
      status: 422,
      fields: { number_of_guests: ['booking.guests_max'] },
    });
    expect(await refusal(service.create(tenant, body({ ...dates, number_of_guests: 4 })))).toBe('ok');
  });

  it('retries a booking code the account already uses', async () => {
    const first = await service.create(tenant, body({ start_date: '2027-02-01', end_date: '2027-02-02' }));
    codes.push(first.code, 'PS-ABCDEF');
    const second = await service.create(tenant, body({ start_date: '2027-02-02', end_date: '2027-02-03' }));
    expect(second.code).toBe('PS-ABCDEF');
  });

  describe('hotels', () => {
    const hotelBody = (overrides: Partial<CreateBookingBody> = {}) =>
      body({
        property_id: hotel,
        room_type_id: doubleType,
        start_date: '2026-12-10',
        end_date: '2026-12-12',
        ...overrides,
      });

    it('needs a room type of the hotel, and caps guests at the rooms (adults + children) × quantity', async () => {
      expect(await refusal(service.create(tenant, hotelBody({ room_type_id: null })))).toMatchObject({
        status: 400,
        fields: { room_type_id: ['booking.room_type_required'] },
      });
      expect(await refusal(service.create(tenant, hotelBody({ room_type_id: apartment })))).toMatchObject({
        code: 'room_types.not_found',
        status: 404,
      });
      expect(await refusal(service.create(tenant, hotelBody({ number_of_guests: 4 })))).toMatchObject({
        code: 'booking.guests_max',
      });
      expect(
        await refusal(service.create(tenant, hotelBody({ quantity: 4, number_of_guests: 2 }))),
      ).toMatchObject({
        code: 'booking.quantity_max',
        fields: { quantity: ['booking.quantity_max'] },
      });
    });

    it('assigns free rooms by name, skips rooms in maintenance and never sells more rooms than are free', async () => {
      await rooms.setStatus(tenant, hotel, roomId['1'] ?? '', 'maintenance');
      const two = await service.create(tenant, hotelBody({ quantity: 2, number_of_guests: 6 }));
      expect(two.rooms.map((r) => r.name)).toEqual(['2', '10']);
      expect(two.room_type_name).toBe('Doble');
      expect(await refusal(service.create(tenant, hotelBody()))).toMatchObject({
        code: 'booking.dates_taken',
      });
      await rooms.setStatus(tenant, hotel, roomId['1'] ?? '', 'available');
      const one = await service.create(tenant, hotelBody());
      expect(one.rooms.map((r) => r.name)).toEqual(['1']);
      expect(await refusal(service.create(tenant, hotelBody()))).toMatchObject({
        code: 'booking.dates_taken',
      });
    });

    it('keeps the bookings of a room put into maintenance, and edits them without re-checking', async () => {
      const booking = await service.create(
        tenant,
        hotelBody({ room_type_id: suiteType, start_date: '2026-12-20', end_date: '2026-12-22' }),
      );
      await rooms.setStatus(tenant, hotel, roomId['Suite 1'] ?? '', 'maintenance');
      const edited = await service.update(
        tenant,
        booking.id,
        updateBody(booking.id, {
          property_id: hotel,
          room_type_id: suiteType,
          start_date: '2026-12-20',
          end_date: '2026-12-22',
          name: 'Lucía Pérez Gil',
        }),
      );
      expect(edited.name).toBe('Lucía Pérez Gil');
      expect(edited.rooms.map((r) => r.name)).toEqual(['Suite 1']);
      expect(await nightsOf(booking.id)).toHaveLength(2);
      // Moving the dates is a new sale: the room in maintenance cannot take it, and nothing changes.
      expect(
        await refusal(
          service.update(
            tenant,
            booking.id,
            updateBody(booking.id, {
              property_id: hotel,
              room_type_id: suiteType,
              start_date: '2026-12-21',
              end_date: '2026-12-23',
            }),
          ),
        ),
      ).toMatchObject({ code: 'booking.new_dates_taken', status: 409 });
      expect((await service.get(tenant, booking.id)).start_date).toBe('2026-12-20');
      expect(await nightsOf(booking.id)).toEqual([
        `${roomId['Suite 1']}:2026-12-20`,
        `${roomId['Suite 1']}:2026-12-21`,
      ]);
      await rooms.setStatus(tenant, hotel, roomId['Suite 1'] ?? '', 'available');
    });

    it('changes a room to a free one of the same property, refusing maintenance and taken rooms', async () => {
      const booking = await service.create(
        tenant,
        hotelBody({ start_date: '2027-03-01', end_date: '2027-03-03' }),
      );
      const from = booking.rooms[0]?.id ?? '';
      expect(booking.rooms[0]?.name).toBe('1');
      const other = await service.create(
        tenant,
        hotelBody({ start_date: '2027-03-02', end_date: '2027-03-04' }),
      );
      expect(other.rooms[0]?.name).toBe('2');
      expect(
        await refusal(
          service.changeRoom(tenant, booking.id, { from_room_id: from, to_room_id: roomId['2'] ?? '' }),
        ),
      ).toMatchObject({ code: 'booking.dates_taken', status: 409 });
      await rooms.setStatus(tenant, hotel, roomId['10'] ?? '', 'maintenance');
      expect(
        await refusal(
          service.changeRoom(tenant, booking.id, { from_room_id: from, to_room_id: roomId['10'] ?? '' }),
        ),
      ).toMatchObject({ code: 'booking.room_maintenance', status: 409 });
      await rooms.setStatus(tenant, hotel, roomId['10'] ?? '', 'available');
      const moved = await service.changeRoom(tenant, booking.id, {
        from_room_id: from,
        to_room_id: roomId['10'] ?? '',
      });
      expect(moved.rooms.map((r) => r.name)).toEqual(['10']);
      expect(await nightsOf(booking.id)).toEqual([
        `${roomId['10']}:2027-03-01`,
        `${roomId['10']}:2027-03-02`,
      ]);
      // The freed room can be sold again; the suite (another type) takes the booking's type.
      expect(
        await refusal(
          service.create(tenant, hotelBody({ start_date: '2027-03-01', end_date: '2027-03-02' })),
        ),
      ).toBe('ok');
      const suite = await service.changeRoom(tenant, other.id, {
        from_room_id: roomId['2'] ?? '',
        to_room_id: roomId['Suite 1'] ?? '',
      });
      expect(suite).toMatchObject({ room_type_id: suiteType, room_type_name: 'Suite' });
      expect(
        await refusal(
          service.changeRoom(tenant, other.id, {
            from_room_id: roomId['2'] ?? '',
            to_room_id: roomId['1'] ?? '',
          }),
        ),
      ).toMatchObject({ code: 'booking.room_not_in_booking', status: 422 });
      expect(
        await refusal(
          service.changeRoom(tenant, other.id, {
            from_room_id: roomId['Suite 1'] ?? '',
            to_room_id: apartment,
          }),
        ),
      ).toMatchObject({ code: 'rooms.not_found', status: 404 });
    });

    it('answers availability per room type: free rooms, stop-sell and minimum stay', async () => {
      const range = { property_id: hotel, start_date: '2027-04-01', end_date: '2027-04-03' };
      expect(await service.availability(tenant, { ...range, room_type_id: doubleType })).toEqual({
        available: true,
        available_instances: 3,
        reason: null,
        min_stay: 1,
      });
      await service.create(
        tenant,
        hotelBody({ start_date: '2027-04-02', end_date: '2027-04-05', quantity: 2, number_of_guests: 2 }),
      );
      expect(await service.availability(tenant, { ...range, room_type_id: doubleType })).toMatchObject({
        available: true,
        available_instances: 1,
      });
      // Without a type: every type's free rooms.
      expect(await service.availability(tenant, range)).toMatchObject({ available_instances: 2 });
      await service.setNightPrices(tenant, {
        property_id: hotel,
        room_type_id: doubleType,
        start_date: '2027-04-01',
        end_date: '2027-04-02',
        price: null,
        min_stay: 3,
      });
      expect(await service.availability(tenant, { ...range, room_type_id: doubleType })).toEqual({
        available: false,
        available_instances: 0,
        reason: 'min_stay',
        min_stay: 3,
      });
      expect(await refusal(service.create(tenant, hotelBody(range)))).toMatchObject({
        code: 'booking.min_stay',
        fields: { end_date: ['booking.min_stay'] },
      });
      await service.setNightPrices(tenant, {
        property_id: hotel,
        room_type_id: doubleType,
        start_date: '2027-04-02',
        end_date: '2027-04-03',
        price: null,
        min_stay: null,
        stop_sell: true,
      });
      const stopped = await service.availability(tenant, {
        ...range,
        start_date: '2027-04-02',
        room_type_id: doubleType,
      });
      expect(stopped).toMatchObject({ available: false, available_instances: 0, reason: 'closed' });
      expect(
        await refusal(
          service.create(tenant, hotelBody({ start_date: '2027-04-02', end_date: '2027-04-03' })),
        ),
      ).toMatchObject({ code: 'booking.dates_taken' });
    });

    it('prices a room type from its nights, else its cheapest rate, times the rooms', async () => {
      await service.setNightPrices(tenant, {
        property_id: hotel,
        room_type_id: doubleType,
        start_date: '2027-05-02',
        end_date: '2027-05-03',
        price: 12_000,
        min_stay: null,
      });
      const price = await service.calculatePrice(tenant, {
        property_id: hotel,
        room_type_id: doubleType,
        start_date: '2027-05-01',
        end_date: '2027-05-04',
        quantity: 2,
      });
      expect(price).toEqual({
        total_price: (8_000 + 12_000 + 8_000) * 2,
        price_per_night: Math.round(56_000 / 3),
        currency: 'EUR',
        nights: [
          { date: '2027-05-01', price: 16_000 },
          { date: '2027-05-02', price: 24_000 },
          { date: '2027-05-03', price: 16_000 },
        ],
      });
    });

    it('closes one room or the whole hotel, refusing nights already sold', async () => {
      const closeRoom = await service.createClosedDates(tenant, {
        property_id: hotel,
        room_id: roomId['Suite 1'] ?? '',
        start_date: '2027-06-01',
        end_date: '2027-06-05',
        reason: 'Pintura',
      });
      expect(closeRoom).toMatchObject({ room_id: roomId['Suite 1'], reason: 'Pintura' });
      expect(
        await refusal(
          service.create(
            tenant,
            hotelBody({ room_type_id: suiteType, start_date: '2027-06-04', end_date: '2027-06-06' }),
          ),
        ),
      ).toMatchObject({ code: 'booking.dates_taken' });
      expect(
        (
          await service.availability(tenant, {
            property_id: hotel,
            room_type_id: suiteType,
            start_date: '2027-06-02',
            end_date: '2027-06-03',
          })
        ).reason,
      ).toBe('closed');
      await service.create(tenant, hotelBody({ start_date: '2027-06-10', end_date: '2027-06-12' }));
      expect(
        await refusal(
          service.createClosedDates(tenant, {
            property_id: hotel,
            start_date: '2027-06-11',
            end_date: '2027-06-13',
            reason: '',
          }),
        ),
      ).toMatchObject({ code: 'booking.dates_taken' });
      const whole = await service.createClosedDates(tenant, {
        property_id: hotel,
        start_date: '2027-06-20',
        end_date: '2027-06-21',
        reason: 'Cierre',
      });
      expect(whole.room_id).toBeNull();
      const held = await tdb.database.db
        .select()
        .from(unitNights)
        .where(eq(unitNights.closedDateId, whole.id));
      expect(held).toHaveLength(4);
      await service.deleteClosedDates(tenant, whole.id);
      expect(
        await tdb.database.db.select().from(unitNights).where(eq(unitNights.closedDateId, whole.id)),
      ).toEqual([]);
    });
  });

  describe('changes to a booking', () => {
    it('rewrites the nights only when the dates change, and never loses them on a refusal', async () => {
      const booking = await service.create(
        tenant,
        body({ start_date: '2027-07-01', end_date: '2027-07-05' }),
      );
      const blocker = await service.create(
        tenant,
        body({ start_date: '2027-07-05', end_date: '2027-07-07' }),
      );
      // Shrinking inside its own nights is fine.
      const shorter = await service.update(
        tenant,
        booking.id,
        updateBody(booking.id, { start_date: '2027-07-02', end_date: '2027-07-05', price: 20_000 }),
      );
      expect(shorter).toMatchObject({ start_date: '2027-07-02', nights: 3, total: 20_000, status: 'booked' });
      expect(await nightsOf(booking.id)).toEqual(['apt:2027-07-02', 'apt:2027-07-03', 'apt:2027-07-04']);
      expect(
        await refusal(
          service.update(
            tenant,
            booking.id,
            updateBody(booking.id, { start_date: '2027-07-02', end_date: '2027-07-06' }),
          ),
        ),
      ).toMatchObject({ code: 'booking.new_dates_taken', status: 409 });
      expect(await nightsOf(booking.id)).toEqual(['apt:2027-07-02', 'apt:2027-07-03', 'apt:2027-07-04']);
      expect(await nightsOf(blocker.id)).toHaveLength(2);
      const kinds = await tdb.database.db
        .select({ kind: notifications.kind, type: notifications.type })
        .from(notifications)
        .where(eq(notifications.relationId, booking.id));
      expect(kinds).toEqual([
        { kind: 'booking_new', type: 1 },
        { kind: 'booking_update', type: 2 },
      ]);
    });

    it('keeps a stay in progress editable although its arrival is past', async () => {
      const booking = await service.create(
        tenant,
        body({ start_date: '2026-11-21', end_date: '2026-11-24' }),
      );
      clock.advance(2 * 86_400_000);
      try {
        const edited = await service.update(
          tenant,
          booking.id,
          updateBody(booking.id, { start_date: '2026-11-21', end_date: '2026-11-25' }),
        );
        expect(edited.end_date).toBe('2026-11-25');
        expect(
          await refusal(
            service.update(
              tenant,
              booking.id,
              updateBody(booking.id, { start_date: '2026-11-20', end_date: '2026-11-25' }),
            ),
          ),
        ).toMatchObject({ code: 'booking.arrival_past' });
      } finally {
        clock.set(new Date('2026-11-20T10:00:00Z'));
      }
    });

    it('cancels: status cancelled, nights freed, the dates bookable again; idempotent', async () => {
      const dates = { start_date: '2027-08-01', end_date: '2027-08-03' };
      const booking = await service.create(tenant, body(dates));
      const cancelled = await service.cancel(tenant, booking.id);
      expect(cancelled.status).toBe('cancelled');
      expect(await nightsOf(booking.id)).toEqual([]);
      expect((await service.cancel(tenant, booking.id)).status).toBe('cancelled');
      const again = await service.create(tenant, body(dates));
      expect(again.status).toBe('booked');
      const cancels = await tdb.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.relationId, booking.id), eq(notifications.kind, 'booking_cancel')));
      expect(cancels).toHaveLength(1);
      expect(cancels[0]?.type).toBe(3);
      // Updating a cancelled booking books it again, when its nights are free.
      expect(await refusal(service.update(tenant, booking.id, updateBody(booking.id, dates)))).toMatchObject({
        code: 'booking.new_dates_taken',
      });
      const rebooked = await service.update(
        tenant,
        booking.id,
        updateBody(booking.id, { start_date: '2027-08-03', end_date: '2027-08-04' }),
      );
      expect(rebooked.status).toBe('booked');
      expect(await nightsOf(booking.id)).toEqual(['apt:2027-08-03']);
    });

    it('refuses to cancel a booking from an external channel', async () => {
      const booking = await service.create(
        tenant,
        body({ start_date: '2027-09-01', end_date: '2027-09-03' }),
      );
      await tdb.database.db.update(bookings).set({ channel: 'airbnb' }).where(eq(bookings.id, booking.id));
      expect((await service.get(tenant, booking.id)).external).toBe(true);
      expect(await refusal(service.cancel(tenant, booking.id))).toMatchObject({
        code: 'booking.external_not_cancellable',
        status: 409,
      });
      expect((await service.get(tenant, booking.id)).status).toBe('booked');
      expect(await nightsOf(booking.id)).toHaveLength(2);
    });

    it('pauses, activates and sets the payment status by hand', async () => {
      const booking = await service.create(
        tenant,
        body({ start_date: '2027-10-01', end_date: '2027-10-02' }),
      );
      expect((await service.setPaused(tenant, booking.id, true)).paused).toBe(true);
      expect((await service.setPaused(tenant, booking.id, false)).paused).toBe(false);
      expect((await service.setPaymentStatus(tenant, booking.id, 'paid')).payment_status).toBe('paid');
      expect((await service.setPaymentStatus(tenant, booking.id, 'pending')).payment_status).toBe('pending');
    });
  });

  describe('apartments: closed dates, prices and availability', () => {
    it('closed dates block bookings and bookings block closed dates; editing and deleting moves the block', async () => {
      const closed = await service.createClosedDates(tenant, {
        property_id: apartment,
        start_date: '2027-11-01',
        end_date: '2027-11-04',
        reason: 'Obras',
      });
      expect(
        await refusal(service.create(tenant, body({ start_date: '2027-11-03', end_date: '2027-11-05' }))),
      ).toMatchObject({
        code: 'booking.dates_taken',
      });
      expect(
        await service.availability(tenant, {
          property_id: apartment,
          start_date: '2027-11-03',
          end_date: '2027-11-05',
        }),
      ).toEqual({ available: false, available_instances: 0, reason: 'closed', min_stay: 1 });
      const booking = await service.create(
        tenant,
        body({ start_date: '2027-11-10', end_date: '2027-11-12' }),
      );
      expect(
        await service.availability(tenant, {
          property_id: apartment,
          start_date: '2027-11-10',
          end_date: '2027-11-11',
        }),
      ).toMatchObject({ available: false, reason: 'dates_taken' });
      expect(
        await service.availability(tenant, {
          property_id: apartment,
          start_date: '2027-11-10',
          end_date: '2027-11-11',
          exclude_booking_id: booking.id,
        }),
      ).toMatchObject({ available: true, available_instances: 1 });
      expect(
        await refusal(
          service.updateClosedDates(tenant, closed.id, {
            property_id: apartment,
            start_date: '2027-11-01',
            end_date: '2027-11-11',
            reason: 'Obras',
          }),
        ),
      ).toMatchObject({ code: 'booking.dates_taken' });
      const moved = await service.updateClosedDates(tenant, closed.id, {
        property_id: apartment,
        start_date: '2027-11-05',
        end_date: '2027-11-08',
        reason: 'Obras largas',
      });
      expect(moved).toMatchObject({
        start_date: '2027-11-05',
        end_date: '2027-11-08',
        reason: 'Obras largas',
      });
      expect(
        await refusal(service.create(tenant, body({ start_date: '2027-11-01', end_date: '2027-11-04' }))),
      ).toBe('ok');
      await service.deleteClosedDates(tenant, closed.id);
      expect(
        await refusal(service.create(tenant, body({ start_date: '2027-11-05', end_date: '2027-11-08' }))),
      ).toBe('ok');
      expect(await refusal(service.deleteClosedDates(tenant, closed.id))).toMatchObject({
        code: 'booking.closed_date_not_found',
        status: 404,
      });
    });

    it('sets prices per night where null keeps, and prices a stay from them and the base price', async () => {
      const range = { property_id: apartment, start_date: '2027-12-01', end_date: '2027-12-04' };
      const first = await service.setNightPrices(tenant, { ...range, price: 15_000, min_stay: 2 });
      expect(first.nights).toEqual([
        { date: '2027-12-01', price: 15_000, min_stay: 2, stop_sell: false },
        { date: '2027-12-02', price: 15_000, min_stay: 2, stop_sell: false },
        { date: '2027-12-03', price: 15_000, min_stay: 2, stop_sell: false },
      ]);
      const kept = await service.setNightPrices(tenant, {
        ...range,
        start_date: '2027-12-02',
        end_date: '2027-12-03',
        price: null,
        min_stay: 1,
      });
      expect(kept.nights).toEqual([{ date: '2027-12-02', price: 15_000, min_stay: 1, stop_sell: false }]);
      const price = await service.calculatePrice(tenant, { ...range, end_date: '2027-12-05', quantity: 1 });
      expect(price).toMatchObject({
        total_price: 15_000 * 3 + 10_000,
        price_per_night: 13_750,
        currency: 'EUR',
      });
      expect(
        await service.availability(tenant, {
          property_id: apartment,
          start_date: '2027-12-01',
          end_date: '2027-12-02',
        }),
      ).toEqual({ available: false, available_instances: 0, reason: 'min_stay', min_stay: 2 });
      expect(
        await refusal(service.create(tenant, body({ start_date: '2027-12-01', end_date: '2027-12-02' }))),
      ).toMatchObject({
        code: 'booking.min_stay',
        status: 422,
      });
      expect(
        await refusal(
          service.setNightPrices(tenant, { ...range, room_type_id: doubleType, price: 1, min_stay: null }),
        ),
      ).toMatchObject({ code: 'room_types.not_found' });
    });

    it('refuses stays longer than a year', async () => {
      expect(
        await refusal(service.create(tenant, body({ start_date: '2028-01-01', end_date: '2029-01-02' }))),
      ).toMatchObject({ code: 'booking.range_too_long' });
    });
  });

  describe('the Reservas list', () => {
    it('searches name, e-mail, phone digits and code; filters; sorts; pages', async () => {
      // A code whose digits appear in every other guest's phone (+34600123456) finds only its booking.
      codes.push('PS-23456K');
      const a = await service.create(
        tenant,
        body({
          name: 'Íñigo Zubiri',
          email: 'inigo@correo.es',
          phone: '+34 699 88 77 66',
          start_date: '2028-03-01',
          end_date: '2028-03-02',
        }),
      );
      const gone = await service.create(tenant, body({ start_date: '2028-04-01', end_date: '2028-04-02' }));
      await service.cancel(tenant, gone.id);
      const page = (q: Record<string, unknown>) =>
        service.list(tenant, { sort: 'start_date', page: 1, page_size: 25, ...q } as never);
      expect((await page({ search: 'zubiri' })).items.map((b) => b.id)).toEqual([a.id]);
      expect((await page({ search: 'INIGO@' })).items.map((b) => b.id)).toEqual([a.id]);
      expect((await page({ search: '699 887' })).items.map((b) => b.id)).toEqual([a.id]);
      expect((await page({ search: a.code.toLowerCase() })).items.map((b) => b.id)).toEqual([a.id]);
      expect((await page({ search: '%' })).items).toEqual([]);
      const hotelOnly = await page({ property_id: hotel, page_size: 100 });
      expect(hotelOnly.items.every((b) => b.property_id === hotel)).toBe(true);
      expect(hotelOnly.total).toBe(hotelOnly.items.length);
      const cancelled = await page({ status: 'cancelled' });
      expect(cancelled.items.map((b) => b.id)).toEqual([gone.id]);
      const march = await page({ from: '2028-03-01', to: '2028-03-02' });
      expect(march.items.map((b) => b.id)).toEqual([a.id]);
      const all = await page({ page_size: 100 });
      const starts = all.items.map((b) => b.start_date);
      expect(starts).toEqual([...starts].sort());
      const desc = await page({ sort: '-start_date', page_size: 3, page: 2 });
      expect(desc.items).toHaveLength(3);
      expect(desc.total).toBe(all.total);
      expect(desc.items.map((b) => b.id)).toEqual(
        [...all.items]
          .reverse()
          .slice(3, 6)
          .map((b) => b.id),
      );
    });
  });
});
