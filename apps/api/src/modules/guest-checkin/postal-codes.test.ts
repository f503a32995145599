import { describe, expect, it } from 'vitest';
import dataset from '../../data/es-postal-codes.json' with { type: 'json' };
import { INE_PROVINCES, lookupPostalCode, municipalityFor } from './postal-codes.ts';

describe('Spanish postal codes (INE records, every province)', () => {
  it.each([
    ['28013', '28', 'Madrid', ['Madrid']],
    ['41010', '41', 'Sevilla', ['Sevilla']],
    ['08001', '08', 'Barcelona', ['Barcelona']],
    ['46001', '46', 'Valencia/València', ['València']],
    ['35001', '35', 'Palmas, Las', ['Las Palmas de Gran Canaria']],
    ['07001', '07', 'Balears, Illes', ['Palma']],
    ['15001', '15', 'Coruña, A', ['A Coruña']],
    ['01001', '01', 'Araba/Álava', ['Vitoria-Gasteiz']],
    ['02110', '02', 'Albacete', ['La Gineta', 'Tarazona de la Mancha']],
    ['51001', '51', 'Ceuta', ['Ceuta']],
    ['52001', '52', 'Melilla', ['Melilla']],
  ])('%s is in %s (%s): %j', (code, provinceCode, province, municipalities) => {
    expect(lookupPostalCode(code)).toEqual({ code, provinceCode, province, municipalities });
  });

  it('refuses a code absent from the records in every province, and anything not of the Spanish form', () => {
    for (const code of ['28999', '52999', '51999', '08999', '01011', '35999', '00000', '53001', '99999']) {
      expect(lookupPostalCode(code), code).toBeNull();
    }
    for (const raw of ['', '2801', '280133', '28O13', 'SW1A 1AA'])
      expect(lookupPostalCode(raw), raw).toBeNull();
    expect(lookupPostalCode(' 28013 ')?.code).toBe('28013');
  });

  it('covers the 52 provinces, each with its official INE name', () => {
    const provinces = new Set(Object.keys(dataset.codes).map((code) => code.slice(0, 2)));
    expect([...provinces].sort()).toEqual(Object.keys(INE_PROVINCES).sort());
    expect(Object.keys(INE_PROVINCES)).toHaveLength(52);
    expect(Object.keys(dataset.codes).length).toBeGreaterThan(11_000);
  });

  it('municipalities: the only one of the code, or the one the city names', () => {
    const gineta = lookupPostalCode('02110');
    expect(gineta && municipalityFor(gineta, 'tarazona de la mancha')).toBe('Tarazona de la Mancha');
    expect(gineta && municipalityFor(gineta, 'Madrid')).toBeNull();
    const valencia = lookupPostalCode('46001');
    expect(valencia && municipalityFor(valencia, 'Valencia')).toBe('València');
    const cerdedo = lookupPostalCode('36130'); // INE 36011 Cerdedo, merged in 2016 into Cerdedo-Cotobade
    expect(cerdedo?.municipalities).toEqual(['Cerdedo-Cotobade']);
  });
});
