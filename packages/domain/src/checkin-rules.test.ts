import { describe, expect, it } from 'vitest';
import {
  ageOn,
  asksDocument,
  asksSupportNumber,
  checkinSendTime,
  type GuestDataInput,
  guestDataErrors,
  isRestrictedPassport,
  isValidDni,
  isValidNie,
  isValidSupportNumber,
  keepAsked,
  purgeDate,
  sendCheckinErrors,
  sendContactRequired,
  travellerAsks,
} from './checkin-rules.ts';

const valid: GuestDataInput = {
  first_name: 'Lucía',
  last_name: 'García Pérez',
  gender: 'female',
  birth_date: '1990-04-12',
  phone: '+34 612 345 678',
  email: 'lucia@example.com',
  document_type: 'dni',
  document_number: '12345678Z',
  issue_date: '2021-05-01',
  expiry_date: '2031-05-01',
  support_number: 'BAA123456',
  nationality: 'ESP',
  country: 'ES',
  address: 'Calle Betis 12',
  city: 'Sevilla',
  postal_code: '41010',
  residence_country: 'ES',
  payment_method: 'cash',
  payment_date: '2026-11-21',
  minors: false,
  kinship: null,
  signature: 'data:image/png;base64,iVBORw0KGgo=',
  arrival: '2026-12-01',
  departure: '2026-12-04',
};
const guest = { today: '2026-11-21', form: 'guest' } as const;

describe('identity documents (spec 5: the DNI must be valid)', () => {
  it('checks the DNI and NIE letters', () => {
    expect(isValidDni('12345678Z')).toBe(true);
    expect(isValidDni('12345678-z')).toBe(true);
    expect(isValidDni('12345678A')).toBe(false);
    expect(isValidDni('1234567Z')).toBe(false);
    expect(isValidNie('X1234567L')).toBe(true);
    expect(isValidNie('Y1234567X')).toBe(true);
    expect(isValidNie('Z1234567R')).toBe(true);
    expect(isValidNie('X1234567A')).toBe(false);
  });

  it('knows the support number forms and the restricted passports', () => {
    expect(isValidSupportNumber('BAA123456', 'dni')).toBe(true);
    expect(isValidSupportNumber('E12345678', 'dni')).toBe(true);
    expect(isValidSupportNumber('12345', 'dni')).toBe(false);
    expect(isValidSupportNumber('P1234', 'passport')).toBe(true);
    expect(isRestrictedPassport('passport', 'prk')).toBe(true);
    expect(isRestrictedPassport('dni', 'PRK')).toBe(false);
    expect(isRestrictedPassport('passport', 'FRA')).toBe(false);
  });

  it('computes ages and the purge date three years after the stay', () => {
    expect(ageOn('1990-11-22', '2026-11-21')).toBe(35);
    expect(ageOn('1990-11-21', '2026-11-21')).toBe(36);
    expect(purgeDate('2026-12-04')).toBe('2029-12-04');
  });
});

