import { describe, expect, it } from 'vitest';
import { assignLanes, dayIndexAt, dayOffset, nightsBlock, stayBar } from './bar-layout.ts';
import { calendarRequest } from './calendar-window.ts';
import { addMonths, monthWeeks, parseDateParam } from './dates.ts';
import { dayContent, moveCursor } from './grid-keys.ts';
import { apartmentRows, type CalendarProperty, freeRoomsFor, hotelRows, occupancy } from './grid-rows.ts';
import {
  blockProblem,
  bookingProblem,
  type NightRules,
  nightsOf,
  orderedRange,
  priceProblem,
  rangeProblem,
  type UnitState,
} from './selection.ts';

const TODAY = '2027-03-10';
const booking = (start_date: string, end_date: string, status = 'booked') => ({
  start_date,
  end_date,
  status,
});
const nights = (entries: Record<string, Partial<NightRules>> = {}) =>
  new Map(Object.entries(entries).map(([d, r]) => [d, { min_stay: 1, stop_sell: false, ...r }] as const));
const unit = (over: Partial<UnitState> = {}): UnitState => ({
  bookings: [],
  closed: [],
  nights: nights(),
  ...over,
});

describe('range selection (spec 5 Calendar)', () => {
  it('orders the two picked days, whichever came first', () => {
    expect(orderedRange('2027-03-15', '2027-03-12')).toEqual({ start: '2027-03-12', end: '2027-03-15' });
    expect(nightsOf({ start: '2027-03-12', end: '2027-03-15' })).toEqual({
      first: '2027-03-12',
      last: '2027-03-14',
      count: 3,
    });
  });

  it('needs a valid range of two days and at least one night', () => {
    expect(rangeProblem(null)).toEqual({ code: 'invalid_range' });
    expect(rangeProblem({ start: '2027-03-15', end: '2027-03-12' })).toEqual({ code: 'invalid_range' });
    expect(rangeProblem({ start: '2027-02-30', end: '2027-03-02' })).toEqual({ code: 'invalid_range' });
    expect(rangeProblem({ start: '2027-03-12', end: '2027-03-12' })).toEqual({ code: 'too_short' });
    expect(rangeProblem({ start: '2027-03-12', end: '2027-03-13' })).toBeNull();
  });

  it('refuses a booking on booked, closed or stop-sell nights, but not on a departure day', () => {
    const u = unit({
      bookings: [booking('2027-03-12', '2027-03-15'), booking('2027-03-20', '2027-03-22', 'cancelled')],
      closed: [{ start_date: '2027-03-25', end_date: '2027-03-27' }],
      nights: nights({ '2027-04-02': { stop_sell: true } }),
    });
    expect(bookingProblem({ start: '2027-03-14', end: '2027-03-16' }, u, TODAY)).toEqual({ code: 'taken' });
    // Arriving the day the previous guest leaves is fine.
    expect(bookingProblem({ start: '2027-03-15', end: '2027-03-17' }, u, TODAY)).toBeNull();
    // Leaving the day the next guest arrives is fine too.
    expect(bookingProblem({ start: '2027-03-10', end: '2027-03-12' }, u, TODAY)).toBeNull();
    // Cancelled bookings free their nights.
    expect(bookingProblem({ start: '2027-03-20', end: '2027-03-22' }, u, TODAY)).toBeNull();
    expect(bookingProblem({ start: '2027-03-24', end: '2027-03-26' }, u, TODAY)).toEqual({ code: 'closed' });
    expect(bookingProblem({ start: '2027-03-27', end: '2027-03-29' }, u, TODAY)).toBeNull();
    expect(bookingProblem({ start: '2027-04-01', end: '2027-04-03' }, u, TODAY)).toEqual({
      code: 'stop_sell',
    });
  });

  it('checks the minimum stay of the arrival night against the nights of the range', () => {
    const u = unit({ nights: nights({ '2027-05-01': { min_stay: 3 } }) });
    expect(bookingProblem({ start: '2027-05-01', end: '2027-05-03' }, u, TODAY)).toEqual({
      code: 'min_stay',
      minStay: 3,
    });
    expect(bookingProblem({ start: '2027-05-01', end: '2027-05-04' }, u, TODAY)).toBeNull();
  });

  it('refuses arrivals before today, rooms in maintenance and hotel types with no free room', () => {
    expect(bookingProblem({ start: '2027-03-09', end: '2027-03-11' }, unit(), TODAY)).toEqual({
      code: 'past',
    });
    expect(bookingProblem({ start: '2027-03-10', end: '2027-03-11' }, unit(), TODAY)).toBeNull();
    expect(
      bookingProblem({ start: '2027-03-12', end: '2027-03-14' }, unit({ maintenance: true }), TODAY),
    ).toEqual({
      code: 'maintenance',
    });
    const type = unit({ nights: nights({ '2027-03-13': { available: 0 } }) });
    expect(bookingProblem({ start: '2027-03-12', end: '2027-03-14' }, type, TODAY)).toEqual({
      code: 'taken',
    });
    expect(bookingProblem({ start: '2027-03-14', end: '2027-03-16' }, type, TODAY)).toBeNull();
  });

  it('closes free dates only: not over a booking, not twice, not in the past', () => {
    const u = unit({
      bookings: [booking('2027-03-12', '2027-03-15')],
      closed: [{ start_date: '2027-03-20', end_date: '2027-03-22' }],
    });
    expect(blockProblem({ start: '2027-03-14', end: '2027-03-16' }, u, TODAY)).toEqual({ code: 'taken' });
    expect(blockProblem({ start: '2027-03-21', end: '2027-03-23' }, u, TODAY)).toEqual({ code: 'closed' });
    expect(blockProblem({ start: '2027-03-01', end: '2027-03-05' }, u, TODAY)).toEqual({ code: 'past' });
    expect(blockProblem({ start: '2027-03-15', end: '2027-03-20' }, u, TODAY)).toBeNull();
  });

  it('edits prices on any valid range of a chosen property', () => {
    expect(priceProblem({ start: '2027-03-12', end: '2027-03-14' }, null)).toEqual({ code: 'invalid_range' });
    expect(priceProblem({ start: '2027-03-12', end: '2027-03-12' }, 'p1')).toEqual({ code: 'too_short' });
    expect(priceProblem({ start: '2027-03-12', end: '2027-03-14' }, 'p1')).toBeNull();
  });
});

