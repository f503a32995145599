import { describe, expect, it } from 'vitest';
import { linkProgress, scorePercent, sexLetter, toBookingCheckin } from './guest-view.ts';
import {
  checkinParamsToSearch,
  parseCheckinParams,
  toCheckinsQuery,
  withCheckinChange,
} from './list-params.ts';
import {
  canGoBack,
  emptyManualValues,
  firstErrorStep,
  type ManualValues,
  manualErrors,
  serverField,
  serverMessageKey,
  stepErrors,
  toManualBody,
} from './manual-form.ts';
import { sendErrors } from './send-form.ts';

const TODAY = '2026-03-10';
const valid = (): ManualValues => ({
  ...emptyManualValues('0b8f0c3e-1d1a-4f59-9a8a-9d9c5d5c0a11', TODAY),
  departure: '2026-03-12',
  first_name: 'Lucía',
  last_name: 'García',
  gender: 'female',
  birth_date: '1990-05-01',
  phone: '+34 600 111 222',
  email: 'lucia@example.com',
  document_number: '12345678Z',
  support_number: 'ABC123456',
  issue_date: '2020-01-01',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postal_code: '28013',
  payment_method: 'cash',
  accepted_terms: true,
});

describe('check-in list params', () => {
  it('reads and writes the URL, dropping invalid values', () => {
    const state = parseCheckinParams(new URLSearchParams('tab=today&q=ana&page=3&from=2026-01-01&to=x'));
    expect(state).toEqual({ view: 'list', tab: 'today', q: 'ana', page: 3, from: '2026-01-01' });
    expect(checkinParamsToSearch(state).toString()).toBe('tab=today&q=ana&from=2026-01-01&page=3');
    expect(parseCheckinParams(new URLSearchParams('tab=nope&page=-1'))).toEqual({
      view: 'list',
      tab: 'all',
      page: 1,
    });
  });

  it('goes back to page 1 on a filter change and sends the history its country', () => {
    const state = parseCheckinParams(new URLSearchParams('page=4&q=x'));
    expect(withCheckinChange(state, { q: undefined })).toEqual({ view: 'list', tab: 'all', page: 1 });
    const history = parseCheckinParams(new URLSearchParams('view=history&country=fr&tab=pending'));
    expect(toCheckinsQuery(history)).toEqual({ page: 1, page_size: 20, country: 'FR' });
  });
});

describe('guest view', () => {
  it('maps sex to F or M and the lead guest to the booking details fields', () => {
    expect(sexLetter('female')).toBe('F');
    expect(sexLetter('male')).toBe('M');
    expect(sexLetter('other')).toBeNull();
    const fields = toBookingCheckin([
      {
        is_lead: true,
        first_name: 'Ana',
        last_name: 'Ruiz',
        document_type: 'passport',
        document_number: 'X1234567',
        phone: '+34600',
        country: 'ES',
        birth_date: '1990-01-01',
        gender: 'female',
      } as never,
    ]);
    expect(fields).toMatchObject({ type_documento: 'P', sex: 'F', nombre: 'Ana', pais_code: 'ES' });
    expect(toBookingCheckin([])).toBeNull();
  });

  it('tells how far the link went and shows scores as percentages', () => {
    expect(linkProgress({ sent_at: 'x', opened_at: null, completed_at: null })).toBe('sent');
    expect(linkProgress({ sent_at: 'x', opened_at: 'y', completed_at: 'z' })).toBe('completed');
    expect(linkProgress({ sent_at: null, opened_at: null, completed_at: null })).toBe('not_sent');
    expect(scorePercent(0.873)).toBe(87);
    expect(scorePercent(91)).toBe(91);
  });
});

describe('manual check-in form', () => {
  it('accepts a complete form and requires every spec 5 field', () => {
    expect(manualErrors(valid(), TODAY)).toEqual({});
    const empty = manualErrors(emptyManualValues('', TODAY), TODAY);
    for (const field of [
      'property_id',
      'first_name',
      'last_name',
      'gender',
      'birth_date',
      'phone',
      'departure',
      'email',
      'document_number',
      'accepted_terms',
      'issue_date',
      'address',
      'postal_code',
      'payment_method',
    ]) {
      expect(empty, field).toHaveProperty(field);
    }
  });

  it('checks the DNI letter and splits errors by step', () => {
    const values = { ...valid(), document_number: '12345678A', payment_method: '' as const };
    expect(stepErrors(2, values, TODAY)).toEqual({ document_number: 'errors.dni' });
    expect(stepErrors(3, values, TODAY)).toEqual({ payment_method: 'errors.required' });
    expect(stepErrors(1, values, TODAY)).toEqual({});
  });

  it('maps server fields back to steps, and goes back only from 2 to 1', () => {
    expect(serverField('guest.document_number')).toBe('document_number');
    expect(serverField('start_date')).toBe('arrival');
    expect(serverField('nonsense')).toBeNull();
    expect(firstErrorStep(['payment_date', 'postal_code'])).toBe(2);
    expect(serverMessageKey('checkin.errors.dni')).toBe('errors.dni');
    expect(serverMessageKey('Texto libre')).toBeNull();
    expect([1, 2, 3].map((s) => canGoBack(s as 1 | 2 | 3))).toEqual([false, true, false]);
  });

  it('builds the body with the operator_manual process', () => {
    const body = toManualBody({ ...valid(), document_number: '12345678-z' }, '2026-06-01');
    expect(body).toMatchObject({ start_date: TODAY, end_date: '2026-03-12', accepted_terms: true });
    expect(body.guest).toMatchObject({
      process: 'operator_manual',
      document_number: '12345678Z',
      kinship: null,
    });
  });
});

describe('send check-in form', () => {
  const base = {
    property_id: 'p',
    name: 'Ana',
    phone: '+34 600 111 222',
    email: 'ana@example.com',
    channel: 'email' as const,
    start_date: '2026-03-10',
    end_date: '2026-03-12',
    guests: 2,
  };
  it('requires accommodation, name and only the contact the channel needs', () => {
    expect(sendErrors(base)).toEqual({});
    const empty = { ...base, property_id: '', name: ' ', phone: '', email: '' };
    expect(sendErrors(empty)).toEqual({
      property_id: 'errors.required',
      name: 'errors.required',
      email: 'errors.required',
    });
    expect(sendErrors({ ...empty, channel: 'whatsapp' })).toEqual({
      property_id: 'errors.required',
      name: 'errors.required',
      phone: 'errors.required',
    });
    expect(sendErrors({ ...empty, channel: 'qr' })).toEqual({
      property_id: 'errors.required',
      name: 'errors.required',
    });
    expect(sendErrors({ ...base, phone: '' })).toEqual({});
    expect(sendErrors({ ...base, email: 'x@', phone: '12' })).toEqual({
      email: 'errors.email',
      phone: 'errors.phone',
    });
  });
  it('needs stay dates only without a booking', () => {
    expect(sendErrors({ ...base, start_date: '', end_date: '', booking_id: 'b' })).toEqual({});
    expect(sendErrors({ ...base, end_date: '2026-03-01' })).toEqual({
      end_date: 'errors.departure_after_arrival',
    });
    // As bookings: departure on the arrival day is no stay.
    expect(sendErrors({ ...base, end_date: base.start_date })).toEqual({
      end_date: 'errors.departure_after_arrival',
    });
  });
});
