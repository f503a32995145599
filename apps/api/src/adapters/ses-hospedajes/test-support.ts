/** Guests, stays and an establishment for the SES tests (valid for the XSD and the business rules). */
import type { PoliceCommunication, PoliceEstablishment, PoliceGuest } from '../police/types.ts';

export const establishment: PoliceEstablishment = {
  establishmentCode: '0000012345',
  landlordCode: '0000000001',
  name: 'Casa Posada',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  postalCode: '28013',
  propertyType: 'apartamento',
};

/** A Spanish adult with a valid NIF (12345678Z) and support number, living in Madrid (INE 28079). */
export const spanishAdult: PoliceGuest = {
  firstName: 'María',
  lastName: 'García López',
  gender: 'female',
  birthDate: '1985-04-12',
  documentType: 'dni',
  documentNumber: '12345678Z',
  supportNumber: 'ABC123456',
  issueDate: '2020-01-01',
  nationality: 'ESP',
  residenceCountry: 'ES',
  address: 'Calle de Alcalá 10, 2º B',
  city: 'Madrid',
  postalCode: '28014',
  municipalityCode: '28079',
  province: 'Madrid',
  phone: '+34 612 345 678',
  email: 'maria@example.es',
  kinship: 'parent',
  isLead: true,
};

/** Her 8-year-old son, without a document. */
export const spanishChild: PoliceGuest = {
  ...spanishAdult,
  firstName: 'Pablo',
  gender: 'male',
  birthDate: '2018-06-01',
  documentNumber: '',
  supportNumber: '',
  issueDate: null,
  phone: '',
  email: 'maria@example.es',
  kinship: 'child',
  isLead: false,
};

/** A British adult with a passport and one surname, living in London. */
export const foreignPassport: PoliceGuest = {
  firstName: 'John',
  lastName: 'Smith',
  gender: 'male',
  birthDate: '1979-11-30',
  documentType: 'passport',
  documentNumber: '123456789',
  supportNumber: '',
  issueDate: null,
  nationality: 'GBR',
  residenceCountry: 'GB',
  address: '221B Baker Street',
  city: 'London',
  postalCode: 'NW1 6XE',
  municipalityCode: null,
  province: null,
  phone: '',
  email: 'john@example.co.uk',
  kinship: null,
  isLead: true,
};

/** A Moroccan resident in Spain with a NIE (X1234567L). */
export const nieResident: PoliceGuest = {
  ...spanishAdult,
  firstName: 'Youssef',
  lastName: 'El Amrani',
  gender: 'other',
  documentNumber: 'X1234567L',
  supportNumber: 'E12345678',
  nationality: 'MAR',
  kinship: null,
  isLead: true,
};

export function stay(
  guests: PoliceGuest[],
  overrides: Partial<PoliceCommunication> = {},
): PoliceCommunication {
  return {
    reference: 'PSD-000123-1',
    contractDate: '2026-11-01',
    arrivalDate: '2026-12-01',
    arrivalTime: '16:00',
    departureDate: '2026-12-05',
    departureTime: '11:00',
    rooms: 2,
    internet: true,
    paymentMethod: 'credit_card',
    paymentDate: '2026-11-01',
    guests,
    ...overrides,
  };
}
