import { describe, expect, it } from 'vitest';
import type { PoliceCommunication, PoliceGuest } from '../police/types.ts';
import { checkSes, spanishToday } from './ses-rules.ts';
import {
  establishment,
  foreignPassport,
  nieResident,
  spanishAdult,
  spanishChild,
  stay,
} from './test-support.ts';

const NOW = new Date('2026-11-25T10:00:00Z');
const codes = (c: PoliceCommunication, kind: 'PV' | 'RH' = 'PV', est = establishment, now = NOW) =>
  checkSes(kind, est, c, now).map((e) => (e.guest ? `${e.code}#${e.guest}` : e.code));
const pv = (...guests: PoliceGuest[]) => stay(guests);

describe('SES business rules (not in the XSD)', () => {
  it('a complete family, a foreign passport and a NIE resident pass', () => {
    expect(codes(pv(spanishAdult, spanishChild))).toEqual([]);
    expect(codes(pv(foreignPassport))).toEqual([]);
    expect(codes(pv(nieResident))).toEqual([]);
    expect(codes(stay([foreignPassport]), 'RH')).toEqual([]);
  });

  it('NIF needs the second surname and the support number; NIE the support number', () => {
    expect(codes(pv({ ...spanishAdult, lastName: 'García', supportNumber: '' }))).toEqual([
      'ses.rule.second_surname#1',
      'ses.rule.support_number#1',
    ]);
    expect(codes(pv({ ...nieResident, supportNumber: ' ' }))).toEqual(['ses.rule.support_number#1']);
    const [error] = checkSes('PV', establishment, pv({ ...spanishAdult, lastName: 'García' }), NOW);
    expect(error).toEqual({
      code: 'ses.rule.second_surname',
      field: 'lastName',
      guest: 1,
      message: 'Con NIF el segundo apellido es obligatorio.',
    });
  });

  it('an invalid NIF or NIE check letter is caught', () => {
    expect(codes(pv({ ...spanishAdult, documentNumber: '12345678A' }))).toEqual(['ses.rule.nif#1']);
    expect(codes(pv({ ...nieResident, documentNumber: 'X1234567A' }))).toEqual(['ses.rule.nie#1']);
  });

  it('an adult, or a Spaniard of 14 or more, must give a document; a younger child need not', () => {
    expect(codes(pv({ ...foreignPassport, documentNumber: '' }))).toEqual(['ses.rule.document_required#1']);
    const teen = { ...spanishChild, birthDate: '2011-01-01' };
    expect(codes(pv(spanishAdult, teen))).toEqual(['ses.rule.document_required#2']);
    expect(codes(pv(spanishAdult, { ...teen, nationality: 'FRA' }))).toEqual([]);
  });

  it('a Spanish residence needs the INE code; a foreign one the municipality name', () => {
    expect(codes(pv({ ...spanishAdult, municipalityCode: null }))).toEqual(['ses.rule.municipality_code#1']);
    expect(codes(pv({ ...foreignPassport, city: '' }))).toEqual(['ses.rule.city#1']);
    expect(codes(pv({ ...foreignPassport, residenceCountry: '' }))).toEqual(['ses.rule.residence_country#1']);
  });

  it('each person needs a phone or a valid e-mail', () => {
    expect(codes(pv({ ...foreignPassport, email: '' }))).toEqual(['ses.rule.contact#1']);
    expect(codes(pv({ ...foreignPassport, email: 'john@localhost' }))).toEqual([
      'ses.rule.email#1',
      'ses.rule.contact#1',
    ]);
    expect(codes(pv({ ...foreignPassport, email: '', phone: '+44 20 7946 0958' }))).toEqual([]);
  });

  it('a minor needs an adult who states the kinship', () => {
    expect(codes(pv({ ...spanishAdult, kinship: null }, spanishChild))).toEqual(['ses.rule.kinship']);
    expect(codes(pv({ ...spanishAdult, kinship: null }, { ...spanishChild, kinship: null }))).toEqual([
      'ses.rule.kinship',
    ]);
  });

  it('dates: entry before exit, entry within the last year, exit before five years from today', () => {
    expect(codes(stay([foreignPassport], { departureDate: '2026-12-01', departureTime: '10:00' }))).toEqual([
      'ses.rule.dates_order',
    ]);
    // Same day: 16:00 in, 11:00 out is backwards too.
    expect(codes(stay([foreignPassport], { departureDate: '2026-12-01' }))).toEqual(['ses.rule.dates_order']);
    expect(codes(stay([foreignPassport], { arrivalDate: '2025-11-25' }))).toEqual(['ses.rule.entry_too_old']);
    expect(codes(stay([foreignPassport], { arrivalDate: '2025-11-26' }))).toEqual([]);
    expect(codes(stay([foreignPassport], { departureDate: '2031-11-25' }))).toEqual([
      'ses.rule.exit_too_far',
    ]);
    expect(codes(stay([foreignPassport], { departureDate: '2031-11-24' }))).toEqual([]);
  });

  it('the windows move with the injected clock (today in Spain)', () => {
    const later = new Date('2027-12-10T10:00:00Z');
    expect(codes(stay([foreignPassport]), 'PV', establishment, later)).toEqual(['ses.rule.entry_too_old']);
    expect(spanishToday(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
  });

  it('the birth date must be in the past', () => {
    expect(codes(pv({ ...foreignPassport, birthDate: '2026-11-25' }))).toEqual(['ses.rule.birth_date#1']);
    expect(codes(pv({ ...foreignPassport, birthDate: '' }))).toEqual(['ses.rule.birth_date#1']);
  });

  it('establishment and landlord codes: 10 characters at most, the landlord code digits', () => {
    expect(codes(pv(foreignPassport), 'PV', { ...establishment, establishmentCode: '' })).toEqual([
      'ses.rule.establishment_code',
    ]);
    expect(codes(pv(foreignPassport), 'PV', { ...establishment, establishmentCode: '12345678901' })).toEqual([
      'ses.rule.establishment_code',
    ]);
    expect(codes(pv(foreignPassport), 'RH', { ...establishment, establishmentCode: '' })).toEqual([]);
    expect(codes(pv(foreignPassport), 'PV', { ...establishment, landlordCode: 'B1234567' })).toEqual([
      'ses.rule.landlord_code',
    ]);
  });

  it('a communication needs at least one person, and RH a single holder', () => {
    expect(codes(stay([]))).toEqual(['ses.rule.no_guests']);
    expect(codes(stay([foreignPassport, nieResident]), 'RH')).toEqual(['ses.rule.one_holder']);
  });
});