describe('bar layout', () => {
  const win = { from: '2027-03-01', days: 10, dayWidth: 60 };

  it('draws a stay from the middle of the arrival day to the middle of the departure day', () => {
    expect(stayBar({ start_date: '2027-03-02', end_date: '2027-03-05' }, win, 2)).toEqual({
      start: 92,
      width: 176,
      clippedStart: false,
      clippedEnd: false,
    });
  });

  it('keeps back-to-back stays apart on the shared day', () => {
    const a = stayBar({ start_date: '2027-03-02', end_date: '2027-03-05' }, win, 2);
    const b = stayBar({ start_date: '2027-03-05', end_date: '2027-03-07' }, win, 2);
    expect(a && b && a.start + a.width).toBeLessThan(b?.start ?? 0);
  });

  it('cuts stays at the window edges and marks the cut sides flat', () => {
    expect(stayBar({ start_date: '2027-02-25', end_date: '2027-03-03' }, win, 2)).toEqual({
      start: 0,
      width: 148,
      clippedStart: true,
      clippedEnd: false,
    });
    expect(stayBar({ start_date: '2027-03-09', end_date: '2027-03-20' }, win, 2)).toEqual({
      start: 512,
      width: 88,
      clippedStart: false,
      clippedEnd: true,
    });
    expect(stayBar({ start_date: '2027-02-01', end_date: '2027-02-10' }, win)).toBeNull();
    expect(stayBar({ start_date: '2027-03-20', end_date: '2027-03-22' }, win)).toBeNull();
  });

  it('covers whole night cells for closed dates', () => {
    expect(nightsBlock({ start_date: '2027-03-03', end_date: '2027-03-05' }, win)).toEqual({
      start: 120,
      width: 120,
      clippedStart: false,
      clippedEnd: false,
    });
    expect(dayOffset('2027-03-01', '2027-02-27')).toBe(-2);
  });

  it('gives overlapping stays (an imported overbooking) their own lane', () => {
    const a = booking('2027-03-01', '2027-03-05');
    const b = booking('2027-03-03', '2027-03-06');
    const c = booking('2027-03-05', '2027-03-08');
    const { lanes, count } = assignLanes([c, b, a]);
    expect(count).toBe(2);
    expect([lanes.get(a), lanes.get(b), lanes.get(c)]).toEqual([0, 1, 0]);
  });
});

