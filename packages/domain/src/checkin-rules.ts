/**
 * Guest check-in rules shared by the guest flow, the manual check-in and the API (spec 3 Check-in guest
 * data, spec 4 Check-in link schedule, spec 5 Check-in forms). Dates are ISO calendar dates (YYYY-MM-DD).
 */
import { departsAfterArrival, isIsoDate, PHONE_MIN_DIGITS, phoneDigits } from './booking-rules.ts';
import { zonedTime } from './zoned-time.ts';

/** spec 3 Check-in guest data: gender. */
export const genders = ['male', 'female', 'prefer_not_to_say', 'other'] as const;
export type Gender = (typeof genders)[number];

/** spec 3: document type (ID/DNI, passport, other). */
export const documentTypes = ['dni', 'passport', 'other'] as const;
export type DocumentType = (typeof documentTypes)[number];

/** spec 3: payment method. */
export const paymentMethods = [
  'cash',
  'pay_at_destination',
  'credit_card',
  'mobile_payment',
  'payment_platform',
  'gift_card',
  'transfer',
] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** spec 3: kinship values (required when minors are present). */
export const kinships = [
  'child',
  'grandparent',
  'great_grandparent',
  'great_grandchild',
  'sibling_in_law',
  'spouse',
  'sibling',
  'grandchild',
  'other',
  'parent',
  'nephew_niece',
  'parent_in_law',
  'uncle_aunt',
  'guardian',
  'child_in_law',
] as const;
export type Kinship = (typeof kinships)[number];

/** spec 3: check-in process (scanned, manual, operator manual). */
export const checkinProcesses = ['scanned', 'manual', 'operator_manual'] as const;
export type CheckinProcess = (typeof checkinProcesses)[number];

/** spec 4 Check-in list: pending or complete. */
export const checkinStatuses = ['pending', 'complete'] as const;
export type CheckinStatus = (typeof checkinStatuses)[number];

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A Spanish DNI: 8 digits and the check letter of the number modulo 23 (spec 5: the DNI must be valid). */
export function isValidDni(value: string): boolean {
  const v = value.trim().toUpperCase().replace(/[\s-]/g, '');
  const m = /^(\d{8})([A-Z])$/.exec(v);
  if (!m) return false;
  return DNI_LETTERS[Number(m[1]) % 23] === m[2];
}

/** A Spanish NIE: X, Y or Z (0, 1, 2), 7 digits and the DNI check letter of the whole number. */
export function isValidNie(value: string): boolean {
  const v = value.trim().toUpperCase().replace(/[\s-]/g, '');
  const m = /^([XYZ])(\d{7})([A-Z])$/.exec(v);
  if (!m) return false;
  const number = Number(`${'XYZ'.indexOf(m[1] as string)}${m[2]}`);
  return DNI_LETTERS[number % 23] === m[3];
}

/** The number as stored: upper case, without spaces or dashes. */
export function normalizeDocumentNumber(value: string): string {
  return value.trim().toUpperCase().replace(/[\s-]/g, '');
}

/**
 * The Spanish DNI's support number (IDESP): three letters and six digits (e.g. ABC123456); NIE cards and
 * older DNIs carry the letter E or C followed by eight digits. Other documents: 3 to 20 letters and digits.
 */
export function isValidSupportNumber(value: string, documentType: DocumentType): boolean {
  const v = normalizeDocumentNumber(value);
  if (documentType === 'dni') return /^[A-Z]{3}\d{6}$/.test(v) || /^[EC]\d{8}$/.test(v);
  return /^[A-Z0-9]{3,20}$/.test(v);
}

/**
 * Whether a traveller of this age (at arrival) and nationality (ISO alpha-3) must give an identity
 * document: adults, and Spaniards from 14 (SES Instrucciones v1.2.0, ses-hospedajes.md). The guest form,
 * the manual form and the SES pre-send check read this one rule.
 */
export function asksDocument(age: number, nationality: string): boolean {
  return age >= 18 || (age >= 14 && nationality.trim().toUpperCase() === 'ESP');
}

/**
 * Whether a document asks for its support number: the Spanish DNI/NIE card does (SES soporteDocumento);
 * passports and other documents have none. Not yet chosen: shown, so the form does not jump.
 */
export function asksSupportNumber(documentType: DocumentType | ''): boolean {
  return documentType === 'dni' || documentType === '';
}

/**
 * spec 5: passports of some countries are restricted ('Documento no permitido'): the states whose
 * passports Spain does not accept as a travel document for hotel registration (ISO 3166-1 alpha-3, as
 * the MRZ writes them). Kept short and explicit; the operator can still register the guest by hand.
 */
export const restrictedPassportCountries = ['PRK', 'SOM'] as const;

export function isRestrictedPassport(documentType: DocumentType, nationality: string): boolean {
  return (
    documentType === 'passport' &&
    (restrictedPassportCountries as readonly string[]).includes(nationality.trim().toUpperCase())
  );
}

