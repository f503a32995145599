import { bookingPaths } from '@posada/contracts/bookings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, unitNights } from '../../db/schema/bookings.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The booking API through app.inject (PGlite, and PostgreSQL with TEST_DB=postgres). The clock is
 * 2026-11-20 10:00 UTC, so "today" is 2026-11-20 in Madrid.
 */
describe('bookings API', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let apartment: string;
  let hotel: string;
  let doubleType: string;
  const room: Record<string, string> = {};
  // Another account's resources, for the 404 checks.
  const foreign = { property: '', hotel: '', roomType: '', room: '', booking: '', closedDate: '' };

  const call = (method: Method, url: string, payload?: object, as = token, lang = 'es') =>
    t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': lang } });

  const createPayload = (overrides: Record<string, unknown> = {}) => ({
    start_date: '2026-12-01',
    end_date: '2026-12-04',
    name: 'Lucía Pérez',
    email: 'lucia@example.com',
    phone: '+34 600 123 456',
    property_id: apartment,
    number_of_guests: 2,
    price: 30_000,
    property_title: 'ignored',
    status: 'ignored',
    user_id: 7,
    ...overrides,
  });

  async function setUpHotel(as: string, propertyId: string) {
    const type = await call(
      'POST',
      `/api/properties/${propertyId}/room-types`,
      { name: 'Doble', adults: 2 },
      as,
    );
    const typeId = type.json().data.id as string;
    const saved = await call(
      'PUT',
      `/api/properties/${propertyId}/rooms`,
      { rooms: ['101', '102', '103'].map((name) => ({ room_type_id: typeId, name })) },
      as,
    );
    const rooms = saved.json().data.rooms as { id: string; name: string }[];
    return { typeId, rooms: Object.fromEntries(rooms.map((r) => [r.name, r.id])) as Record<string, string> };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Casa Azul', tipoPropiedad: 'apartamento' },
        { nombre: 'Hotel Sol', tipoPropiedad: 'hotel' },
      ],
    });
    const other = await createEmpresa(t, {
      properties: [
        { nombre: 'Casa Ajena', tipoPropiedad: 'apartamento' },
        { nombre: 'Hotel Ajeno', tipoPropiedad: 'hotel' },
      ],
    });
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    [apartment = '', hotel = ''] = owner.propertyIds;
    [foreign.property = '', foreign.hotel = ''] = other.propertyIds;
    await t.database.db
      .update(properties)
      .set({ guests: 4, priceNight: 10_000 })
      .where(eq(properties.id, apartment));
    await t.database.db
      .update(properties)
      .set({ guests: 4, priceNight: 9_000 })
      .where(eq(properties.id, foreign.property));

    const mine = await setUpHotel(token, hotel);
    doubleType = mine.typeId;
    Object.assign(room, mine.rooms);
    const theirs = await setUpHotel(otherToken, foreign.hotel);
    foreign.roomType = theirs.typeId;
    foreign.room = theirs.rooms['101'] ?? '';
    const booking = await call(
      'POST',
      bookingPaths.create,
      createPayload({ property_id: foreign.property }),
      otherToken,
    );
    expect(booking.statusCode).toBe(201);
    foreign.booking = booking.json().data.id;
    const closed = await call(
      'POST',
      bookingPaths.closedDates,
      { property_id: foreign.property, start_date: '2027-01-01', end_date: '2027-01-03' },
      otherToken,
    );
    expect(closed.statusCode).toBe(201);
    foreign.closedDate = closed.json().data.id;
  });
  afterAll(() => t.close());

  it('creates a booking at the spec 7 path: status booked, the server decides account, title and status', async () => {
    const res = await call(
      'POST',
      bookingPaths.create,
      createPayload({ taxes: [{ description: 'IVA', price: 3_000 }] }),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'booked',
      property_title: 'Casa Azul',
      start_date: '2026-12-01',
      end_date: '2026-12-04',
      nights: 3,
      number_of_guests: 2,
      price: 30_000,
      total: 33_000,
      currency: 'EUR',
      channel: 'manual',
      // spec 3 "read for edit" names
      nombre: 'Lucía Pérez',
      telefono: '+34600123456',
      cantidad_huesped: 2,
      propiedad_id: apartment,
      fecha_ingreso: '2026-12-01',
      fecha_salida: '2026-12-04',
    });
    expect(data.code).toMatch(/^PS-[2-9A-HJKMNP-Z]{6}$/);
    const detail = await call('GET', bookingPaths.one(data.id));
    expect(detail.json().data).toEqual(data);
    const [note] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.relationId, data.id));
    expect(note).toMatchObject({ kind: 'booking_new', type: 1 });
  });

  it('warns with the spec 8 text when the dates are taken, in the caller language', async () => {
    const res = await call(
      'POST',
      bookingPaths.create,
      createPayload({ start_date: '2026-12-03', end_date: '2026-12-05' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      ok: false,
      code: 'booking.dates_taken',
      message: 'Las fechas ya están reservadas o bloqueadas',
    });
    const en = await call('POST', bookingPaths.create, createPayload(), token, 'en');
    expect(en.json().message).toBe('These dates are already booked or blocked');
    const ar = await call('POST', bookingPaths.create, createPayload(), token, 'ar');
    expect(ar.json().message).toBe('هذه التواريخ محجوزة أو مغلقة بالفعل');
  });

  describe('every rule of spec 5 "Reservation modal and booking form" is refused with its text', () => {
    const cases: [string, Record<string, unknown>, number, string, string][] = [
      ['name required', { name: '  ' }, 400, 'name', 'Completa los campos obligatorios.'],
      ['email required', { email: '' }, 400, 'email', 'Completa los campos obligatorios.'],
      ['phone required', { phone: '' }, 400, 'phone', 'Completa los campos obligatorios.'],
      [
        'phone at least 5 digits',
        { phone: '12 34' },
        400,
        'phone',
        'El teléfono debe tener al menos 5 dígitos.',
      ],
      ['dates required', { start_date: '' }, 400, 'start_date', 'Selecciona las fechas.'],
      ['a real date', { end_date: '2026-02-30' }, 400, 'end_date', 'Selecciona las fechas.'],
      [
        'guests at least 1',
        { number_of_guests: 0 },
        400,
        'number_of_guests',
        'Debe haber al menos 1 huésped.',
      ],
      [
        'guests capped at the capacity',
        { number_of_guests: 5, start_date: '2027-02-01', end_date: '2027-02-02' },
        422,
        'number_of_guests',
        'El número de huéspedes supera la capacidad del alojamiento.',
      ],
      ['price not negative', { price: -1 }, 400, 'price', 'El precio no puede ser negativo.'],
      [
        'arrival not before today',
        { start_date: '2026-11-19', end_date: '2026-11-22' },
        422,
        'start_date',
        'La fecha de llegada no puede ser anterior a hoy.',
      ],
      [
        'departure after arrival',
        { start_date: '2026-12-10', end_date: '2026-12-10' },
        400,
        'end_date',
        'La salida debe ser posterior a la llegada.',
      ],
      [
        'hotel quantity at least 1',
        { property_id: '', quantity: 0 },
        400,
        'quantity',
        'Reserva al menos 1 habitación.',
      ],
      [
        'hotel quantity up to the rooms',
        {
          property_id: '',
          quantity: 4,
          number_of_guests: 2,
          start_date: '2027-02-01',
          end_date: '2027-02-02',
        },
        422,
        'quantity',
        'No hay tantas habitaciones disponibles.',
      ],
      [
        'one promotion line',
        {
          promotions: [
            { description: 'a', price: 1 },
            { description: 'b', price: 1 },
          ],
        },
        400,
        'promotions',
        'Solo se permite una promoción.',
      ],
      [
        'one tax line',
        {
          taxes: [
            { description: 'a', price: 1 },
            { description: 'b', price: 1 },
          ],
        },
        400,
        'taxes',
        'Solo se permite un impuesto.',
      ],
      [
        'promotion not negative',
        { promotions: [{ description: 'a', price: -5 }] },
        400,
        'promotions.0.price',
        'El precio no puede ser negativo.',
      ],
    ];
    it.each(cases)('%s', async (_rule, overrides, status, field, text) => {
      const hotelFields =
        overrides.property_id === '' ? { property_id: hotel, room_type_id: doubleType } : {};
      const res = await call('POST', bookingPaths.create, createPayload({ ...overrides, ...hotelFields }));
      expect(res.statusCode).toBe(status);
      expect(res.json().errors[field]).toEqual([text]);
      if (status === 422) expect(res.json().message).toBe(text);
    });

    it('refuses a hotel booking without a room type', async () => {
      const res = await call('POST', bookingPaths.create, createPayload({ property_id: hotel }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ room_type_id: ['Elige un tipo de habitación.'] });
    });
  });

  it('updates at the spec 7 path; new dates taken answer the spec 8 update text and change nothing', async () => {
    const first = (
      await call(
        'POST',
        bookingPaths.create,
        createPayload({ start_date: '2027-03-01', end_date: '2027-03-04' }),
      )
    ).json().data;
    await call(
      'POST',
      bookingPaths.create,
      createPayload({ start_date: '2027-03-04', end_date: '2027-03-06' }),
    );
    const update = (overrides: Record<string, unknown>) => ({
      ...createPayload({ start_date: '2027-03-01', end_date: '2027-03-04' }),
      id: first.id,
      original_start_date: '2027-03-01',
      original_end_date: '2027-03-04',
      original_property_id: apartment,
      ...overrides,
    });
    const ok = await call(
      'PUT',
      bookingPaths.update(first.id),
      update({ name: 'Lucía Pérez Gil', number_of_guests: 3 }),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Lucía Pérez Gil', number_of_guests: 3, status: 'booked' });
    const taken = await call('PUT', bookingPaths.update(first.id), update({ end_date: '2027-03-05' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'booking.new_dates_taken',
      message: 'Las nuevas fechas ya están reservadas o bloqueadas',
    });
    expect((await call('GET', bookingPaths.one(first.id))).json().data.end_date).toBe('2027-03-04');
    const mismatch = await call('PUT', bookingPaths.update(first.id), update({ id: foreign.booking }));
    expect(mismatch.statusCode).toBe(400);
  });

  it('cancels (spec 7), freeing the nights; an external booking is refused with a warning', async () => {
    const dates = { start_date: '2027-04-01', end_date: '2027-04-03' };
    const booking = (await call('POST', bookingPaths.create, createPayload(dates))).json().data;
    const res = await call('POST', bookingPaths.cancel, { booking_id: booking.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect(await t.database.db.select().from(unitNights).where(eq(unitNights.bookingId, booking.id))).toEqual(
      [],
    );
    expect((await call('POST', bookingPaths.create, createPayload(dates))).statusCode).toBe(201);

    const external = (
      await call(
        'POST',
        bookingPaths.create,
        createPayload({ start_date: '2027-04-10', end_date: '2027-04-12' }),
      )
    ).json().data;
    await t.database.db.update(bookings).set({ channel: 'booking' }).where(eq(bookings.id, external.id));
    const refused = await call('POST', bookingPaths.cancel, { booking_id: external.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'booking.external_not_cancellable',
      message:
        'Esta reserva viene de un canal externo y no se puede cancelar aquí. Cancélala en el canal donde se hizo.',
    });
    expect((await call('GET', bookingPaths.one(external.id))).json().data).toMatchObject({
      status: 'booked',
      external: true,
    });
  });

  it('pauses, activates and changes the payment status', async () => {
    const booking = (
      await call(
        'POST',
        bookingPaths.create,
        createPayload({ start_date: '2027-05-01', end_date: '2027-05-02' }),
      )
    ).json().data;
    expect((await call('PUT', bookingPaths.paused(booking.id), { paused: true })).json().data.paused).toBe(
      true,
    );
    expect((await call('PUT', bookingPaths.paused(booking.id), { paused: false })).json().data.paused).toBe(
      false,
    );
    const paid = await call('PUT', bookingPaths.paymentStatus(booking.id), { payment_status: 'paid' });
    expect(paid.json().data.payment_status).toBe('paid');
    expect(
      (await call('PUT', bookingPaths.paymentStatus(booking.id), { payment_status: 'refunded' })).statusCode,
    ).toBe(400);
  });

  it('books hotel rooms, changes a room, and refuses a room that is taken or in maintenance', async () => {
    const hotelPayload = (overrides: Record<string, unknown> = {}) =>
      createPayload({
        property_id: hotel,
        room_type_id: doubleType,
        start_date: '2027-06-01',
        end_date: '2027-06-03',
        ...overrides,
      });
    const two = (
      await call('POST', bookingPaths.create, hotelPayload({ quantity: 2, number_of_guests: 4 }))
    ).json().data;
    expect(two.rooms.map((r: { name: string }) => r.name)).toEqual(['101', '102']);
    expect(two).toMatchObject({ quantity: 2, room_type_name: 'Doble' });
    const avail = await call('POST', bookingPaths.availability, {
      property_id: hotel,
      room_type_id: doubleType,
      start_date: '2027-06-01',
      end_date: '2027-06-03',
    });
    expect(avail.json().data).toEqual({ available: true, available_instances: 1, reason: null, min_stay: 1 });

    const move = (to: string) =>
      call('PUT', bookingPaths.room(two.id), { from_room_id: room['102'], to_room_id: to });
    expect((await move(room['101'] ?? '')).statusCode).toBe(409);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${hotel}/rooms/${room['103']}/status`,
      payload: { status: 'maintenance' },
      headers: bearer(token),
    });
    const maintenance = await move(room['103'] ?? '');
    expect(maintenance.statusCode).toBe(409);
    expect(maintenance.json().message).toBe('La habitación está en mantenimiento y no se puede vender.');
    // With 103 in maintenance and 101, 102 sold, the type is full.
    const full = await call('POST', bookingPaths.create, hotelPayload());
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe('Las fechas ya están reservadas o bloqueadas');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${hotel}/rooms/${room['103']}/status`,
      payload: { status: 'available' },
      headers: bearer(token),
    });
    const moved = await move(room['103'] ?? '');
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.rooms.map((r: { name: string }) => r.name)).toEqual(['101', '103']);
    expect((await call('POST', bookingPaths.create, hotelPayload())).json().data.rooms[0].name).toBe('102');
    const apartmentBooking = (
      await call(
        'POST',
        bookingPaths.create,
        createPayload({ start_date: '2027-06-10', end_date: '2027-06-11' }),
      )
    ).json().data;
    const notHotel = await call('PUT', bookingPaths.room(apartmentBooking.id), {
      from_room_id: room['101'],
      to_room_id: room['102'],
    });
    expect(notHotel.statusCode).toBe(422);
  });

  it('calculates the price from the nights and the base price (spec 7 names)', async () => {
    await call('PUT', bookingPaths.nightPrices, {
      property_id: apartment,
      start_date: '2027-07-02',
      end_date: '2027-07-03',
      price: 16_000,
      min_stay: null,
    });
    const res = await call('POST', bookingPaths.calculatePrice, {
      start_date: '2027-07-01',
      end_date: '2027-07-04',
      property_id: apartment,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total_price: 36_000, price_per_night: 12_000, currency: 'EUR' });
  });

  it('closed dates block bookings and bookings block closed dates; deleting frees the nights', async () => {
    const closed = await call('POST', bookingPaths.closedDates, {
      property_id: apartment,
      start_date: '2027-08-01',
      end_date: '2027-08-05',
      reason: 'Pintura',
    });
    expect(closed.statusCode).toBe(201);
    const id = closed.json().data.id;
    const blocked = await call(
      'POST',
      bookingPaths.create,
      createPayload({ start_date: '2027-08-04', end_date: '2027-08-06' }),
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe('Las fechas ya están reservadas o bloqueadas');
    await call(
      'POST',
      bookingPaths.create,
      createPayload({ start_date: '2027-08-10', end_date: '2027-08-12' }),
    );
    const overlap = await call('PUT', bookingPaths.closedDate(id), {
      property_id: apartment,
      start_date: '2027-08-01',
      end_date: '2027-08-11',
    });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().code).toBe('booking.dates_taken');
    const roomClosure = await call('POST', bookingPaths.closedDates, {
      property_id: hotel,
      room_id: room['101'],
      start_date: '2027-08-01',
      end_date: '2027-08-02',
    });
    expect(roomClosure.json().data).toMatchObject({ room_id: room['101'], reason: '' });
    expect((await call('DELETE', bookingPaths.closedDate(id))).json()).toEqual({ ok: true, data: { id } });
    expect(
      (
        await call(
          'POST',
          bookingPaths.create,
          createPayload({ start_date: '2027-08-04', end_date: '2027-08-06' }),
        )
      ).statusCode,
    ).toBe(201);
    expect((await call('DELETE', bookingPaths.closedDate(id))).statusCode).toBe(404);
  });

  it('lists the account bookings only, with search, filters and paging', async () => {
    const res = await call('GET', `${bookingPaths.list}?search=lucia&page_size=5&sort=-created_at`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.items).toHaveLength(5);
    expect(data.total).toBeGreaterThan(5);
    expect(data.items.every((b: { id: string }) => b.id !== foreign.booking)).toBe(true);
    const mine = await call('GET', `${bookingPaths.list}?page_size=100`);
    expect(mine.json().data.items.some((b: { id: string }) => b.id === foreign.booking)).toBe(false);
    const hotelOnly = await call('GET', `${bookingPaths.list}?property_id=${hotel}&status=booked`);
    expect(hotelOnly.json().data.items.every((b: { property_id: string }) => b.property_id === hotel)).toBe(
      true,
    );
    expect((await call('GET', `${bookingPaths.list}?page_size=101`)).statusCode).toBe(400);
  });

  it('answers 404 for another account on every endpoint', async () => {
    const dates = { start_date: '2027-09-01', end_date: '2027-09-03' };
    const checks: [Method, string, object | undefined][] = [
      ['POST', bookingPaths.create, createPayload({ property_id: foreign.property })],
      ['POST', bookingPaths.create, createPayload({ property_id: hotel, room_type_id: foreign.roomType })],
      [
        'PUT',
        bookingPaths.update(foreign.booking),
        {
          ...createPayload(),
          id: foreign.booking,
          original_start_date: '2026-12-01',
          original_end_date: '2026-12-04',
          original_property_id: foreign.property,
        },
      ],
      // An invalid body for another account's booking: still 404, never a 400 listing the fields.
      ['PUT', bookingPaths.update(foreign.booking), {}],
      ['POST', bookingPaths.cancel, { booking_id: foreign.booking }],
      ['POST', bookingPaths.calculatePrice, { ...dates, property_id: foreign.property }],
      ['GET', `${bookingPaths.list}?property_id=${foreign.property}`, undefined],
      ['GET', bookingPaths.one(foreign.booking), undefined],
      ['GET', bookingPaths.one('not-a-uuid'), undefined],
      ['PUT', bookingPaths.paused(foreign.booking), { paused: true }],
      ['PUT', bookingPaths.paymentStatus(foreign.booking), { payment_status: 'paid' }],
      ['PUT', bookingPaths.room(foreign.booking), { from_room_id: foreign.room, to_room_id: foreign.room }],
      ['POST', bookingPaths.availability, { ...dates, property_id: foreign.property }],
      [
        'POST',
        bookingPaths.availability,
        { ...dates, property_id: apartment, exclude_booking_id: foreign.booking },
      ],
      ['POST', bookingPaths.closedDates, { ...dates, property_id: foreign.property }],
      ['POST', bookingPaths.closedDates, { ...dates, property_id: hotel, room_id: foreign.room }],
      ['PUT', bookingPaths.closedDate(foreign.closedDate), { ...dates, property_id: apartment }],
      ['PUT', bookingPaths.closedDate(foreign.closedDate), {}],
      ['DELETE', bookingPaths.closedDate(foreign.closedDate), undefined],
      [
        'PUT',
        bookingPaths.nightPrices,
        { ...dates, property_id: foreign.property, price: 1, min_stay: null },
      ],
      [
        'PUT',
        bookingPaths.nightPrices,
        { ...dates, property_id: hotel, room_type_id: foreign.roomType, price: 1, min_stay: null },
      ],
    ];
    for (const [method, url, payload] of checks) {
      const res = await call(method, url, payload);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(404);
    }
    // One of my bookings moved to another account's room.
    const mine = (
      await call(
        'POST',
        bookingPaths.create,
        createPayload({ property_id: hotel, room_type_id: doubleType, ...dates }),
      )
    ).json().data;
    const res = await call('PUT', bookingPaths.room(mine.id), {
      from_room_id: mine.rooms[0].id,
      to_room_id: foreign.room,
    });
    expect(res.statusCode).toBe(404);
    // Nothing of theirs changed.
    const theirs = await call('GET', bookingPaths.one(foreign.booking), undefined, otherToken);
    expect(theirs.json().data).toMatchObject({ status: 'booked', paused: false, payment_status: 'pending' });
    const closures = await t.database.db
      .select()
      .from(unitNights)
      .where(eq(unitNights.closedDateId, foreign.closedDate));
    expect(closures).toHaveLength(2);
  });

  it('answers 401 without a session on every endpoint', async () => {
    const id = foreign.booking;
    const routes: [Method, string][] = [
      ['POST', bookingPaths.create],
      ['PUT', bookingPaths.update(id)],
      ['POST', bookingPaths.cancel],
      ['POST', bookingPaths.calculatePrice],
      ['GET', bookingPaths.list],
      ['GET', bookingPaths.one(id)],
      ['PUT', bookingPaths.paused(id)],
      ['PUT', bookingPaths.paymentStatus(id)],
      ['PUT', bookingPaths.room(id)],
      ['POST', bookingPaths.availability],
      ['POST', bookingPaths.closedDates],
      ['PUT', bookingPaths.closedDate(id)],
      ['DELETE', bookingPaths.closedDate(id)],
      ['PUT', bookingPaths.nightPrices],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
