import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCif, isValidSpanishTaxId, normalizeTaxId, spanishTaxIdKind } from './tax-id.ts';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

describe('Spanish tax ids (NIF)', () => {
  it('accepts a DNI with its check letter and refuses any other letter', () => {
    expect(spanishTaxIdKind('12345678Z')).toBe('dni');
    expect(spanishTaxIdKind('12345678-z')).toBe('dni');
    expect(isValidSpanishTaxId('12345678A')).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 1, max: 22 }), (n, shift) => {
        const digits = String(n).padStart(8, '0');
        const right = DNI_LETTERS[n % 23] as string;
        const wrong = DNI_LETTERS[(n + shift) % 23] as string;
        return isValidSpanishTaxId(`${digits}${right}`) && !isValidSpanishTaxId(`${digits}${wrong}`);
      }),
    );
  });

  it('accepts a NIE: X, Y and Z stand for 0, 1 and 2 before the check letter', () => {
    expect(spanishTaxIdKind('X1234567L')).toBe('nie');
    expect(spanishTaxIdKind('Y1234567X')).toBe('nie');
    expect(spanishTaxIdKind('Z1234567R')).toBe('nie');
    expect(isValidSpanishTaxId('X1234567X')).toBe(false);
    expect(isValidSpanishTaxId('W1234567L')).toBe(false);
  });

  it('checks an entity NIF (CIF): a digit for companies, a letter for public bodies, either for the rest', () => {
    // 1234567: doubled odd positions 2+6+(1+0)+(1+4) = 14, even 2+4+6 = 12, sum 26 → control 4 / D.
    expect(isValidCif('B12345674')).toBe(true);
    expect(isValidCif('B12345670')).toBe(false);
    expect(isValidCif('B1234567D')).toBe(false); // S.L.: always a digit
    expect(isValidCif('A28015865')).toBe(true); // a real S.A.
    expect(isValidCif('P1234567D')).toBe(true); // local body: always a letter
    expect(isValidCif('P12345674')).toBe(false);
    expect(isValidCif('G12345674')).toBe(true); // association: digit or letter
    expect(isValidCif('G1234567D')).toBe(true);
    expect(isValidCif('G1234567E')).toBe(false);
    expect(isValidCif('I12345674')).toBe(false); // not an entity letter
    expect(spanishTaxIdKind('b-1234567.4')).toBe('cif');
  });

  it('accepts the intra-community form with the ES prefix', () => {
    expect(isValidSpanishTaxId('ESB12345674')).toBe(true);
    expect(isValidSpanishTaxId('ES12345678Z')).toBe(true);
    expect(isValidSpanishTaxId('ESB12345675')).toBe(false);
  });

  it('normalizes spaces, dots and dashes away and upper-cases', () => {
    expect(normalizeTaxId(' b-12.345 674 ')).toBe('B12345674');
    expect(isValidSpanishTaxId('')).toBe(false);
    expect(isValidSpanishTaxId('FR12345678901')).toBe(false);
  });
});