describe('guest data rules (spec 5 Check-in forms)', () => {
  it('accepts complete, valid data', () => {
    expect(guestDataErrors(valid, guest)).toEqual({});
    expect(guestDataErrors({ ...valid, document_number: 'X1234567L' }, guest)).toEqual({});
  });

  it('names each broken rule by field', () => {
    const errors = guestDataErrors(
      {
        ...valid,
        first_name: ' ',
        email: 'lucia@',
        document_number: '12345678A',
        support_number: '',
        postal_code: '99999',
        departure: '2026-11-30',
        signature: '',
        minors: true,
        kinship: '',
      },
      guest,
    );
    expect(errors).toEqual({
      first_name: 'errors.required',
      email: 'errors.email',
      document_number: 'errors.dni',
      support_number: 'errors.required',
      postal_code: 'errors.postal_code',
      departure: 'errors.departure_before_arrival',
      signature: 'errors.signature',
      kinship: 'errors.kinship',
    });
  });

  it('asks whether minors are present, refuses restricted passports and expired documents', () => {
    expect(guestDataErrors({ ...valid, minors: null }, guest).minors).toBe('errors.minors');
    const passport = { ...valid, document_type: 'passport' as const, document_number: 'P1234567' };
    expect(guestDataErrors({ ...passport, nationality: 'PRK' }, guest).document_number).toBe(
      'errors.document_not_allowed',
    );
    expect(guestDataErrors({ ...passport, nationality: 'FRA', country: 'FR' }, guest)).toEqual({});
    expect(guestDataErrors({ ...valid, expiry_date: '2026-11-20' }, guest).expiry_date).toBe(
      'errors.document_expired',
    );
  });

  it('needs the payment on the manual check-in and the signature only from the guest', () => {
    const manual = { today: '2026-11-21', form: 'manual' } as const;
    expect(guestDataErrors({ ...valid, signature: '' }, manual)).toEqual({});
    expect(guestDataErrors({ ...valid, payment_method: '', payment_date: '' }, manual)).toEqual({
      payment_method: 'errors.required',
      payment_date: 'errors.required',
    });
    expect(guestDataErrors({ ...valid, payment_method: '' }, guest)).toEqual({});
  });

  it('asks the support number of a DNI or NIE only, never of a passport or another document (issue 27)', () => {
    const ctx = { today: '2026-11-21', form: 'guest' as const };
    const withoutSupport = { ...valid, support_number: '' };
    expect(guestDataErrors(withoutSupport, ctx).support_number).toBe('errors.required');
    for (const document_type of ['passport', 'other'] as const) {
      const passport = { ...withoutSupport, document_type, document_number: 'X1234567', nationality: 'FRA' };
      expect(guestDataErrors(passport, ctx), document_type).toEqual({});
      // Whatever a hidden field still holds (a DNI's number typed before switching) is not held against it.
      expect(guestDataErrors({ ...passport, support_number: '??' }, ctx), document_type).toEqual({});
    }
    expect(asksSupportNumber('dni')).toBe(true);
    expect(asksSupportNumber('passport')).toBe(false);
  });

  it('asks no document of a child below the age the rules set; a Spaniard from 14 gives one (issue 27)', () => {
    const ctx = { today: '2026-11-21', form: 'guest' as const };
    const noDocument = {
      ...valid,
      document_type: '' as const,
      document_number: '',
      support_number: '',
      issue_date: '',
      expiry_date: '',
      arrival: '2026-12-01',
    };
    // A 5-year-old, and a 16-year-old French girl: nothing to show.
    expect(guestDataErrors({ ...noDocument, birth_date: '2021-06-01', nationality: 'ESP' }, ctx)).toEqual({});
    expect(guestDataErrors({ ...noDocument, birth_date: '2010-06-01', nationality: 'FRA' }, ctx)).toEqual({});
    // A 16-year-old Spaniard and any adult: the document is required.
    expect(
      guestDataErrors({ ...noDocument, birth_date: '2010-06-01', nationality: 'ESP' }, ctx).document_type,
    ).toBe('errors.required');
    expect(guestDataErrors({ ...noDocument, nationality: 'FRA' }, ctx).document_type).toBe('errors.required');
    // A document typed for a child is still checked.
    expect(
      guestDataErrors(
        { ...noDocument, birth_date: '2021-06-01', document_type: 'dni', document_number: '1' },
        ctx,
      ).document_number,
    ).toBe('errors.dni');
    expect([
      asksDocument(13, 'ESP'),
      asksDocument(14, 'ESP'),
      asksDocument(17, 'FRA'),
      asksDocument(18, 'FRA'),
    ]).toEqual([false, true, false, true]);
  });

  it('asks each traveller only what the rules ask: no document for a child, the minors question of adults', () => {
    const at = { arrival: '2026-11-20', nationality: 'ESP' };
    expect(travellerAsks({ ...at, birth_date: '2021-05-01' }, '2026-11-01')).toEqual({
      document: false,
      minors: false,
    });
    expect(travellerAsks({ ...at, birth_date: '2010-03-01' }, '2026-11-01')).toEqual({
      document: true,
      minors: false,
    });
    expect(travellerAsks({ ...at, nationality: 'FRA', birth_date: '2010-03-01' }, '2026-11-01')).toEqual({
      document: false,
      minors: false,
    });
    expect(travellerAsks({ ...at, birth_date: '1990-01-01' }, '2026-11-01')).toEqual({
      document: true,
      minors: true,
    });
    // Unknown birth date: everything is asked, so the form does not jump.
    expect(travellerAsks({ ...at, birth_date: '' }, '2026-11-01')).toEqual({ document: true, minors: true });
    // A child's hidden fields are left out, so nothing invisible is checked or sent.
    const child = keepAsked(
      { ...valid, birth_date: '2021-05-01', arrival: '2026-11-20', minors: null, kinship: 'parent' as const },
      '2026-11-01',
    );
    expect(child).toMatchObject({
      document_type: '',
      document_number: '',
      support_number: '',
      minors: false,
    });
    expect(child.kinship).toBeNull();
    expect(guestDataErrors(child, guest)).toEqual({});
  });

  it('checks only the form of foreign postal codes', () => {
    expect(guestDataErrors({ ...valid, residence_country: 'FR', postal_code: '75001' }, guest)).toEqual({});
  });
});

