import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createEmpresa, type Fixture, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

describe('property rooms: room types, the room form, maintenance status and rates', () => {
  let t: TestApp;
  let owner: Fixture;
  let token: string;
  let otherToken: string;
  let hotelId: string;
  let base: string;

  beforeAll(async () => {
    t = await buildTestApp();
    owner = await createEmpresa(t, {
      properties: [{ nombre: 'Hotel Río Tormes', tipoPropiedad: 'hotel' }],
      account: { roomQuantity: 4 },
    });
    token = await loginToken(t, owner.email);
    const other = await createEmpresa(t, { properties: [{ nombre: 'Casa Ajena' }] });
    otherToken = await loginToken(t, other.email);
    hotelId = owner.propertyIds[0] ?? '';
    base = `/api/properties/${hotelId}`;
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as = token,
    lang = 'es',
  ) => t.app.inject({ method, url, payload, headers: { ...bearer(as), 'accept-language': lang } });

  let doubleId: string;
  let suiteId: string;

  it('creates, lists, updates room types; refuses bad input with field errors', async () => {
    const created = await call('POST', `${base}/room-types`, { name: ' Doble ', adults: 2, children: 1 });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      name: 'Doble',
      adults: 2,
      children: 1,
      infants: 0,
      rooms_count: 0,
    });
    doubleId = created.json().data.id;
    suiteId = (await call('POST', `${base}/room-types`, { name: 'Suite', adults: 4 })).json().data.id;

    const bad = await call('POST', `${base}/room-types`, { name: '', adults: 0, children: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: ['Este campo es obligatorio.'],
      adults: ['Debe ser como mínimo 1.'],
      children: ['Debe ser como mínimo 0.'],
    });

    const updated = await call('PUT', `${base}/room-types/${doubleId}`, {
      name: 'Doble estándar',
      adults: 2,
      infants: 1,
    });
    expect(updated.statusCode).toBe(200);
    const list = (await call('GET', `${base}/room-types`)).json().data.items;
    expect(list.map((x: { name: string }) => x.name)).toEqual(['Doble estándar', 'Suite']);
    expect(list[0]).toMatchObject({ adults: 2, children: 0, infants: 1 });
    expect((await call('PUT', `${base}/room-types/${hotelId}`, { name: 'X', adults: 1 })).statusCode).toBe(
      404,
    );
  });

  it('saves the whole room list, reloads it, updates and deletes by id', async () => {
    const saved = await call('PUT', `${base}/rooms`, {
      rooms: [
        { room_type_id: doubleId, name: '101', code: 'A-101', access_key: '1234' },
        { room_type_id: doubleId, name: '102', description: 'Vista al río' },
        { room_type_id: suiteId, name: 'Suite 1', status: 'cleaning' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.room_quantity).toBe(4);
    const reloaded = (await call('GET', `${base}/rooms`)).json().data;
    expect(reloaded.rooms).toHaveLength(3);
    expect(reloaded.rooms[0]).toMatchObject({
      name: '101',
      code: 'A-101',
      access_key: '1234',
      status: 'available',
    });
    expect(reloaded.room_types).toHaveLength(2);
    const [r101, r102] = reloaded.rooms;
    // Swap two names, drop the suite, add one.
    const next = await call('PUT', `${base}/rooms`, {
      rooms: [
        { id: r101.id, room_type_id: doubleId, name: '102', code: '' },
        { id: r102.id, room_type_id: doubleId, name: '101' },
        { room_type_id: suiteId, name: '201' },
      ],
    });
    expect(next.statusCode).toBe(200);
    const after = next.json().data.rooms;
    expect(after.map((r: { name: string }) => r.name)).toEqual(['101', '102', '201']);
    expect(after.find((r: { id: string }) => r.id === r101.id)).toMatchObject({ name: '102', code: null });
    const types = (await call('GET', `${base}/room-types`)).json().data.items;
    expect(types.map((x: { rooms_count: number }) => x.rooms_count)).toEqual([2, 1]);
  });

  it('refuses rows without type or name, duplicate names, foreign types and over-limit lists; nothing saved', async () => {
    const before = (await call('GET', `${base}/rooms`)).json().data.rooms;
    const missing = await call('PUT', `${base}/rooms`, {
      rooms: [
        { room_type_id: doubleId, name: 'ok' },
        { room_type_id: '', name: 'x' },
        { room_type_id: doubleId, name: ' ' },
      ],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      'rooms.1.room_type_id': ['Este campo es obligatorio.'],
      'rooms.2.name': ['Este campo es obligatorio.'],
    });
    const dup = await call(
      'PUT',
      `${base}/rooms`,
      {
        rooms: [
          { room_type_id: doubleId, name: 'A' },
          { room_type_id: doubleId, name: 'a' },
        ],
      },
      token,
      'en',
    );
    expect(dup.statusCode).toBe(422);
    expect(dup.json().code).toBe('properties.room_name_taken');
    expect(Object.keys(dup.json().errors)).toEqual(['rooms.0.name', 'rooms.1.name']);
    const foreign = await call('PUT', `${base}/rooms`, { rooms: [{ room_type_id: hotelId, name: 'Z' }] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['rooms.0.room_type_id']).toEqual([
      'Elige un tipo de habitación de este alojamiento.',
    ]);
    const five = Array.from({ length: 5 }, (_, i) => ({ room_type_id: doubleId, name: `R${i}` }));
    const limit = await call('PUT', `${base}/rooms`, { rooms: five });
    expect(limit.statusCode).toBe(422);
    expect(limit.json()).toMatchObject({
      code: 'rooms.limit_reached',
      message: 'Límite alcanzado',
      errors: {
        rooms: ['Has alcanzado el número de habitaciones de tu plan. Mejora tu suscripción para añadir más.'],
      },
    });
    expect((await call('PUT', `${base}/rooms`, { rooms: five }, token, 'en')).json().message).toBe(
      'Limit reached',
    );
    expect((await call('GET', `${base}/rooms`)).json().data.rooms).toEqual(before);
    // Exactly at the limit is fine.
    expect((await call('PUT', `${base}/rooms`, { rooms: five.slice(0, 4) })).statusCode).toBe(200);
  });

  it('sets one room in maintenance, and refuses an unknown status', async () => {
    const [room] = (await call('GET', `${base}/rooms`)).json().data.rooms;
    const res = await call('PATCH', `${base}/rooms/${room.id}/status`, { status: 'maintenance' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('maintenance');
    expect((await call('GET', `${base}/rooms`)).json().data.rooms[0].status).toBe('maintenance');
    const bad = await call('PATCH', `${base}/rooms/${room.id}/status`, { status: 'broken' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.status).toEqual(['Elige una de las opciones.']);
    expect((await call('PATCH', `${base}/rooms/${hotelId}/status`, { status: 'cleaning' })).statusCode).toBe(
      404,
    );
  });

  it('refuses deleting a type that has rooms (409), deletes an empty one', async () => {
    const res = await call('DELETE', `${base}/room-types/${doubleId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'room_types.in_use' });
    expect(res.json().message).toContain('tiene habitaciones');
    const res2 = await call('DELETE', `${base}/room-types/${suiteId}`);
    expect(res2.statusCode).toBe(200);
    expect(res2.json().data.items.map((x: { id: string }) => x.id)).toEqual([doubleId]);
  });

  it('creates, lists, updates and deletes rates; refuses bad input and foreign types', async () => {
    const created = await call('POST', `${base}/rates`, {
      name: 'Doble estándar',
      occupancy: 2,
      price: 12000,
      currency: 'EUR',
      room_type_id: doubleId,
    });
    expect(created.statusCode).toBe(201);
    const rate = created.json().data;
    expect(rate).toMatchObject({
      name: 'Doble estándar',
      occupancy: 2,
      price: 12000,
      room_type_id: doubleId,
    });
    const bad = await call('POST', `${base}/rates`, { name: '', occupancy: 0, price: 12.5 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'occupancy', 'price']);
    const foreign = await call('POST', `${base}/rates`, {
      name: 'X',
      occupancy: 1,
      price: 1,
      room_type_id: hotelId,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('rates.room_type_invalid');
    const updated = await call('PUT', `${base}/rates/${rate.id}`, {
      name: 'Doble',
      occupancy: 3,
      price: 15000,
      room_type_id: null,
    });
    expect(updated.json().data).toMatchObject({
      name: 'Doble',
      occupancy: 3,
      price: 15000,
      room_type_id: null,
    });
    const list = (await call('GET', `${base}/rates`)).json().data.items;
    expect(list).toEqual([updated.json().data]);
    expect((await call('DELETE', `${base}/rates/${rate.id}`)).json().data.items).toEqual([]);
    expect((await call('DELETE', `${base}/rates/${rate.id}`)).statusCode).toBe(404);
  });

  it('refuses deleting a room that holds a future stay, and saves nothing', async () => {
    const booked = await call('POST', '/api/create/new-booking', {
      property_id: hotelId,
      room_type_id: doubleId,
      quantity: 1,
      start_date: '2030-05-01',
      end_date: '2030-05-03',
      name: 'Marta Gil',
      email: 'marta@example.com',
      phone: '+34 600 111 222',
      number_of_guests: 2,
      price: 24000,
    });
    expect(booked.statusCode).toBe(201);
    const [bookedRoom] = booked.json().data.rooms;
    const before = (await call('GET', `${base}/rooms`)).json().data.rooms;

    const res = await call('PUT', `${base}/rooms`, {
      rooms: before
        .filter((r: { id: string }) => r.id !== bookedRoom.id)
        .map((r: { id: string; room_type_id: string; name: string }) => ({
          id: r.id,
          room_type_id: r.room_type_id,
          name: r.name,
        })),
    });

    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `No se puede eliminar ${bookedRoom.name}: tiene reservas en curso o futuras. Cámbialas de habitación o cancélalas primero.`,
    );
    expect((await call('GET', `${base}/rooms`)).json().data.rooms).toEqual(before);
  });

  it("answers 404 for another account's property on every endpoint, and 401 to anonymous callers", async () => {
    const [room] = (await call('GET', `${base}/rooms`)).json().data.rooms;
    const rate = (await call('POST', `${base}/rates`, { name: 'R', occupancy: 1, price: 100 })).json().data;
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', `${base}/room-types`],
      ['POST', `${base}/room-types`, { name: 'X', adults: 1 }],
      ['POST', `${base}/room-types`, {}],
      ['PUT', `${base}/room-types/${doubleId}`, { name: 'X', adults: 1 }],
      ['DELETE', `${base}/room-types/${doubleId}`],
      ['GET', `${base}/rooms`],
      ['PUT', `${base}/rooms`, { rooms: [] }],
      ['PATCH', `${base}/rooms/${room.id}/status`, { status: 'cleaning' }],
      ['GET', `${base}/rates`],
      ['POST', `${base}/rates`, { name: 'X', occupancy: 1, price: 1 }],
      ['PUT', `${base}/rates/${rate.id}`, { name: 'X', occupancy: 1, price: 1 }],
      ['DELETE', `${base}/rates/${rate.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, payload, otherToken);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('properties.not_found');
      const anon = await t.app.inject({ method, url, payload });
      expect(anon.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    // Nothing changed for the owner.
    expect((await call('GET', `${base}/rooms`)).json().data.rooms[0]).toEqual(room);
    expect((await call('GET', `${base}/rates`)).json().data.items).toEqual([rate]);
  });
});
