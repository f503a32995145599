import { documentTypes, genders, kinships, paymentMethods } from '@posada/domain/checkin-rules';
import { describe, expect, it } from 'vitest';
import { alpha3ByAlpha2 } from './iso3166.ts';
import {
  sesCountry,
  sesDocumentType,
  sesEstablishmentTypeOf,
  sesKinship,
  sesPayment,
  sesPaymentOf,
  sesSex,
} from './ses-codes.ts';

// The official lists (Instrucciones v1.2.0 §8 and the template's comments).
const TIPO_PARENTESCO = [
  'AB',
  'BA',
  'BN',
  'CD',
  'CY',
  'HJ',
  'HR',
  'NI',
  'PM',
  'SB',
  'SG',
  'TI',
  'YN',
  'TU',
  'OT',
];
const TIPO_PAGO = ['EFECT', 'TARJT', 'PLATF', 'TRANS', 'MOVIL', 'TREG', 'DESTI', 'OTRO'];
const TIPO_ESTABLECIMIENTO =
  'AGROTURISM ALBERGUE APART APARTHOTEL AP_RURAL BALNEARIO BUNGALOW CAMPING CASA CASA_HUESP CASA_RURAL CHALET GLAMPING HABITACION HOSTAL HOTEL H_RURAL MOTEL OFIC_VEHIC PARADOR PENSION REFUGIO RESIDENCIA VFT VILLA VUT OTROS'.split(
    ' ',
  );

describe('SES code tables', () => {
  it.each([
    ['dni', '12345678Z', 'NIF'],
    ['dni', 'X1234567L', 'NIE'],
    ['dni', 'y1234567x', 'NIE'],
    ['dni', 'Z7654321A', 'NIE'],
    ['passport', 'X1234567', 'PAS'],
    ['other', '12345678Z', 'OTRO'],
  ] as const)('document %s %s → %s', (type, number, code) => {
    expect(sesDocumentType(type, number)).toBe(code);
  });

  it('every document type of ours has a code', () => {
    for (const type of documentTypes)
      expect(['NIF', 'NIE', 'PAS', 'OTRO']).toContain(sesDocumentType(type, '1'));
  });

  it.each([
    ['male', 'H'],
    ['female', 'M'],
    ['other', 'O'],
    ['prefer_not_to_say', 'O'],
  ] as const)('sex %s → %s', (gender, code) => {
    expect(sesSex[gender]).toBe(code);
  });

  it('covers every gender', () => expect(Object.keys(sesSex).sort()).toEqual([...genders].sort()));

  it.each([
    ['grandparent', 'AB'],
    ['great_grandparent', 'BA'],
    ['great_grandchild', 'BN'],
    ['sibling_in_law', 'CD'],
    ['spouse', 'CY'],
    ['child', 'HJ'],
    ['sibling', 'HR'],
    ['grandchild', 'NI'],
    ['parent', 'PM'],
    ['nephew_niece', 'SB'],
    ['parent_in_law', 'SG'],
    ['uncle_aunt', 'TI'],
    ['child_in_law', 'YN'],
    ['guardian', 'TU'],
    ['other', 'OT'],
  ] as const)('kinship %s → %s', (kinship, code) => {
    expect(sesKinship[kinship]).toBe(code);
  });

  it('kinship covers all our values and exactly the official list', () => {
    expect(Object.keys(sesKinship).sort()).toEqual([...kinships].sort());
    expect(Object.values(sesKinship).sort()).toEqual([...TIPO_PARENTESCO].sort());
  });

  it.each([
    ['cash', 'EFECT'],
    ['credit_card', 'TARJT'],
    ['payment_platform', 'PLATF'],
    ['transfer', 'TRANS'],
    ['mobile_payment', 'MOVIL'],
    ['gift_card', 'TREG'],
    ['pay_at_destination', 'DESTI'],
  ] as const)('payment %s → %s', (method, code) => {
    expect(sesPaymentOf(method)).toBe(code);
  });

  it('no payment method is OTRO, and every code is official', () => {
    expect(sesPaymentOf(null)).toBe('OTRO');
    expect(Object.keys(sesPayment).sort()).toEqual([...paymentMethods].sort());
    for (const code of Object.values(sesPayment)) expect(TIPO_PAGO).toContain(code);
  });

  it.each([
    ['apartamento', 'APART'],
    ['villa', 'VILLA'],
    ['hotel', 'HOTEL'],
    ['camping', 'CAMPING'],
    ['Hotel', 'HOTEL'],
    ['castillo', 'OTROS'],
  ])('property type %s → %s', (type, code) => {
    expect(sesEstablishmentTypeOf(type)).toBe(code);
    expect(TIPO_ESTABLECIMIENTO).toContain(code);
  });

  it.each([
    ['ES', 'ESP'],
    ['es', 'ESP'],
    ['GB', 'GBR'],
    ['DE', 'DEU'],
    ['MA', 'MAR'],
    ['US', 'USA'],
    ['KP', 'PRK'],
    ['SS', 'SSD'],
    ['XK', ''],
    ['ESP', 'ESP'],
    ['ZZZ', ''],
    ['', ''],
  ])('country %s → %s', (code, alpha3) => {
    expect(sesCountry(code)).toBe(alpha3);
  });

  it('the ISO 3166-1 table is complete (249 codes), one-to-one', () => {
    expect(alpha3ByAlpha2.size).toBe(249);
    expect(new Set(alpha3ByAlpha2.values()).size).toBe(249);
    for (const [a2, a3] of alpha3ByAlpha2) {
      expect(a2).toMatch(/^[A-Z]{2}$/);
      expect(a3).toMatch(/^[A-Z]{3}$/);
    }
  });
});
