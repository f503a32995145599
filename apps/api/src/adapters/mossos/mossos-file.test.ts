import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PoliceCommunication, PoliceEstablishment, PoliceGuest } from '../police/types.ts';
import { ineControlDigit, ineMunicipality6, mossosField } from './mossos-codes.ts';
import { buildMossosFile, checkMossosCommunication, mossosSequence } from './mossos-file.ts';

const establishment: PoliceEstablishment = {
  establishmentCode: '08043AAR02',
  landlordCode: '',
  name: 'Hostal Coll',
  address: 'Carrer Major 1',
  city: 'Barcelona',
  postalCode: '08001',
  propertyType: 'hotel',
};

// The person of the notes' fixture (police-files.md, from HCOLLGEST fitxer.test.ts).
const maria: PoliceGuest = {
  firstName: 'Maria',
  lastName: 'Garcia López',
  gender: 'female',
  birthDate: '1990-05-05',
  documentType: 'dni',
  documentNumber: 'X1234567L',
  supportNumber: 'ABC123456',
  issueDate: null,
  nationality: 'FRA',
  residenceCountry: 'ES',
  address: 'C/ Major 1',
  city: 'Barcelona',
  postalCode: '08001',
  municipalityCode: '08019',
  province: 'Barcelona',
  phone: '600123123',
  email: 'maria@x.cat',
  kinship: null,
  isLead: true,
};
const stay: PoliceCommunication = {
  reference: '12',
  contractDate: '2026-01-10',
  arrivalDate: '2026-02-01',
  arrivalTime: '00:00',
  departureDate: '2026-02-05',
  departureTime: '00:00',
  rooms: 2,
  internet: true,
  paymentMethod: 'cash',
  paymentDate: null,
  guests: [maria],
};
// 15:23 in Barcelona on 16 January (UTC+1).
const opts = {
  day: '2026-01-16',
  sequence: 1,
  now: new Date('2026-01-16T14:23:00Z'),
  timeZone: 'Europe/Madrid',
};

const golden = (name: string, content: Buffer) => {
  const path = new URL(`./fixtures/${name}`, import.meta.url);
  if (process.env.UPDATE_GOLDEN) writeFileSync(path, content);
  expect(content.equals(readFileSync(path))).toBe(true);
};

describe('Mossos V24 file', () => {
  it("reproduces the notes' fixture byte for byte (CRLF, final CRLF, latin1)", () => {
    const file = buildMossosFile(establishment, [{ kind: 'PV', communication: stay }], opts);
    expect(file.fileName).toBe('08043AAR02.001.txt');
    const expected =
      '1|08043AAR02|HOSTAL COLL|20260116|1523|1|V24\r\n' +
      '2||X1234567L|N||GARCIA|LÓPEZ|MARIA|F|19900505|FRA|20260201|0000|20260205|0000|20260110|C|12|1|2|S|EFECT|600123123||maria@x.cat|ABC123456|C/ MAJOR 1|08|080193||ESP|08001|\r\n';
    expect(file.content.equals(Buffer.from(expected, 'latin1'))).toBe(true);
    expect(
      file.content.equals(readFileSync(new URL('./fixtures/notes-fixture.001.txt', import.meta.url))),
    ).toBe(true);
    // Ó is one latin1 byte (0xD3), not UTF-8's two.
    expect(file.content.includes(Buffer.from([0x7c, 0x4c, 0xd3, 0x50, 0x45, 0x5a, 0x7c]))).toBe(true);
    expect(expected.split('\r\n')[1]?.split('|')).toHaveLength(33); // 32 fields, then '' after the trailing |
  });

  it('a family with a minor: the child line carries the kinship the parent declared', () => {
    const father: PoliceGuest = {
      ...maria,
      firstName: 'Jordi',
      lastName: 'Puig Serra',
      gender: 'male',
      birthDate: '1980-03-03',
      documentNumber: '12345678Z',
      supportNumber: 'BAA000589',
      issueDate: '2021-06-01',
      nationality: 'ESP',
      phone: '+34 611 222 333',
      email: 'jordi@example.cat',
      kinship: 'parent',
    };
    const son: PoliceGuest = {
      ...father,
      firstName: 'Pau',
      birthDate: '2015-09-09',
      documentNumber: '',
      supportNumber: '',
      issueDate: null,
      phone: '',
      kinship: null,
      isLead: false,
    };
    const family = {
      ...stay,
      reference: 'BK-7',
      guests: [father, son],
      rooms: 1,
      paymentMethod: 'pay_at_destination' as const,
    };
    expect(checkMossosCommunication('PV', establishment, family)).toEqual([]);
    const file = buildMossosFile(establishment, [{ kind: 'PV', communication: family }], {
      ...opts,
      sequence: 1000,
    });
    expect(file.fileName).toBe('08043AAR02.001.txt');
    const lines = file.content.toString('latin1').split('\r\n');
    expect(lines[0]).toBe('1|08043AAR02|HOSTAL COLL|20260116|1523|2|V24');
    expect(lines[1]).toBe(
      '2|12345678Z||D|20210601|PUIG|SERRA|JORDI|M|19800303|ESP|20260201|0000|20260205|0000|20260110|C|BK-7|2|1|S|DESTI|+34611222333|PM|jordi@example.cat|BAA000589|C/ MAJOR 1|08|080193||ESP|08001|',
    );
    // The child: no document (fields 2-5 empty), the parent's declared kinship PM (field 24).
    expect(lines[2]?.split('|').slice(1, 5)).toEqual(['', '', '', '']);
    expect(lines[2]?.split('|')[23]).toBe('PM');
    expect(lines[3]).toBe('');
    golden('family-minor.001.txt', file.content);
  });

  it('a reservation is an R line; accents outside latin1 lose them, | never reaches a field', () => {
    const guest: PoliceGuest = {
      ...maria,
      firstName: 'Łukasz',
      lastName: 'Kowalczyk-Nowak Ğüneş',
      nationality: 'POL',
      residenceCountry: 'PL',
      documentType: 'passport',
      documentNumber: 'EA 1234567',
      supportNumber: '',
      address: 'ul. Marszałkowska 5 | m. 3',
      city: 'Warszawa',
      postalCode: '00-624',
      municipalityCode: null,
      phone: '',
      email: 'Lukasz@Example.PL',
    };
    const booking = { ...stay, reference: 'RES-1', paymentMethod: null, guests: [guest] };
    expect(checkMossosCommunication('RH', establishment, booking)).toEqual([]);
    const file = buildMossosFile(establishment, [{ kind: 'RH', communication: booking }], {
      ...opts,
      sequence: 2,
    });
    expect(file.fileName).toBe('08043AAR02.002.txt');
    const line = file.content.toString('latin1').split('\r\n')[1] ?? '';
    const fields = line.split('|');
    expect(fields).toHaveLength(33);
    expect(fields.slice(1, 4)).toEqual(['', 'EA1234567', 'P']);
    expect(fields.slice(5, 8)).toEqual(['KOWALCZYK-NOWAK', 'GÜNES', 'LUKASZ']);
    expect(fields[16]).toBe('R');
    expect(fields[24]).toBe('Lukasz@Example.PL');
    expect(fields.slice(26, 32)).toEqual(['UL. MARSZALKOWSKA 5 M. 3', '', '', 'WARSZAWA', 'POL', '00-624']);
    // Ü is latin1 0xDC; Ş (not latin1) became S.
    expect(file.content.includes(Buffer.from('G\u00dcNES', 'latin1'))).toBe(true);
    golden('reservation-latin1.002.txt', file.content);
  });
});

