import type { Booking } from '@posada/contracts/bookings';
import { describe, expect, it } from 'vitest';
import { ageOn, documentKind, guestIdentity, sexKind } from '../../../lib/guest-details.ts';
import { formatDay, formatMoneyIn, formatStay, intlLocale, localizeIsoDates } from '../../../lib/intl.ts';
import {
  canAddLine,
  createBody,
  emptyReservation,
  needsAvailabilityCheck,
  type ReservationContext,
  type ReservationFormValues,
  reservationErrors,
  reservationFromBooking,
  reservationTotal,
  updateBody,
} from './booking-form.ts';
import {
  activeFilterCount,
  lastPage,
  listParamsToSearch,
  parseListParams,
  toQuery,
  withChange,
} from './list-params.ts';
import { joinPhone, splitPhone } from './phone.ts';
import { bookingActions } from './status.ts';

const PROPERTY = '11111111-1111-4111-8111-111111111111';
const TYPE = '22222222-2222-4222-8222-222222222222';

const valid = (over: Partial<ReservationFormValues> = {}): ReservationFormValues => ({
  ...emptyReservation({ property_id: PROPERTY }),
  start_date: '2026-05-10',
  end_date: '2026-05-13',
  number_of_guests: 2,
  name: 'Lucía Pérez',
  email: 'lucia@example.com',
  phone_number: '612 345 678',
  price: 36_000,
  ...over,
});
const ctx = (over: Partial<ReservationContext> = {}): ReservationContext => ({
  today: '2026-05-01',
  capacity: 4,
  isHotel: false,
  ...over,
});

const booking: Booking = {
  id: '33333333-3333-4333-8333-333333333333',
  code: 'PS-7K3Q9M',
  property_id: PROPERTY,
  property_title: 'Casa Azul',
  name: 'Lucía Pérez',
  email: 'lucia@example.com',
  phone: '+34 612 345 678',
  start_date: '2026-04-28',
  end_date: '2026-05-02',
  nights: 4,
  number_of_guests: 2,
  status: 'booked',
  payment_status: 'pending',
  paused: false,
  channel: 'manual',
  external: false,
  room_type_id: null,
  room_type_name: null,
  quantity: 1,
  rooms: [],
  currency: 'EUR',
  price: 40_000,
  promotions: [{ description: 'Temporada baja', price: 4_000 }],
  taxes: [{ description: 'Tasa turística', price: 800 }],
  subtotal: 36_000,
  total: 36_800,
  deposit: 0,
  notes: 'Llegan tarde',
  created_at: '2026-04-01T10:15:00.000Z',
  updated_at: '2026-04-01T10:15:00.000Z',
};

describe('reservation form rules (spec 5)', () => {
  it('accepts a complete form', () => {
    expect(reservationErrors(valid(), ctx())).toEqual({});
  });

  it('refuses empty name, e-mail and phone with fill_required, and no dates with select_dates', () => {
    const errors = reservationErrors(
      valid({ name: ' ', email: '', phone_number: '', start_date: '', end_date: '' }),
      ctx(),
    );
    expect(errors).toMatchObject({
      name: 'fill_required',
      email: 'fill_required',
      phone_number: 'fill_required',
      start_date: 'select_dates',
    });
  });

  it('counts only the typed digits for the 5-digit phone minimum, not the country code', () => {
    expect(reservationErrors(valid({ phone_number: '1234' }), ctx()).phone_number).toBe('phone_min');
    expect(reservationErrors(valid({ phone_number: '12 34 5' }), ctx()).phone_number).toBeUndefined();
  });

  it('refuses an arrival before today, but keeps a saved arrival on edit', () => {
    expect(reservationErrors(valid({ start_date: '2026-04-30' }), ctx()).start_date).toBe('arrival_past');
    expect(
      reservationErrors(valid({ start_date: '2026-04-28' }), ctx({ originalStartDate: '2026-04-28' }))
        .start_date,
    ).toBeUndefined();
  });

  it('needs the departure after the arrival', () => {
    expect(reservationErrors(valid({ end_date: '2026-05-10' }), ctx()).start_date).toBe(
      'departure_after_arrival',
    );
  });

  it('caps guests between 1 and the capacity', () => {
    expect(reservationErrors(valid({ number_of_guests: 0 }), ctx()).number_of_guests).toBe('guests_min');
    expect(reservationErrors(valid({ number_of_guests: 5 }), ctx()).number_of_guests).toBe('guests_max');
  });

  it('refuses an empty or negative price', () => {
    expect(reservationErrors(valid({ price: null }), ctx()).price).toBe('fill_required');
    expect(reservationErrors(valid({ price: -1 }), ctx()).price).toBe('price_negative');
  });

  it('checks e-mail format, the property, and for hotels the room type and free rooms', () => {
    expect(reservationErrors(valid({ email: 'lucia@' }), ctx()).email).toBe('invalid_email');
    expect(reservationErrors(valid({ property_id: '' }), ctx()).property_id).toBe('select_property');
    const hotel = ctx({ isHotel: true, availableInstances: 2 });
    expect(reservationErrors(valid(), hotel).room_type_id).toBe('select_room_type');
    expect(reservationErrors(valid({ room_type_id: TYPE, quantity: 3 }), hotel).quantity).toBe(
      'quantity_max',
    );
    expect(reservationErrors(valid({ room_type_id: TYPE, quantity: 2 }), hotel)).toEqual({});
  });

  it('allows one promotion and one tax line at most', () => {
    const line = { description: 'x', price: 100 };
    expect(canAddLine('promotions', { promotions: [], taxes: [] })).toBe(true);
    expect(canAddLine('promotions', { promotions: [line], taxes: [] })).toBe(false);
    expect(canAddLine('taxes', { promotions: [line], taxes: [] })).toBe(true);
    expect(canAddLine('taxes', { promotions: [], taxes: [line] })).toBe(false);
    expect(reservationErrors(valid({ taxes: [line, line] }), ctx()).taxes).toBe('tax_limit');
  });

  it('computes total = price − promotions + taxes', () => {
    expect(
      reservationTotal({
        price: 40_000,
        promotions: [{ description: '', price: 4_000 }],
        taxes: [{ description: '', price: 800 }],
      }),
    ).toBe(36_800);
    expect(reservationTotal({ price: null, promotions: [], taxes: [] })).toBe(0);
  });
});

