import { describe, expect, it } from 'vitest';
import type { CalendarRows } from './calendar.service.ts';
import { assembleCalendar, checkRange, MAX_CALENDAR_NIGHTS, parsePropertyIds } from './calendar.service.ts';

const hotel = '00000000-0000-4000-8000-000000000001';
const type = '00000000-0000-4000-8000-000000000002';
const [r1, r2] = ['00000000-0000-4000-8000-000000000011', '00000000-0000-4000-8000-000000000012'];

const rows = (over: Partial<CalendarRows> = {}): CalendarRows => ({
  from: '2026-12-30',
  to: '2027-01-02',
  properties: [
    {
      id: hotel,
      nombre: 'Hotel',
      tipo_propiedad: 'hotel',
      currency: 'EUR',
      guests: 10,
      price_night: null,
      wide_rate: null,
    },
  ],
  roomTypes: [
    {
      id: type,
      property_id: hotel,
      name: 'Doble',
      max_guests: 2,
      base_price: 8_000,
      rooms_count: 2,
      sellable_rooms: 2,
    },
  ],
  rooms: [
    { id: r1, property_id: hotel, room_type_id: type, name: '1', status: 'available' },
    { id: r2, property_id: hotel, room_type_id: type, name: '2', status: 'occupied' },
  ],
  bookings: [],
  closed: [],
  nightPrices: [],
  taken: [],
  ...over,
});

describe('calendar range and ids', () => {
  it('needs from before to and at most the maximum of nights', () => {
    expect(checkRange('2026-12-30', '2027-01-02')).toBe(3);
    expect(() => checkRange('2026-12-30', '2026-12-30')).toThrow('calendar.invalid_range');
    expect(() => checkRange('2026-12-30', '2026-12-01')).toThrow('calendar.invalid_range');
    expect(MAX_CALENDAR_NIGHTS).toBe(400);
    expect(checkRange('2026-01-01', '2027-02-05')).toBe(400);
    expect(() => checkRange('2026-01-01', '2027-02-06')).toThrow('calendar.range_too_long');
  });

  it('reads a comma list without blanks or repeats; nothing means every property', () => {
    expect(parsePropertyIds(undefined)).toBeNull();
    expect(parsePropertyIds(' , ')).toBeNull();
    expect(parsePropertyIds(`${hotel}, ${hotel.toUpperCase()},,${type}`)).toEqual([hotel, type]);
  });
});

describe('assembling the calendar', () => {
  it('crosses the year with one night per date and the base price where nothing is set', () => {
    const [p] = assembleCalendar(rows()).properties;
    expect(p?.room_types[0]?.nights).toEqual([
      { date: '2026-12-30', price: 8_000, min_stay: 1, stop_sell: false, available: 2 },
      { date: '2026-12-31', price: 8_000, min_stay: 1, stop_sell: false, available: 2 },
      { date: '2027-01-01', price: 8_000, min_stay: 1, stop_sell: false, available: 2 },
    ]);
  });

  it('applies explicit nights (a null price keeps the base) and taken rooms, never below zero', () => {
    const [p] = assembleCalendar(
      rows({
        nightPrices: [
          {
            unit_key: type,
            offsets: [0, 2],
            prices: [null, 12_000],
            min_stays: [3, 1],
            stop_sells: [false, true],
          },
        ],
        taken: [{ room_type_id: type, offsets: [1, 2], taken: [1, 5] }],
      }),
    ).properties;
    expect(p?.room_types[0]?.nights.map((n) => [n.price, n.min_stay, n.stop_sell, n.available])).toEqual([
      [8_000, 3, false, 2],
      [8_000, 1, false, 1],
      [12_000, 1, true, 0],
    ]);
  });

  it('puts a booking on each of its rooms and a closure without a room on every room', () => {
    const booking = {
      id: '00000000-0000-4000-8000-000000000100',
      property_id: hotel,
      room_ids: [r1, r2],
      code: 'PS-1',
      name: 'Grupo',
      start_date: '2026-12-29',
      end_date: '2026-12-31',
      guests: 4,
      status: 'booked',
      payment_status: 'pending',
      paused: false,
      channel: 'manual',
      total: 1,
    };
    const closure = {
      id: '00000000-0000-4000-8000-000000000200',
      property_id: hotel,
      room_id: null,
      start_date: '2027-01-01',
      end_date: '2027-01-02',
      reason: '',
    };
    const [p] = assembleCalendar(rows({ bookings: [booking], closed: [closure] })).properties;
    expect(p?.units.map((u) => [u.name, u.status, u.bookings.length, u.closed.length])).toEqual([
      ['1', 'available', 1, 1],
      ['2', 'occupied', 1, 1],
    ]);
    expect(p?.nights).toEqual([]);
  });
});