describe('INE control digit', () => {
  it('completes 5-digit codes with the INE digit', () => {
    expect(ineControlDigit('08019')).toBe(3); // Barcelona 080193
    expect(ineControlDigit('28079')).toBe(6); // Madrid 280796
    expect(ineControlDigit('06113')).toBe(4); // Ribera del Fresno 061134
    expect(ineControlDigit('06124')).toBe(7); // Segura de León 061247
    expect(ineControlDigit('46250')).toBe(8); // València 462508
    expect(ineMunicipality6('17079')).toBe('170792'); // Girona
    expect(ineMunicipality6('080193')).toBe('080193');
    expect(ineMunicipality6('8019')).toBe('');
  });
});

describe('sequence and fields', () => {
  it('wraps 999 to 001 and keeps fields on one line', () => {
    expect([1, 999, 1000, 1998].map(mossosSequence)).toEqual(['001', '999', '001', '999']);
    expect(mossosField('a|b\r\nc  d')).toBe('A B C D');
    expect(mossosField('Œuvre “x” €')).toBe('OEUVRE "X" EUR');
    expect(mossosField('Αθήνα 北京')).toBe('????? ??');
  });
});

describe('checks', () => {
  it('the validations of the notes', () => {
    const future = '2999-01-01';
    const dniNoSecond: PoliceGuest = {
      ...maria,
      documentNumber: '12345678Z',
      lastName: 'Garcia',
      supportNumber: 'AB1',
    };
    const minorAlone: PoliceGuest = { ...maria, birthDate: '2014-01-01', documentNumber: '', isLead: false };
    const abroad: PoliceGuest = {
      ...maria,
      residenceCountry: 'FR',
      city: '',
      birthDate: future,
      phone: '',
      email: '',
    };
    const errors = checkMossosCommunication(
      'PV',
      { ...establishment, establishmentCode: 'AB1' },
      {
        ...stay,
        departureDate: stay.arrivalDate,
        guests: [dniNoSecond, minorAlone, abroad],
      },
    );
    expect(errors.map((e) => [e.code, e.guest])).toEqual([
      ['establishment_code_invalid', undefined],
      ['departure_before_arrival', undefined],
      ['support_number_invalid', 1],
      ['second_surname_required', 1],
      ['kinship_required', 2],
      ['contact_required', 3],
      ['kinship_required', 3],
      ['birth_date_future', 3],
      ['city_required', 3],
    ]);
    expect(
      checkMossosCommunication('PV', establishment, {
        ...stay,
        guests: [{ ...maria, documentNumber: '', municipalityCode: null }],
      }).map((e) => e.code),
    ).toEqual(['document_required', 'municipality_required']);
  });
});
