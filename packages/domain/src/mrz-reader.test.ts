import { describe, expect, it } from 'vitest';
import { mrzDate, mrzLinesFrom, readMrz } from './mrz-reader.ts';

const TODAY = '2026-06-01';
// ICAO 9303 part 4 specimen passport.
const TD3: [string, string] = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];
// A Spanish DNI (TD1): support number BAA000589 in positions 6–14, DNI 99999999R in the optional data.
const DNI = [
  'IDESPBAA000589599999999R<<<<<<',
  '8001014F3001019ESP<<<<<<<<<<<5',
  'ESPANOLA<ESPANOLA<<CARMEN<<<<<',
];

describe('readMrz', () => {
  it('reads the ICAO TD3 specimen passport', () => {
    const reading = readMrz(TD3.join('\n'), TODAY);
    expect(reading?.format).toBe('TD3');
    expect(reading?.fields).toEqual({
      first_name: 'ANNA MARIA',
      last_name: 'ERIKSSON',
      gender: 'female',
      birth_date: '1974-08-12',
      expiry_date: '2012-04-15',
      nationality: 'UTO',
      document_type: 'passport',
      document_number: 'L898902C3',
      support_number: 'L898902C3',
    });
  });

  it('reads a Spanish TD1 DNI: DNI number from the optional data, support number from the document number', () => {
    const reading = readMrz(DNI.join('\n'), TODAY);
    expect(reading?.format).toBe('TD1');
    expect(reading?.valid).toBe(true);
    expect(reading?.fields).toMatchObject({
      document_type: 'dni',
      document_number: '99999999R',
      support_number: 'BAA000589',
      first_name: 'CARMEN',
      last_name: 'ESPANOLA ESPANOLA',
      nationality: 'ESP',
      birth_date: '1980-01-01',
      expiry_date: '2030-01-01',
      gender: 'female',
    });
  });

  it('finds the zone in noisy OCR text (spaces, other lines, « fillers, a short line)', () => {
    const noisy = `REPUBLIC OF UTOPIA\nPASSPORT  Anna\n${TD3[0].replace(/<<<<<</, '«<<<<').slice(0, 42)}\n ${TD3[1].slice(0, 22)} ${TD3[1].slice(22)} \n`;
    const reading = readMrz(noisy, TODAY);
    expect(reading?.fields.document_number).toBe('L898902C3');
    expect(reading?.fields.last_name).toBe('ERIKSSON');
  });

  it('marks a broken check digit invalid but still fills the fields', () => {
    const reading = readMrz([TD3[0], TD3[1].replace('L898902C36', 'L898902C35')].join('\n'), TODAY);
    expect(reading?.valid).toBe(false);
    expect(reading?.fields.document_number).toBe('L898902C3');
  });

  it('returns null when there is no MRZ', () => {
    expect(readMrz('HELLO WORLD\nNOTHING HERE', TODAY)).toBeNull();
    expect(readMrz('', TODAY)).toBeNull();
  });
});

describe('mrzLinesFrom and mrzDate', () => {
  it('keeps only the MRZ charset', () => {
    expect(mrzLinesFrom('p<uto eriksson<<anna<maria<<<<<<<<<<<<<<<<<<<')).toEqual([
      'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
    ]);
  });

  it('puts birth dates in the past and expiry dates in this century', () => {
    expect(mrzDate('740812', 'birth', TODAY)).toBe('1974-08-12');
    expect(mrzDate('050101', 'birth', TODAY)).toBe('2005-01-01');
    expect(mrzDate('300101', 'birth', TODAY)).toBe('1930-01-01');
    expect(mrzDate('300101', 'expiry', TODAY)).toBe('2030-01-01');
    expect(mrzDate('12AB01', 'birth', TODAY)).toBe('');
  });
});