describe('reservation payloads (spec 3)', () => {
  it('builds the create payload with the phone country, status booked and trimmed text', () => {
    const body = createBody(valid({ name: ' Lucía Pérez ', notes: ' ok ' }), 'Casa Azul', false);
    expect(body).toMatchObject({
      name: 'Lucía Pérez',
      phone: '+34 612 345 678',
      property_title: 'Casa Azul',
      status: 'booked',
      room_type_id: null,
      quantity: 1,
      notes: 'ok',
      price: 36_000,
    });
  });

  it('builds the update payload with the id and the original dates and property', () => {
    const values = reservationFromBooking(booking);
    const body = updateBody({ ...values, end_date: '2026-05-03' }, booking, 'Casa Azul', false);
    expect(body).toMatchObject({
      id: booking.id,
      end_date: '2026-05-03',
      original_start_date: '2026-04-28',
      original_end_date: '2026-05-02',
      original_property_id: PROPERTY,
      phone: '+34 612 345 678',
      promotions: [{ description: 'Temporada baja', price: 4_000 }],
    });
  });

  it('reads a saved booking back into the form', () => {
    expect(reservationFromBooking(booking)).toMatchObject({
      phone_country: 'ES',
      phone_number: '612 345 678',
      price: 40_000,
      notes: 'Llegan tarde',
    });
  });

  it('checks availability on create, and on edit only when dates, property or rooms change', () => {
    const values = reservationFromBooking(booking);
    expect(needsAvailabilityCheck(values)).toBe(true);
    expect(needsAvailabilityCheck(values, booking)).toBe(false);
    expect(needsAvailabilityCheck({ ...values, end_date: '2026-05-03' }, booking)).toBe(true);
    expect(needsAvailabilityCheck({ ...values, property_id: TYPE }, booking)).toBe(true);
  });
});

