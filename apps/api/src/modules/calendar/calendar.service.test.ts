import { calendarData } from '@posada/contracts/calendar';
import { calendarWire, decodeCalendar } from '@posada/contracts/calendar-wire';
import { okEnvelope } from '@posada/contracts/envelope';
import { describe, expect, it } from 'vitest';
import { checkRange, MAX_CALENDAR_NIGHTS, parsePropertyIds } from './calendar.service.ts';
import { monthWindow } from './calendar-month-cache.ts';
import { type CalendarRows, denseMonths, renderCalendar, renderNights } from './calendar-wire.ts';

/** The text the API answers, read back through the contract (which fails on any shape mismatch). */
const assembleCalendar = (rows: CalendarRows) =>
  calendarData.parse(decodeCalendar(okEnvelope(calendarWire).parse(JSON.parse(renderCalendar(rows))).data));

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
        nightPrices: [{ unit_key: type, nights: '0,-1,3,0,2,12000,1,1,7,1,1,1' }],
        taken: [{ room_type_id: type, nights: '1,1,2,5' }],
      }),
    ).properties;
    expect(p?.room_types[0]?.nights.map((n) => [n.price, n.min_stay, n.stop_sell, n.available])).toEqual([
      [8_000, 3, false, 2],
      [8_000, 1, false, 1],
      [12_000, 1, true, 0],
    ]);
  });

  it('puts a booking on each of its rooms and a closure without a room on every room', () => {
    // The repo's text: calendarBookingTuple (id, code, name, dates, guests, status, payment, paused, channel, total).
    const booking = [
      '00000000-0000-4000-8000-000000000100',
      'PS-1',
      'Grupo "Norte"',
      '2026-12-29',
      '2026-12-31',
      4,
      'booked',
      'pending',
      0,
      'manual',
      1,
    ];
    const bookings = [r1, r2].map((unit_id) => ({ unit_id, bookings: JSON.stringify([booking]) }));
    const closure = {
      id: '00000000-0000-4000-8000-000000000200',
      property_id: hotel,
      room_id: null,
      start_date: '2027-01-01',
      end_date: '2027-01-02',
      reason: '',
    };
    const [p] = assembleCalendar(rows({ bookings, closed: [closure] })).properties;
    expect(p?.units.map((u) => [u.name, u.status, u.bookings.length, u.closed.length])).toEqual([
      ['1', 'available', 1, 1],
      ['2', 'occupied', 1, 1],
    ]);
    expect(p?.nights).toEqual([]);
    expect(p?.units[1]?.bookings[0]).toEqual({
      id: '00000000-0000-4000-8000-000000000100',
      code: 'PS-1',
      name: 'Grupo "Norte"',
      start_date: '2026-12-29',
      end_date: '2026-12-31',
      number_of_guests: 4,
      status: 'booked',
      payment_status: 'pending',
      paused: false,
      channel: 'manual',
      total: 1,
      // An app's own stay has no channel code: its tuple ends at total.
      external_ref: null,
    });
  });

  it('writes an apartment as its own unit with per-night prices, and nothing for an empty account', () => {
    const flat = '00000000-0000-4000-8000-000000000003';
    const [p] = assembleCalendar(
      rows({
        properties: [
          {
            id: flat,
            nombre: 'Piso «Centro» \\ 2ºB',
            tipo_propiedad: 'apartamento',
            currency: 'EUR',
            guests: 4,
            price_night: null,
            wide_rate: 7_000,
          },
        ],
        nightPrices: [{ unit_key: flat, nights: '1,9000,2,0' }],
      }),
    ).properties;
    expect(p?.nombre).toBe('Piso «Centro» \\ 2ºB');
    expect(p?.base_price).toBe(7_000);
    expect(p?.room_types).toEqual([]);
    expect(p?.units).toEqual([
      {
        id: flat,
        property_id: flat,
        name: 'Piso «Centro» \\ 2ºB',
        room_type_id: null,
        status: 'available',
        bookings: [],
        closed: [],
      },
    ]);
    expect(p?.nights.map((n) => [n.price, n.min_stay])).toEqual([
      [7_000, 1],
      [9_000, 2],
      [7_000, 1],
    ]);
    expect(assembleCalendar(rows({ properties: [] })).properties).toEqual([]);
  });

  it('joins the partial months at the ends with the whole months of the cache, densely written', () => {
    const flat = '00000000-0000-4000-8000-000000000004';
    // 30 Jan – 1 Mar 2027: 30 and 31 Jan, then February whole, then 1 March.
    const window = monthWindow('2027-01-30', '2027-03-02');
    const february = [
      ['9500', ...new Array(27).fill('-1')].join(','),
      ['3', ...new Array(27).fill('1')].join(','),
      ['1', ...new Array(27).fill('0')].join(','),
    ].join('|');
    // The cache's dense form of February's one explicit night.
    expect(denseMonths('2027-01-01', '2027-03-01', [{ unit_key: flat, nights: '31,9500,3,1' }])).toEqual([
      { key: flat, month: '2027-02-01', text: february },
    ]);
    const over: Partial<CalendarRows> = {
      from: window.from,
      to: window.to,
      properties: [
        {
          id: flat,
          nombre: 'Piso',
          tipo_propiedad: 'apartamento',
          currency: 'EUR',
          guests: 2,
          price_night: 7_000,
          wide_rate: null,
        },
      ],
      roomTypes: [],
      rooms: [],
      // Offsets from 30 Jan: 31 Jan costs 90.00, 1 March asks 2 nights.
      nightPrices: [{ unit_key: flat, nights: '1,9000,1,0,30,-1,2,0' }],
    };
    const nights = renderNights({
      ...rows(over),
      nightMonths: { window, texts: new Map([[flat, [february]]]) },
    });
    const [p] = calendarData.parse(
      decodeCalendar(okEnvelope(calendarWire).parse(JSON.parse(renderCalendar(rows(over), nights))).data),
    ).properties;
    expect(p?.nights).toHaveLength(31);
    expect(p?.nights.slice(0, 4)).toEqual([
      { date: '2027-01-30', price: 7_000, min_stay: 1, stop_sell: false },
      { date: '2027-01-31', price: 9_000, min_stay: 1, stop_sell: false },
      { date: '2027-02-01', price: 9_500, min_stay: 3, stop_sell: true },
      { date: '2027-02-02', price: 7_000, min_stay: 1, stop_sell: false },
    ]);
    expect(p?.nights.at(-1)).toEqual({ date: '2027-03-01', price: 7_000, min_stay: 2, stop_sell: false });
    // A month of the cache without rows ('') is the base price throughout.
    const empty = renderNights({
      ...rows(over),
      nightPrices: [],
      nightMonths: { window, texts: new Map([[flat, ['']]]) },
    });
    expect(empty.get(flat)).toContain(`"price":[${new Array(31).fill(7000).join(',')}]`);
  });
});