describe('right-to-left offsets', () => {
  const area = { left: 200, right: 800 };

  it('counts days from the left edge in Spanish and English', () => {
    expect(dayIndexAt(200, area, 60, 'ltr')).toBe(0);
    expect(dayIndexAt(259, area, 60, 'ltr')).toBe(0);
    expect(dayIndexAt(260, area, 60, 'ltr')).toBe(1);
    expect(dayIndexAt(799, area, 60, 'ltr')).toBe(9);
  });

  it('counts days from the right edge in Arabic: the same logical column, mirrored on screen', () => {
    expect(dayIndexAt(799, area, 60, 'rtl')).toBe(0);
    expect(dayIndexAt(741, area, 60, 'rtl')).toBe(0);
    expect(dayIndexAt(739, area, 60, 'rtl')).toBe(1);
    expect(dayIndexAt(201, area, 60, 'rtl')).toBe(9);
    // A pointer at x in LTR and at its mirror image in RTL land on the same day.
    for (const x of [210, 333, 512, 790]) {
      expect(dayIndexAt(x, area, 60, 'ltr')).toBe(dayIndexAt(area.left + area.right - x, area, 60, 'rtl'));
    }
  });

  it('outside the day area falls outside the window', () => {
    expect(dayIndexAt(150, area, 60, 'ltr')).toBe(-1);
    expect(dayIndexAt(850, area, 60, 'rtl')).toBe(-1);
  });
});

describe('dates', () => {
  it('builds whole Monday-first weeks around a month', () => {
    const weeks = monthWeeks('2027-03-17');
    expect(weeks[0]?.[0]).toBe('2027-03-01');
    expect(weeks.at(-1)?.at(-1)).toBe('2027-04-04');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    const feb = monthWeeks('2027-02-01');
    expect(feb[0]?.[0]).toBe('2027-02-01');
    expect(feb.length).toBe(4);
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-01');
    expect(addMonths('2027-01-15', -1)).toBe('2026-12-01');
  });

  it('reads a date from the URL, or falls back', () => {
    expect(parseDateParam('2027-03-04', 'x')).toBe('2027-03-04');
    expect(parseDateParam('2027-02-30', 'x')).toBe('x');
    expect(parseDateParam('soon', 'x')).toBe('x');
    expect(parseDateParam(null, 'x')).toBe('x');
  });
});