describe('check-in link schedule (spec 4), in the property time zone', () => {
  const at = (d: Date | null) => d?.toISOString();
  it('same day at 6 AM, 24 h at 10 PM the night before, 48 and 72 h at 10 PM earlier', () => {
    expect(at(checkinSendTime('same_day', '2026-12-10', 'Europe/Madrid'))).toBe('2026-12-10T05:00:00.000Z');
    expect(at(checkinSendTime('24h', '2026-12-10', 'Europe/Madrid'))).toBe('2026-12-09T21:00:00.000Z');
    expect(at(checkinSendTime('48h', '2026-12-10', 'Europe/Madrid'))).toBe('2026-12-08T21:00:00.000Z');
    expect(at(checkinSendTime('72h', '2026-12-10', 'Europe/Madrid'))).toBe('2026-12-07T21:00:00.000Z');
    expect(checkinSendTime('disabled', '2026-12-10', 'Europe/Madrid')).toBeNull();
  });

  it('follows the time zone: Canarias, Bogotá, Mexico City', () => {
    expect(at(checkinSendTime('same_day', '2026-12-10', 'Atlantic/Canary'))).toBe('2026-12-10T06:00:00.000Z');
    expect(at(checkinSendTime('same_day', '2026-12-10', 'America/Bogota'))).toBe('2026-12-10T11:00:00.000Z');
    expect(at(checkinSendTime('24h', '2026-12-10', 'America/Mexico_City'))).toBe('2026-12-10T04:00:00.000Z');
  });

  it('keeps the wall-clock hour across daylight-saving changes', () => {
    // Madrid springs forward on 29 March 2026 at 02:00 (CET +1 → CEST +2).
    expect(at(checkinSendTime('24h', '2026-03-29', 'Europe/Madrid'))).toBe('2026-03-28T21:00:00.000Z');
    expect(at(checkinSendTime('same_day', '2026-03-29', 'Europe/Madrid'))).toBe('2026-03-29T04:00:00.000Z');
    // …and falls back on 25 October 2026 at 03:00.
    expect(at(checkinSendTime('24h', '2026-10-25', 'Europe/Madrid'))).toBe('2026-10-24T20:00:00.000Z');
    expect(at(checkinSendTime('same_day', '2026-10-25', 'Europe/Madrid'))).toBe('2026-10-25T05:00:00.000Z');
    // New York springs forward on 8 March 2026.
    expect(at(checkinSendTime('same_day', '2026-03-08', 'America/New_York'))).toBe(
      '2026-03-08T10:00:00.000Z',
    );
    expect(at(checkinSendTime('24h', '2026-03-08', 'America/New_York'))).toBe('2026-03-08T03:00:00.000Z');
  });
});

describe('sendContactRequired', () => {
  it('asks only for the contact the channel uses', () => {
    expect(sendContactRequired('email')).toEqual({ email: true, phone: false });
    expect(sendContactRequired('whatsapp')).toEqual({ email: false, phone: true });
    expect(sendContactRequired('sms')).toEqual({ email: false, phone: true });
    expect(sendContactRequired('qr')).toEqual({ email: false, phone: false });
  });
});

describe('send check-in rules (one copy for the web form and the API)', () => {
  const base = {
    property_id: 'p',
    name: 'Ana',
    phone: '',
    email: 'ana@example.com',
    channel: 'email' as const,
    start_date: '2026-03-10',
    end_date: '2026-03-12',
  };
  it('asks only the contact the channel needs, and valid dates unless the booking names the stay', () => {
    expect(sendCheckinErrors(base, false)).toEqual({});
    expect(sendCheckinErrors({ ...base, channel: 'sms', email: '' }, false)).toEqual({ phone: 'required' });
    expect(sendCheckinErrors({ ...base, phone: '12', email: 'x@' }, false)).toEqual({
      phone: 'phone',
      email: 'email',
    });
    expect(sendCheckinErrors({ ...base, start_date: '', end_date: '2026-03-10' }, false)).toEqual({
      start_date: 'required',
    });
    expect(sendCheckinErrors({ ...base, end_date: base.start_date }, false)).toEqual({
      end_date: 'departure_after_arrival',
    });
    expect(sendCheckinErrors({ ...base, start_date: '', end_date: '' }, true)).toEqual({});
  });
});
