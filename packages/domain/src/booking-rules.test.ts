import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  bookingFormErrors,
  bookingTotal,
  departsAfterArrival,
  eachNight,
  isExternalChannel,
  isIsoDate,
  nightsBetween,
  periodRange,
} from './booking-rules.ts';
import { todayIn } from './zoned-time.ts';

const valid = {
  name: 'Lucía Pérez',
  email: 'lucia@example.com',
  phone: '+34 600 123 456',
  start_date: '2026-12-01',
  end_date: '2026-12-04',
  number_of_guests: 2,
  price: 30000,
  quantity: 1,
  promotions: [],
  taxes: [],
};
const ctx = { today: '2026-11-21', capacity: 4 };

describe('stay dates', () => {
  it('counts nights from arrival up to departure', () => {
    expect(nightsBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(eachNight('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
    expect(nightsBetween('2026-12-04', '2026-12-01')).toBe(0);
  });

  it('crosses the March daylight-saving change without losing a night', () => {
    expect(nightsBetween('2027-03-27', '2027-03-29')).toBe(2);
  });

  it('any range has as many nights as eachNight lists, ending the day before departure', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 400 }), (offset, n) => {
        const start = addDays('2025-01-01', offset);
        const end = addDays(start, n);
        const nights = eachNight(start, end);
        return nights.length === n && nights[n - 1] === addDays(end, -1);
      }),
    );
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-1')).toBe(false);
  });

  it("gives today's date in the property's time zone", () => {
    const lateUtc = new Date('2026-11-21T23:30:00Z');
    expect(todayIn('Europe/Madrid', lateUtc)).toBe('2026-11-22');
    expect(todayIn('America/Bogota', lateUtc)).toBe('2026-11-21');
  });
});

describe('booking form (spec 5)', () => {
  it('accepts a complete booking', () => {
    expect(bookingFormErrors(valid, ctx)).toEqual({});
  });

  it('names each broken rule with its alert key', () => {
    const errors = bookingFormErrors(
      {
        ...valid,
        name: ' ',
        phone: '12-34',
        start_date: '2026-11-20',
        number_of_guests: 5,
        price: -1,
        promotions: [
          { description: 'a', price: 1 },
          { description: 'b', price: 1 },
        ],
        taxes: [
          { description: 'a', price: 1 },
          { description: 'b', price: 1 },
        ],
      },
      ctx,
    );
    expect(errors).toEqual({
      name: 'booking.fill_required',
      phone: 'booking.phone_min',
      start_date: 'booking.arrival_past',
      number_of_guests: 'booking.guests_max',
      price: 'booking.price_negative',
      promotions: 'booking.promotion_limit',
      taxes: 'booking.tax_limit',
    });
  });

  it('needs both dates and a departure after arrival', () => {
    expect(bookingFormErrors({ ...valid, end_date: '' }, ctx).end_date).toBe('booking.select_dates');
    expect(bookingFormErrors({ ...valid, end_date: valid.start_date }, ctx).end_date).toBe(
      'booking.departure_after_arrival',
    );
    expect(bookingFormErrors({ ...valid, number_of_guests: 0 }, ctx).number_of_guests).toBe(
      'booking.guests_min',
    );
  });

  it('departsAfterArrival: one night at least', () => {
    expect(departsAfterArrival('2026-11-20', '2026-11-21')).toBe(true);
    expect(departsAfterArrival('2026-11-20', '2026-11-20')).toBe(false);
    expect(departsAfterArrival('2026-11-20', '2026-11-19')).toBe(false);
  });

  it('keeps the arrival of a stay in progress when editing', () => {
    const started = { ...valid, start_date: '2026-11-19' };
    expect(bookingFormErrors(started, { ...ctx, originalStartDate: '2026-11-19' })).toEqual({});
  });

  it('limits the hotel quantity to the free rooms', () => {
    expect(bookingFormErrors({ ...valid, quantity: 3 }, { ...ctx, availableInstances: 2 }).quantity).toBe(
      'booking.quantity_max',
    );
    expect(bookingFormErrors({ ...valid, quantity: 0 }, { ...ctx, availableInstances: 2 }).quantity).toBe(
      'booking.quantity_min',
    );
  });

  it('totals price minus promotions plus taxes', () => {
    expect(
      bookingTotal(30000, [{ description: 'Early', price: 3000 }], [{ description: 'IVA', price: 2700 }]),
    ).toBe(29700);
  });
});

describe('channels and dashboard periods', () => {
  it('treats agencies as external, manual and web as ours', () => {
    expect(isExternalChannel('booking')).toBe(true);
    expect(isExternalChannel('manual')).toBe(false);
    expect(isExternalChannel('web')).toBe(false);
  });

  it('starts weeks on Monday and covers whole months and years', () => {
    expect(periodRange('week', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-23' });
    expect(periodRange('month', '2026-12-15')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(periodRange('year', '2026-11-21')).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(periodRange('today', '2026-11-21')).toEqual({ from: '2026-11-21', to: '2026-11-22' });
  });
});
