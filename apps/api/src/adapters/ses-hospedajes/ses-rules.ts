/**
 * The SES.Hospedajes rules the XSD does not carry (Instrucciones v1.2.0, spec v3.1.3), checked before
 * sending so the operator fixes the data instead of waiting for a lote in state 6. Messages are in
 * Spanish (the authority's words); `code` is stable for the interface to translate.
 */
import { ageOn, asksDocument, isValidDni, isValidNie } from '@posada/domain/checkin-rules';
import { todayIn } from '@posada/domain/zoned-time';
import type { PoliceCommunication, PoliceError, PoliceEstablishment, PoliceGuest } from '../police/types.ts';
import { sesCountry, sesDocumentType } from './ses-codes.ts';
import { localDateTime, sesEmail, splitSurname } from './ses-xml.ts';

/** Today's calendar date in Spain (the authority's clock), YYYY-MM-DD. */
export function spanishToday(now: Date): string {
  return todayIn('Europe/Madrid', now);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

function shiftYears(date: string, years: number): string {
  const [y, m, d] = date.split('-') as [string, string, string];
  return `${String(Number(y) + years).padStart(4, '0')}-${m}-${d}`;
}

function guestErrors(kind: 'PV' | 'RH', g: PoliceGuest, guest: number, arrival: string, today: string) {
  const errors: PoliceError[] = [];
  const add = (code: string, field: string, message: string) =>
    errors.push({ code: `ses.rule.${code}`, field, guest, message });
  const number = g.documentNumber.trim();
  const type = number ? sesDocumentType(g.documentType, number) : null;
  const holder = kind === 'RH' && g.isLead;

  if (!g.firstName.trim()) add('first_name', 'firstName', 'Falta el nombre.');
  if (!splitSurname(g.lastName).first) add('surname', 'lastName', 'Falta el primer apellido.');
  if (g.birthDate || kind === 'PV') {
    if (!validDate(g.birthDate) || g.birthDate >= today) {
      add('birth_date', 'birthDate', 'La fecha de nacimiento debe ser una fecha anterior a hoy.');
    }
  }
  if (type === 'NIF' && !splitSurname(g.lastName).second) {
    add('second_surname', 'lastName', 'Con NIF el segundo apellido es obligatorio.');
  }
  if (type === 'NIF' && !isValidDni(number)) add('nif', 'documentNumber', 'El NIF no es válido.');
  if (type === 'NIE' && !isValidNie(number)) add('nie', 'documentNumber', 'El NIE no es válido.');
  if (kind === 'PV' && (type === 'NIF' || type === 'NIE') && !g.supportNumber.trim()) {
    add(
      'support_number',
      'supportNumber',
      'Con NIF o NIE el número de soporte del documento es obligatorio.',
    );
  }
  const nationality = sesCountry(g.nationality);
  if (g.nationality.trim() && !nationality)
    add('nationality', 'nationality', 'La nacionalidad no es un país ISO 3166-1.');
  if (kind === 'PV' && validDate(g.birthDate)) {
    const age = ageOn(g.birthDate, arrival);
    // Instrucciones v1.2.0: adults, and Spaniards from 14, must give a document (the forms' own rule).
    if (!type && asksDocument(age, nationality ?? '')) {
      add(
        'document_required',
        'documentNumber',
        'Los mayores de edad deben indicar tipo y número de documento.',
      );
    }
  }
  if (kind === 'PV' || holder || g.residenceCountry.trim()) {
    const country = sesCountry(g.residenceCountry);
    if (!country) add('residence_country', 'residenceCountry', 'Falta el país de residencia.');
    else if (country === 'ESP' && !/^\d{5}$/.test(g.municipalityCode ?? '')) {
      add(
        'municipality_code',
        'municipalityCode',
        'Con residencia en España hace falta el código INE del municipio.',
      );
    } else if (country !== 'ESP' && !g.city.trim()) {
      add('city', 'city', 'Con residencia fuera de España hace falta el nombre del municipio.');
    }
    if (kind === 'PV' && !g.address.trim()) add('address', 'address', 'Falta la dirección.');
    if (kind === 'PV' && !g.postalCode.trim()) add('postal_code', 'postalCode', 'Falta el código postal.');
  }
  if (g.email.trim() && !sesEmail(g.email)) add('email', 'email', 'El correo electrónico no es válido.');
  if ((kind === 'PV' || holder) && !g.phone.trim() && !sesEmail(g.email)) {
    add('contact', 'phone', 'Cada persona necesita al menos un teléfono o un correo electrónico.');
  }
  return errors;
}

/**
 * Every rule broken by one communication (empty when it may go). `now` comes from the injected clock:
 * the date windows are relative to today in Spain.
 */
export function checkSes(
  kind: 'PV' | 'RH',
  est: PoliceEstablishment,
  c: PoliceCommunication,
  now: Date,
): PoliceError[] {
  const today = spanishToday(now);
  const errors: PoliceError[] = [];
  const add = (code: string, field: string, message: string) =>
    errors.push({ code: `ses.rule.${code}`, field, message });

  const code = est.establishmentCode.trim();
  if ((kind === 'PV' && !code) || code.length > 10) {
    add(
      'establishment_code',
      'establishmentCode',
      'El código de establecimiento es obligatorio (hasta 10 caracteres).',
    );
  }
  if (!/^\d{1,10}$/.test(est.landlordCode.trim())) {
    add('landlord_code', 'landlordCode', 'El código de arrendador son hasta 10 dígitos.');
  }
  if (!c.reference.trim() || c.reference.length > 50) {
    add('reference', 'reference', 'La referencia del contrato es obligatoria (hasta 50 caracteres).');
  }
  if (!validDate(c.contractDate)) add('contract_date', 'contractDate', 'Falta la fecha del contrato.');
  if (!validDate(c.arrivalDate) || !validDate(c.departureDate)) {
    add('dates', 'arrivalDate', 'Faltan las fechas de entrada y salida.');
  } else {
    const entry = localDateTime(c.arrivalDate, c.arrivalTime);
    const exit = localDateTime(c.departureDate, c.departureTime);
    if (entry >= exit)
      add('dates_order', 'departureDate', 'La fecha de entrada debe ser anterior a la de salida.');
    if (c.arrivalDate <= shiftYears(today, -1)) {
      add('entry_too_old', 'arrivalDate', 'La fecha de entrada no puede ser de hace más de un año.');
    }
    if (c.departureDate >= shiftYears(today, 5)) {
      add('exit_too_far', 'departureDate', 'La fecha de salida no puede ser dentro de cinco años o más.');
    }
  }
  if (c.guests.length === 0) {
    add('no_guests', 'guests', 'La comunicación necesita al menos una persona.');
    return errors;
  }
  if (kind === 'RH' && c.guests.filter((g) => g.isLead).length > 1) {
    add('one_holder', 'guests', 'Una reserva tiene un solo titular.');
  }

  const arrival = validDate(c.arrivalDate) ? c.arrivalDate : today;
  for (const [i, g] of c.guests.entries()) errors.push(...guestErrors(kind, g, i + 1, arrival, today));

  if (kind === 'PV') {
    // A birth date that is missing or not in the past is its own error, not a minor.
    const ages = c.guests.map((g) =>
      validDate(g.birthDate) && g.birthDate < today ? ageOn(g.birthDate, arrival) : null,
    );
    const minor = ages.some((age) => age !== null && age < 18);
    const adultWithKinship = c.guests.some((g, i) => (ages[i] ?? 0) >= 18 && g.kinship);
    if (minor && !adultWithKinship) {
      add('kinship', 'kinship', 'Con menores, un adulto debe indicar su parentesco.');
    }
  }
  return errors;
}