describe('grid rows', () => {
  const night = (date: string, price: number | null = 10000) => ({
    date,
    price,
    min_stay: 1,
    stop_sell: false,
  });
  const unitOf = (id: string, name: string, room_type_id: string | null = null) => ({
    id,
    property_id: 'h',
    name,
    room_type_id,
    status: 'available' as const,
    bookings: [],
    closed: [],
  });
  const property = (over: Partial<CalendarProperty>): CalendarProperty => ({
    id: 'p',
    nombre: 'P',
    tipo_propiedad: 'apartamento',
    currency: 'EUR',
    guests: 4,
    base_price: 10000,
    room_types: [],
    nights: [night('2027-03-01')],
    units: [],
    ...over,
  });

  it('lists apartments and villas by name, leaves hotels out, filters by name', () => {
    const props = [
      property({ id: 'b', nombre: 'Villa Mar', units: [unitOf('b', 'Villa Mar')] }),
      property({ id: 'a', nombre: 'Apartamento Sol', units: [unitOf('a', 'Apartamento Sol')] }),
      property({ id: 'h', nombre: 'Hotel', tipo_propiedad: 'hotel', units: [unitOf('r1', '101')] }),
    ];
    expect(apartmentRows(props).map((r) => r.unit.name)).toEqual(['Apartamento Sol', 'Villa Mar']);
    expect(apartmentRows(props, 'vil').map((r) => r.unit.name)).toEqual(['Villa Mar']);
    expect(apartmentRows(props)[0]?.nights.get('2027-03-01')?.price).toBe(10000);
  });

  it('groups hotel rooms under their type (types by name, rooms in numeric order), folded types keep only their row', () => {
    const type = (id: string, name: string) => ({
      id,
      name,
      max_guests: 2,
      base_price: 9000,
      rooms_count: 2,
      nights: [{ ...night('2027-03-01'), available: 1 }],
    });
    const hotel = property({
      tipo_propiedad: 'hotel',
      // Given out of order: the groups come by name.
      room_types: [type('s', 'Suite'), type('d', 'Doble')],
      units: [
        unitOf('r10', '110', 'd'),
        unitOf('r2', '102', 'd'),
        unitOf('r3', '201', 's'),
        unitOf('x', 'Anexo'),
      ],
    });
    expect(
      hotelRows(hotel, new Set()).map((r) => (r.kind === 'type' ? `#${r.roomType.name}` : r.unit.name)),
    ).toEqual(['#Doble', '102', '110', '#Suite', '201', 'Anexo']);
    const folded = hotelRows(hotel, new Set(['d']));
    expect(folded.map((r) => r.key)).toEqual(['t:d', 't:s', 'u:r3', 'u:x']);
    expect(folded[0]?.kind === 'type' && folded[0].collapsed).toBe(true);
    expect(folded[0]?.nights.get('2027-03-01')?.available).toBe(1);
  });

  it('computes occupancy over sellable nights', () => {
    const u = {
      ...unitOf('a', 'A'),
      bookings: [
        {
          ...booking('2027-03-01', '2027-03-03'),
          id: 'b',
          code: 'X',
          name: 'N',
          number_of_guests: 1,
          payment_status: 'pending' as const,
          paused: false,
          channel: 'manual' as const,
          total: 0,
          status: 'booked' as const,
        },
      ],
      closed: [
        {
          id: 'c',
          property_id: 'p',
          room_id: null,
          start_date: '2027-03-03',
          end_date: '2027-03-04',
          reason: '',
        },
      ],
    };
    expect(occupancy(u, ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05'])).toBe(50);
    // An overbooking imported onto the 4th and 5th holds no night: they stay free.
    const overbooked = u.bookings[0] && {
      ...u.bookings[0],
      id: 'o',
      start_date: '2027-03-04',
      end_date: '2027-03-06',
      status: 'overbooking' as const,
      channel: 'vrbo' as const,
    };
    const withOverbooking = { ...u, bookings: [...u.bookings, ...(overbooked ? [overbooked] : [])] };
    expect(
      occupancy(withOverbooking, ['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-05']),
    ).toBe(50);
  });

  it('offers as free rooms for a change only those with no stay, closure or maintenance on the nights', () => {
    const stay = { id: 'b1', start_date: '2027-03-10', end_date: '2027-03-13' };
    const held = (id: string, name: string, start_date: string, end_date: string) => ({
      ...unitOf(id, name, 'd'),
      bookings: [
        {
          ...booking(start_date, end_date),
          id: `${id}-b`,
          code: 'X',
          name: 'N',
          number_of_guests: 1,
          payment_status: 'pending' as const,
          paused: false,
          channel: 'manual' as const,
          total: 0,
          status: 'booked' as const,
        },
      ],
    });
    const own = held('own', '101', '2027-03-10', '2027-03-13');
    const hotel = property({
      tipo_propiedad: 'hotel',
      units: [
        { ...own, bookings: own.bookings.map((b) => ({ ...b, id: 'b1' })) },
        held('busy', '102', '2027-03-12', '2027-03-14'),
        held('after', '103', '2027-03-13', '2027-03-15'),
        { ...unitOf('fix', '104', 'd'), status: 'maintenance' as const },
        {
          ...unitOf('shut', '105', 'd'),
          closed: [
            {
              id: 'c',
              property_id: 'h',
              room_id: 'shut',
              start_date: '2027-03-09',
              end_date: '2027-03-11',
              reason: '',
            },
          ],
        },
        unitOf('free', '110', 'd'),
      ],
    });
    expect(freeRoomsFor(hotel, stay).map((u) => u.name)).toEqual(['103', '110']);
  });
});

describe('calendar requests (shared by the pages and the route loaders)', () => {
  const user = {
    active_property_id: 'villa',
    properties: [
      { id: 'apt', tipo_propiedad: 'apartamento' },
      { id: 'hotel-a', tipo_propiedad: 'hotel' },
      { id: 'villa', tipo_propiedad: 'villa' },
      { id: 'camp', tipo_propiedad: 'camping' },
    ],
  };
  const search = (q: string) => new URLSearchParams(q);

  it('asks the timelines for 90 days from a week before the anchor', () => {
    expect(calendarRequest('apartments', search('date=2027-03-10'), user, '2026-11-21')).toEqual({
      from: '2027-03-03',
      to: '2027-06-01',
      property_ids: 'apt,villa',
    });
    // Hotels and campings: the one in the URL, else the active one, else the first.
    expect(calendarRequest('hotel', search(''), user, '2026-11-21')).toEqual({
      from: '2026-11-14',
      to: '2027-02-12',
      property_ids: 'hotel-a',
    });
    expect(calendarRequest('hotel', search('property=camp'), user, '2026-11-21')?.property_ids).toBe('camp');
  });

  it('asks the month view for its whole weeks, and availability for 31 nights', () => {
    expect(calendarRequest('monthly', search('date=2027-03-17'), user, '2026-11-21')).toEqual({
      from: '2027-03-01',
      to: '2027-04-05',
      property_ids: 'villa',
    });
    expect(calendarRequest('availability', search('date=2027-03-17'), user, '2026-11-21')).toEqual({
      from: '2027-03-17',
      to: '2027-04-17',
      property_ids: 'hotel-a',
    });
    expect(
      calendarRequest(
        'hotel',
        search(''),
        { ...user, properties: user.properties.slice(0, 1) },
        '2026-11-21',
      ),
    ).toBeNull();
  });
});

describe('keyboard cursor', () => {
  const at = { row: 2, day: 5 };
  it('moves by the arrows as they look on screen, mirrored right to left', () => {
    expect(moveCursor(at, 'ArrowRight', 'ltr', 10, 30)).toEqual({ row: 2, day: 6 });
    expect(moveCursor(at, 'ArrowRight', 'rtl', 10, 30)).toEqual({ row: 2, day: 4 });
    expect(moveCursor(at, 'ArrowLeft', 'rtl', 10, 30)).toEqual({ row: 2, day: 6 });
    expect(moveCursor(at, 'ArrowDown', 'ltr', 10, 30)).toEqual({ row: 3, day: 5 });
    expect(moveCursor(at, 'ArrowUp', 'rtl', 10, 30)).toEqual({ row: 1, day: 5 });
  });

  it('jumps to the ends and by weeks, never out of the grid', () => {
    expect(moveCursor(at, 'Home', 'ltr', 10, 30)).toEqual({ row: 2, day: 0 });
    expect(moveCursor(at, 'End', 'ltr', 10, 30)).toEqual({ row: 2, day: 29 });
    expect(moveCursor(at, 'PageDown', 'ltr', 10, 30)).toEqual({ row: 2, day: 12 });
    expect(moveCursor(at, 'PageUp', 'ltr', 10, 30)).toEqual({ row: 2, day: 0 });
    expect(moveCursor({ row: 9, day: 29 }, 'ArrowDown', 'ltr', 10, 30)).toEqual({ row: 9, day: 29 });
    expect(moveCursor(at, 'Enter', 'ltr', 10, 30)).toBeNull();
    expect(moveCursor(at, 'ArrowDown', 'ltr', 0, 30)).toBeNull();
  });

  it('tells what a unit holds on a day: a stay (not a cancelled one), else closed dates', () => {
    const unit = {
      bookings: [
        { start_date: '2027-03-01', end_date: '2027-03-03', status: 'cancelled', name: 'Anulada' },
        { start_date: '2027-03-02', end_date: '2027-03-04', status: 'booked', name: 'Ana' },
      ],
      closed: [{ start_date: '2027-03-04', end_date: '2027-03-06' }],
    };
    expect(dayContent(unit, '2027-03-01')).toEqual({});
    expect(dayContent(unit, '2027-03-03').booking?.name).toBe('Ana');
    // The departure day is free for the next arrival; closed dates cover [start, end).
    expect(dayContent(unit, '2027-03-04').closed).toBeDefined();
    expect(dayContent(unit, '2027-03-06')).toEqual({});
  });
});
