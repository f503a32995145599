import { describe, expect, it } from 'vitest';
import { ineMunicipalityOf } from './ine-municipality.ts';
import {
  backoffMs,
  csvField,
  dueAtOf,
  type GuestRecord,
  holderOf,
  idempotencyKey,
  isOverdue,
  isTransient,
  isUnauthorized,
  nextNightlySlot,
  pathOf,
  referenceOf,
  toCommunication,
  toCsv,
} from './registration-rules.ts';

const lead: GuestRecord = {
  firstName: ' Marta ',
  lastName: 'Gómez Ruiz',
  gender: 'female',
  birthDate: '1985-04-12',
  documentType: 'dni',
  documentNumber: '12345678z',
  supportNumber: 'abc123456',
  issueDate: '2020-01-15',
  nationality: 'esp',
  residenceCountry: 'es',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postalCode: '28013',
  province: 'Madrid',
  municipality: 'Madrid',
  phone: '+34 611 222 333',
  email: 'marta@example.com',
  kinship: null,
  paymentMethod: 'card',
  paymentDate: '2026-11-20',
  isLead: true,
};
const child: GuestRecord = {
  ...lead,
  firstName: 'Pablo',
  isLead: false,
  kinship: 'child',
  paymentMethod: null,
};

const stay = {
  reference: 'PV-ABC-1',
  bookedAt: new Date('2026-11-01T22:30:00Z'),
  startDate: '2026-11-20',
  endDate: '2026-11-22',
  checkinTime: '15:00',
  checkoutTime: '11:00',
  timeZone: 'Europe/Madrid',
  rooms: 0,
  internet: true,
};

describe('police registration rules', () => {
  it('sends Guardia Civil and Policía Nacional through SES, the others their own way', () => {
    expect(pathOf('guardia_civil')).toBe('ses');
    expect(pathOf('policia_nacional')).toBe('ses');
    expect(pathOf('ertzaintza')).toBe('ertzaintza');
    expect(pathOf('mossos')).toBe('mossos');
  });

  it('keys each communication by kind, subject and version, and keeps the reference within 50 characters', () => {
    const id = '6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f';
    expect(idempotencyKey('PV', id, 2)).toBe(`PV:${id}:v2`);
    expect(referenceOf('PV', id, 2)).toBe('PV-6F1C2D3E4B5A4C6D8E9F-2');
    expect(referenceOf('RH', id, 999).length).toBeLessThanOrEqual(50);
    expect(referenceOf('PV', id, 1)).not.toBe(referenceOf('PV', id, 2));
  });

  it('maps our rows to a communication: the lead first, codes normalised, local times, the INE code', () => {
    const c = toCommunication(stay, [child, lead], ineMunicipalityOf);
    expect(c).toMatchObject({
      reference: 'PV-ABC-1',
      // Booked 23:30 in Madrid on 1 November.
      contractDate: '2026-11-01',
      arrivalDate: '2026-11-20',
      arrivalTime: '15:00',
      departureTime: '11:00',
      rooms: 1,
      internet: true,
      paymentMethod: 'card',
      paymentDate: '2026-11-20',
    });
    expect(c.guests.map((g) => g.firstName)).toEqual(['Marta', 'Pablo']);
    expect(c.guests[0]).toMatchObject({
      documentNumber: '12345678Z',
      supportNumber: 'ABC123456',
      nationality: 'ESP',
      residenceCountry: 'ES',
      municipalityCode: '28079',
      isLead: true,
    });
    expect(c.guests[1]).toMatchObject({ kinship: 'child', isLead: false });
  });

  it('gives no INE code abroad, nor for a postal code of several municipalities', () => {
    const abroad = toCommunication(
      stay,
      [{ ...lead, residenceCountry: 'FR', postalCode: '75001' }],
      ineMunicipalityOf,
    );
    expect(abroad.guests[0]?.municipalityCode).toBeNull();
    expect(ineMunicipalityOf('99999')).toBeNull();
  });

  it('builds the RH holder from the booking when no guest has registered yet', () => {
    expect(holderOf({ name: 'Lucía Pérez Gil', email: 'l@example.com', phone: '600' })).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Pérez Gil',
      isLead: true,
    });
  });

  it('sets the deadline 24 hours after the arrival (or the later completion), or after the booking', () => {
    const at = {
      arrivalDate: '2026-11-20',
      checkinTime: '15:00',
      timeZone: 'Europe/Madrid',
      bookedAt: stay.bookedAt,
    };
    // 15:00 in Madrid is 14:00 UTC in November.
    expect(dueAtOf('PV', { ...at, completedAt: new Date('2026-11-20T09:00:00Z') }).toISOString()).toBe(
      '2026-11-21T14:00:00.000Z',
    );
    expect(dueAtOf('PV', { ...at, completedAt: new Date('2026-11-20T20:00:00Z') }).toISOString()).toBe(
      '2026-11-21T20:00:00.000Z',
    );
    expect(dueAtOf('RH', { ...at, completedAt: null }).toISOString()).toBe('2026-11-02T22:30:00.000Z');
  });

  it('warns 12 hours before the deadline only while the registration is not settled', () => {
    const due = new Date('2026-11-21T14:00:00Z');
    expect(isOverdue('sent', due, new Date('2026-11-21T01:59:00Z'))).toBe(false);
    expect(isOverdue('sent', due, new Date('2026-11-21T02:00:00Z'))).toBe(true);
    expect(isOverdue('needs_action', due, new Date('2026-11-22T00:00:00Z'))).toBe(true);
    expect(isOverdue('accepted', due, new Date('2026-11-22T00:00:00Z'))).toBe(false);
    expect(isOverdue('cancelled', due, new Date('2026-11-22T00:00:00Z'))).toBe(false);
  });

  it('puts the nightly batch at the next 03:00 of the property, across the DST change', () => {
    expect(nextNightlySlot(new Date('2026-11-20T10:00:00Z'), 'Europe/Madrid').toISOString()).toBe(
      '2026-11-21T02:00:00.000Z',
    );
    expect(nextNightlySlot(new Date('2026-11-20T01:00:00Z'), 'Europe/Madrid').toISOString()).toBe(
      '2026-11-20T02:00:00.000Z',
    );
    // The night of 29 March 2026 Madrid moves to summer time: 03:00 CEST is 01:00 UTC.
    expect(nextNightlySlot(new Date('2026-03-28T12:00:00Z'), 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('retries transient failures with a doubling backoff capped at 30 minutes, never bad credentials', () => {
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 1_800_000]);
    expect(isTransient('ses-hospedajes.timeout')).toBe(true);
    expect(isTransient('ertzaintza.server_error')).toBe(true);
    expect(isTransient('ses-hospedajes.unreachable')).toBe(true);
    expect(isTransient('ses-hospedajes.unauthorized')).toBe(false);
    expect(isTransient('ses-hospedajes.rejected')).toBe(false);
    expect(isUnauthorized('ses-hospedajes.unauthorized')).toBe(true);
  });

  it('writes RFC 4180 CSV with a BOM, CRLF, quoted fields and no formula injection', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
    expect(toCsv(['a', 'b'], [[1, 'x']])).toBe('\uFEFFa,b\r\n1,x\r\n');
  });
});