describe('phone', () => {
  it('joins the country code and the typed number; a typed + prefix wins', () => {
    expect(joinPhone('ES', '612 345 678')).toBe('+34 612 345 678');
    expect(joinPhone('CO', '0300 123 4567')).toBe('+57 300 123 4567');
    expect(joinPhone('ES', '+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(joinPhone('ES', '  ')).toBe('');
  });

  it('splits a stored phone back into the country and the number', () => {
    expect(splitPhone('+34 612 345 678')).toEqual({ country: 'ES', number: '612 345 678' });
    expect(splitPhone('+593991234567')).toEqual({ country: 'EC', number: '991234567' });
    expect(splitPhone('+1 555 0100')).toEqual({ country: 'US', number: '555 0100' });
    expect(splitPhone('612345678')).toEqual({ country: 'ES', number: '612345678' });
  });
});

describe('guest details (spec 2.4)', () => {
  it('reads document type P as passport and anything else as ID', () => {
    expect(documentKind('P')).toBe('passport');
    expect(documentKind(' p ')).toBe('passport');
    expect(documentKind('D')).toBe('id');
    expect(documentKind('NIE')).toBe('id');
    expect(documentKind('')).toBeNull();
  });

  it('computes the age in whole years, the birthday counting on its day', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2030-01-01', '2026-01-01')).toBeNull();
    expect(ageOn('not a date', '2026-01-01')).toBeNull();
  });

  it('reads sex F and M', () => {
    expect(sexKind('F')).toBe('female');
    expect(sexKind('m')).toBe('male');
    expect(sexKind('X')).toBe('other');
    expect(sexKind(null)).toBeNull();
  });

  it('is pending until there is a check-in', () => {
    expect(guestIdentity(null, '2026-01-01')).toMatchObject({ pending: true, documentKind: null, age: null });
    expect(
      guestIdentity(
        {
          nombre: 'Ana',
          apellido: 'Gil',
          type_documento: 'P',
          nu_documento: 'XDA123456',
          pais_code: 'es',
          date_of_birth: '1990-06-15T00:00:00Z',
          sex: 'F',
          whatsapp: '+34600111222',
        },
        '2026-06-15',
      ),
    ).toEqual({
      pending: false,
      fullName: 'Ana Gil',
      messagingNumber: '+34600111222',
      documentKind: 'passport',
      documentNumber: 'XDA123456',
      countryCode: 'ES',
      birthDate: '1990-06-15',
      age: 36,
      sex: 'female',
    });
  });
});

describe('list URL state', () => {
  it('reads defaults, drops invalid values and keeps valid ones', () => {
    expect(parseListParams(new URLSearchParams())).toEqual({ sort: '-created_at', page: 1, page_size: 25 });
    const state = parseListParams(
      new URLSearchParams('status=cancelled&channel=nope&page=3&page_size=33&from=2026-02-30&search=Ana'),
    );
    expect(state).toEqual({
      sort: '-created_at',
      page: 3,
      page_size: 25,
      status: 'cancelled',
      search: 'Ana',
    });
  });

  it('writes only what differs from the defaults, and reads it back', () => {
    const params = listParamsToSearch({
      sort: '-created_at',
      page: 2,
      page_size: 50,
      payment_status: 'paid',
      from: '2026-03-01',
      to: '2026-04-01',
    });
    expect(params.toString()).toBe('payment_status=paid&from=2026-03-01&to=2026-04-01&page=2&page_size=50');
    expect(parseListParams(params)).toMatchObject({ page: 2, page_size: 50, payment_status: 'paid' });
  });

  it('goes back to page 1 on any change but paging, and removes cleared filters', () => {
    const state = parseListParams(new URLSearchParams('page=4&status=booked'));
    expect(withChange(state, { channel: 'booking' })).toMatchObject({ page: 1, channel: 'booking' });
    expect(withChange(state, { page: 5 }).page).toBe(5);
    expect(withChange(state, { status: undefined })).not.toHaveProperty('status');
    expect(activeFilterCount(withChange(state, { channel: 'web', from: '2026-01-01' }))).toBe(3);
  });

  it('sends the contract query and knows the last page', () => {
    expect(toQuery(parseListParams(new URLSearchParams(`search=PS-1&property_id=${PROPERTY}`)))).toEqual({
      sort: '-created_at',
      page: 1,
      page_size: 25,
      search: 'PS-1',
      property_id: PROPERTY,
    });
    expect(lastPage(0, 25)).toBe(1);
    expect(lastPage(2501, 25)).toBe(101);
  });
});

describe('Intl formatting in the interface language', () => {
  it('formats money per currency and language; COP without decimals', () => {
    expect(formatMoneyIn(125_050, 'EUR', 'es')).toBe('1250,50\u00a0€'.replace('1250', '1.250'));
    expect(formatMoneyIn(125_050, 'EUR', 'en')).toBe('€1,250.50');
    expect(formatMoneyIn(125_000_000, 'COP', 'es')).toMatch(/^\$\s?1\.250\.000$/);
    expect(formatMoneyIn(125_050, 'EUR', 'ar')).toMatch(/1,250\.50/);
  });

  it('formats stay dates in the language, Latin digits in Arabic', () => {
    expect(intlLocale('ar')).toBe('ar-u-nu-latn');
    expect(formatDay('2026-03-12', 'es')).toBe('12 mar 2026');
    expect(formatDay('2026-03-12', 'en')).toBe('12 Mar 2026');
    expect(formatDay('2026-03-12', 'ar')).toMatch(/12/);
    // Notifications carry ISO dates in their text; the bell shows them as the lists do (issue 13).
    const plain = (s: string) => s.replace(/[\u2068\u2069]/g, '');
    expect(plain(localizeIsoDates('Villa · 2026-03-12 → 2026-03-15', 'es'))).toBe(
      `Villa · ${formatStay('2026-03-12', '2026-03-15', 'es')}`,
    );
    expect(plain(localizeIsoDates('2026-03-12 09:00', 'en'))).toBe('12 Mar 2026 09:00');
    expect(localizeIsoDates('2026-03-12', 'ar')).toBe(`\u2068${formatDay('2026-03-12', 'ar')}\u2069`);
    expect(localizeIsoDates('Código 2026-13-45', 'es')).toBe('Código 2026-13-45');
    expect(formatStay('2026-03-12', '2026-03-15', 'en')).toMatch(/^12\s?–\s?15 Mar 2026$/);
  });
});

describe('what an operator may do (spec 4)', () => {
  it('never cancels nor edits an external-channel booking here', () => {
    expect(bookingActions({ status: 'booked', external: true })).toMatchObject({
      canCancel: false,
      canEdit: false,
      cancelBlockedByChannel: true,
      canPause: true,
      canChangePayment: true,
    });
    expect(bookingActions({ status: 'booked', external: false }).canEdit).toBe(true);
    expect(bookingActions({ status: 'booked', external: false }).canCancel).toBe(true);
    expect(bookingActions({ status: 'cancelled', external: false })).toMatchObject({
      canCancel: false,
      canEdit: false,
      cancelBlockedByChannel: false,
    });
  });
});