/** Spanish postal code form (the existence check is the API's, against the dataset). */
export const isSpanishPostalCodeForm = (value: string) => /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(value.trim());

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isValidEmail = (value: string) => EMAIL.test(value.trim());

/**
 * Which contact a check-in link needs on each send channel (issue 13): the e-mail for e-mail, the phone
 * for WhatsApp and SMS, neither for a QR code shown on the spot. The other one stays optional but, when
 * given, must be valid.
 */
export function sendContactRequired(channel: 'email' | 'whatsapp' | 'sms' | 'qr'): {
  email: boolean;
  phone: boolean;
} {
  return { email: channel === 'email', phone: channel === 'whatsapp' || channel === 'sms' };
}

/** What send check-in checks, as the web form and POST /api/checkins/send both take it. */
export interface SendCheckinValues {
  property_id: string;
  name: string;
  phone: string;
  email: string;
  channel: 'email' | 'whatsapp' | 'sms' | 'qr';
  start_date: string;
  end_date: string;
}

export type SendCheckinError = 'required' | 'phone' | 'email' | 'date' | 'departure_after_arrival';

/**
 * spec 5 send check-in: accommodation and name are required, and the contact the channel needs
 * (sendContactRequired; the other one, when given, must be valid); the stay dates too, at least one night,
 * unless the check-in is for a known booking (`stayKnown`). The web and the API answer the same fields.
 */
export function sendCheckinErrors(
  values: SendCheckinValues,
  stayKnown: boolean,
): Partial<Record<keyof SendCheckinValues, SendCheckinError>> {
  const errors: Partial<Record<keyof SendCheckinValues, SendCheckinError>> = {};
  if (!values.property_id) errors.property_id = 'required';
  if (!values.name.trim()) errors.name = 'required';
  const needs = sendContactRequired(values.channel);
  if (!values.phone.trim()) {
    if (needs.phone) errors.phone = 'required';
  } else if (phoneDigits(values.phone) < PHONE_MIN_DIGITS) errors.phone = 'phone';
  if (!values.email.trim()) {
    if (needs.email) errors.email = 'required';
  } else if (!isValidEmail(values.email)) errors.email = 'email';
  if (!stayKnown) {
    if (!isIsoDate(values.start_date)) errors.start_date = values.start_date ? 'date' : 'required';
    if (!isIsoDate(values.end_date)) errors.end_date = values.end_date ? 'date' : 'required';
    // The bookings' rule (spec 5): at least one night.
    else if (!errors.start_date && !departsAfterArrival(values.start_date, values.end_date))
      errors.end_date = 'departure_after_arrival';
  }
  return errors;
}

/** Age in whole years on `today` for a birth date. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * What the forms ask of one traveller (issue 27): the identity document of adults and of Spaniards from
 * 14 (`asksDocument`); whether minors travel, with the adult's kinship (parentesco), of adults only.
 * Before the birth date is known, everything.
 */
export function travellerAsks(
  input: Pick<GuestDataInput, 'birth_date' | 'nationality' | 'arrival'>,
  today: string,
): { document: boolean; minors: boolean } {
  if (!isIsoDate(input.birth_date)) return { document: true, minors: true };
  const age = ageOn(input.birth_date, isIsoDate(input.arrival) ? input.arrival : today);
  return { document: asksDocument(age, input.nationality), minors: age >= 18 };
}

/** The data as the form shows it: what the rules do not ask of this traveller is left out. */
export function keepAsked<T extends Pick<GuestDataInput, 'birth_date' | 'nationality' | 'arrival'>>(
  input: T,
  today: string,
): T {
  const asks = travellerAsks(input, today);
  return {
    ...input,
    ...(asks.document
      ? {}
      : { document_type: '', document_number: '', support_number: '', issue_date: '', expiry_date: '' }),
    ...(asks.minors ? {} : { minors: false, kinship: null }),
  } as T;
}

/** The fields the rules read; every field of spec 3 Check-in guest data. */
export interface GuestDataInput {
  first_name: string;
  last_name: string;
  gender: Gender | '';
  birth_date: string;
  phone: string;
  email: string;
  document_type: DocumentType | '';
  document_number: string;
  issue_date: string;
  expiry_date: string;
  support_number: string;
  nationality: string;
  country: string;
  address: string;
  city: string;
  postal_code: string;
  residence_country: string;
  payment_method: PaymentMethod | '';
  payment_date: string;
  /** spec 5: the guest must state whether minors are present. */
  minors: boolean | null;
  kinship: Kinship | '' | null;
  /** A drawn signature (PNG data URL); the guest flow requires it. */
  signature: string;
  arrival: string;
  departure: string;
}

/** Error keys of the locale files (namespace `checkin`, `errors.*`), by field. */
export type GuestDataErrors = Partial<Record<keyof GuestDataInput, string>>;

export interface GuestRulesContext {
  today: string;
  /** Which form: the guest's own flow (signature required) or the operator's manual check-in. */
  form: 'guest' | 'manual';
}

