/**
 * Our values → the SES.Hospedajes code lists (Instrucciones v1.2.0 §8, the catalogo tables SEXO,
 * TIPO_DOCUMENTO, TIPO_PARENTESCO, TIPO_PAGO, TIPO_ESTABLECIMIENTO). One table each; the tests check
 * every entry against the official list.
 */
import type { DocumentType, Gender, Kinship, PaymentMethod } from '@posada/domain/checkin-rules';
import { alpha3ByAlpha2, alpha3Codes } from './iso3166.ts';

/** SES TIPO_DOCUMENTO as we send it (CIF is only for vehicle communications). */
export type SesDocumentType = 'NIF' | 'NIE' | 'PAS' | 'OTRO';

export const sesSex: Record<Gender, 'H' | 'M' | 'O'> = {
  male: 'H',
  female: 'M',
  other: 'O',
  prefer_not_to_say: 'O',
};

export const sesKinship: Record<Kinship, string> = {
  grandparent: 'AB',
  great_grandparent: 'BA',
  great_grandchild: 'BN',
  sibling_in_law: 'CD',
  spouse: 'CY',
  child: 'HJ',
  sibling: 'HR',
  grandchild: 'NI',
  parent: 'PM',
  nephew_niece: 'SB',
  parent_in_law: 'SG',
  uncle_aunt: 'TI',
  child_in_law: 'YN',
  guardian: 'TU',
  other: 'OT',
};

export const sesPayment: Record<PaymentMethod, string> = {
  cash: 'EFECT',
  credit_card: 'TARJT',
  payment_platform: 'PLATF',
  transfer: 'TRANS',
  mobile_payment: 'MOVIL',
  gift_card: 'TREG',
  pay_at_destination: 'DESTI',
};

/** A communication without a payment method is sent as OTRO (tipoPago is required). */
export const sesPaymentOf = (method: PaymentMethod | null) => (method ? sesPayment[method] : 'OTRO');

/** Our property types → TIPO_ESTABLECIMIENTO (RH datosEstablecimiento.tipo); anything else is OTROS. */
export const sesEstablishmentType: Record<string, string> = {
  apartamento: 'APART',
  villa: 'VILLA',
  hotel: 'HOTEL',
  camping: 'CAMPING',
};
export const sesEstablishmentTypeOf = (propertyType: string) =>
  sesEstablishmentType[propertyType.trim().toLowerCase()] ?? 'OTROS';

/** A Spanish 'dni' whose number starts with X, Y or Z is a NIE. */
export function sesDocumentType(type: DocumentType, number: string): SesDocumentType {
  if (type === 'passport') return 'PAS';
  if (type === 'other') return 'OTRO';
  return /^[XYZ]/i.test(number.trim()) ? 'NIE' : 'NIF';
}

/** ISO alpha-2 (as we store countries) → alpha-3; an alpha-3 already passes; unknown → ''. */
export function sesCountry(code: string): string {
  const value = code.trim().toUpperCase();
  if (value.length === 3) return alpha3Codes.has(value) ? value : '';
  return alpha3ByAlpha2.get(value) ?? '';
}