/**
 * spec 5 Check-in forms, as one function the forms and the API share. Returns the first broken rule of
 * each field (empty when the data may be saved). The existence of a Spanish postal code is checked by
 * the API against the dataset; here only its form.
 */
export function guestDataErrors(input: GuestDataInput, ctx: GuestRulesContext): GuestDataErrors {
  const errors: GuestDataErrors = {};
  const required = (field: keyof GuestDataInput) => {
    const value = input[field];
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
      errors[field] = 'errors.required';
      return false;
    }
    return true;
  };
  required('first_name');
  required('last_name');
  required('gender');
  if (required('birth_date')) {
    if (!isIsoDate(input.birth_date) || input.birth_date > ctx.today) errors.birth_date = 'errors.birth_date';
  }
  if (required('phone') && phoneDigits(input.phone) < PHONE_MIN_DIGITS) errors.phone = 'errors.phone';
  if (required('email') && !isValidEmail(input.email)) errors.email = 'errors.email';
  required('nationality');
  required('country');
  // A child below the age the rules set gives no document (issue 27); one typed anyway is checked.
  const asks = travellerAsks(input, ctx.today);
  const documentAsked = asks.document || input.document_type !== '' || input.document_number.trim() !== '';
  if (documentAsked && required('document_type') && required('document_number')) {
    const number = normalizeDocumentNumber(input.document_number);
    if (input.document_type === 'dni' && !isValidDni(number) && !isValidNie(number)) {
      errors.document_number = 'errors.dni';
    } else if (input.document_type !== 'dni' && !/^[A-Z0-9]{3,20}$/.test(number)) {
      errors.document_number = 'errors.document_number';
    } else if (input.document_type !== '' && isRestrictedPassport(input.document_type, input.nationality)) {
      // spec 5: 'Documento no permitido'.
      errors.document_number = 'errors.document_not_allowed';
    }
  }
  // SES asks the support number of a NIF or NIE only (ses-hospedajes.md: soporteDocumento REQ if NIF or
  // NIE): a passport or another document never asks for it (issue 27), whatever the field holds.
  if (documentAsked && asksSupportNumber(input.document_type) && required('support_number')) {
    if (!isValidSupportNumber(input.support_number, 'dni')) errors.support_number = 'errors.support_number';
  }
  if (documentAsked && required('issue_date')) {
    if (!isIsoDate(input.issue_date) || input.issue_date > ctx.today) errors.issue_date = 'errors.issue_date';
  }
  if (input.expiry_date.trim() !== '') {
    if (!isIsoDate(input.expiry_date)) errors.expiry_date = 'errors.date';
    else if (input.expiry_date < ctx.today) errors.expiry_date = 'errors.document_expired';
  }
  required('address');
  required('city');
  if (required('postal_code')) {
    const spanish = input.residence_country.trim().toUpperCase() === 'ES';
    if (spanish && !isSpanishPostalCodeForm(input.postal_code)) errors.postal_code = 'errors.postal_code';
  }
  required('residence_country');
  if (ctx.form === 'manual') {
    required('payment_method');
    if (required('payment_date') && !isIsoDate(input.payment_date)) errors.payment_date = 'errors.date';
  }
  // Whether minors travel, and the adult's kinship with them, is asked of adults only.
  if (asks.minors && input.minors === null) errors.minors = 'errors.minors';
  else if (asks.minors && input.minors && !input.kinship) errors.kinship = 'errors.kinship';
  if (required('arrival') && required('departure')) {
    // spec 5: departure cannot be before arrival.
    if (input.departure < input.arrival) errors.departure = 'errors.departure_before_arrival';
  }
  if (ctx.form === 'guest' && !input.signature.startsWith('data:image/png;base64,')) {
    errors.signature = 'errors.signature';
  }
  return errors;
}

/**
 * spec 4 Check-in link schedule: when the link of a stay arriving on `arrival` goes out, in the property's
 * time zone — same day at 6 AM; 24 hours before at 10 PM the night before; 48 or 72 hours before at 10 PM
 * two or three days before; disabled: never (manual sending). Returns the UTC instant.
 */
export function checkinSendTime(
  schedule: 'same_day' | '24h' | '48h' | '72h' | 'disabled',
  arrival: string,
  timeZone: string,
): Date | null {
  if (schedule === 'disabled') return null;
  const daysBefore = { same_day: 0, '24h': 1, '48h': 2, '72h': 3 }[schedule];
  const hour = schedule === 'same_day' ? 6 : 22;
  const day = new Date(`${arrival}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysBefore);
  return zonedTime(day.toISOString().slice(0, 10), hour, timeZone);
}

/** spec "guest records are purged 3 years after the stay ends" (RD 933/2021). */
export const GUEST_RECORD_RETENTION_YEARS = 3;

export function purgeDate(stayEnd: string): string {
  const [y, m, d] = stayEnd.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + GUEST_RECORD_RETENTION_YEARS, m - 1, d));
  return date.toISOString().slice(0, 10);
}
