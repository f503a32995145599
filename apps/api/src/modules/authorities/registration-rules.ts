import type { AuthorityEntity } from '@posada/contracts/property-settings';
import { addDays } from '@posada/domain/booking-rules';
import type { DocumentType, Gender, Kinship, PaymentMethod } from '@posada/domain/checkin-rules';
import { parseClock } from '@posada/domain/door-codes';
import { todayIn, zonedTime } from '@posada/domain/zoned-time';
import type { PoliceCommunication, PoliceError, PoliceGuest } from '../../adapters/police/types.ts';
import type { RegistrationKind, RegistrationState } from '../../db/schema/authorities.ts';

/**
 * The pure rules of the police pipeline (issue 14): which authority path an entity takes, the idempotency
 * key, the deadline, the nightly slot, the retry backoff, the mapping of our rows to the adapters'
 * PoliceCommunication, and the legal-record CSV. No database here: the service passes plain rows.
 */

/** Guardia Civil and Policía Nacional report through SES.Hospedajes; the Basque and Catalan police their own way. */
export type AuthorityPath = 'ses' | 'ertzaintza' | 'mossos';
export function pathOf(entity: AuthorityEntity): AuthorityPath {
  if (entity === 'ertzaintza') return 'ertzaintza';
  if (entity === 'mossos') return 'mossos';
  return 'ses';
}

/** `<kind>:<checkin or booking id>:v<version>`: unique per account, so the same communication is sent once. */
export const idempotencyKey = (kind: RegistrationKind, subjectId: string, version: number) =>
  `${kind}:${subjectId}:v${version}`;

/** Our contract reference (referencia, at most 50 characters): kind, short id and version. */
export const referenceOf = (kind: RegistrationKind, subjectId: string, version: number) =>
  `${kind}-${subjectId.replace(/-/g, '').slice(0, 20).toUpperCase()}-${version}`;

/** States the pipeline still works on; the others are settled or wait for the operator. */
export const openStates: readonly RegistrationState[] = ['queued', 'sending', 'sent', 'cancelling'];
/** States the deadline still matters for (not accepted, not withdrawn). */
export const unsettledStates: readonly RegistrationState[] = [
  'waiting_guests',
  'queued',
  'sending',
  'sent',
  'needs_action',
];

export const HOUR = 3_600_000;
/** The law's deadline: 24 hours; the warning comes 12 hours before it. */
export const DEADLINE_MS = 24 * HOUR;
export const OVERDUE_WARNING_MS = 12 * HOUR;

/**
 * PV: 24 hours after the arrival (the arrival day at the property's check-in time), or after the check-in
 * was completed when that came later. RH: 24 hours after the booking was made.
 */
export function dueAtOf(
  kind: RegistrationKind,
  at: {
    arrivalDate: string;
    checkinTime: string;
    timeZone: string;
    completedAt: Date | null;
    bookedAt: Date;
  },
): Date {
  if (kind === 'RH') return new Date(at.bookedAt.getTime() + DEADLINE_MS);
  const [h, m] = parseClock(at.checkinTime, '15:00');
  const arrival = zonedTime(at.arrivalDate, h, at.timeZone, m);
  const from = at.completedAt && at.completedAt > arrival ? at.completedAt : arrival;
  return new Date(from.getTime() + DEADLINE_MS);
}

/** Whether a registration not yet settled is within 12 hours of its deadline (or past it). */
export function isOverdue(state: RegistrationState, dueAt: Date, now: Date): boolean {
  return unsettledStates.includes(state) && dueAt.getTime() - now.getTime() <= OVERDUE_WARNING_MS;
}

/** The nightly batch: the next 03:00 in the property's zone after `now`. */
export function nextNightlySlot(now: Date, timeZone: string): Date {
  const today = todayIn(timeZone, now);
  const tonight = zonedTime(today, 3, timeZone);
  return tonight.getTime() > now.getTime() ? tonight : zonedTime(addDays(today, 1), 3, timeZone);
}

/** Retry delay after the n-th transient failure: 30 s, 1 min, 2 min … capped at 30 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

/** Transient adapter failures are retried; anything else waits for the operator. */
export function isTransient(code: string): boolean {
  return /\.(timeout|unreachable|server_error)$/.test(code);
}
export const isUnauthorized = (code: string) => /\.unauthorized$/.test(code);

/** A guest row as the check-ins module stores it, with the document number already unsealed. */
export interface GuestRecord {
  firstName: string;
  lastName: string;
  gender: string;
  birthDate: string;
  documentType: string;
  documentNumber: string;
  supportNumber: string;
  issueDate: string | null;
  nationality: string;
  residenceCountry: string;
  address: string;
  city: string;
  postalCode: string;
  province: string | null;
  municipality: string | null;
  phone: string;
  email: string;
  kinship: string | null;
  paymentMethod: string | null;
  paymentDate: string | null;
  isLead: boolean;
}

export interface StayRecord {
  reference: string;
  bookedAt: Date;
  startDate: string;
  endDate: string;
  checkinTime: string;
  checkoutTime: string;
  timeZone: string;
  rooms: number;
  /** Booked online (a channel or the web), not at the desk. */
  internet: boolean;
}

const clock = (value: string, fallback: string) => {
  const [h, m] = parseClock(value, fallback);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
};

/** INE municipality code (5 digits) when the stored municipality is one; the names the dataset gives are not. */
export function municipalityCodeOf(
  guest: Pick<GuestRecord, 'municipality' | 'residenceCountry' | 'postalCode'>,
  inePostal: (postalCode: string) => string | null = () => null,
): string | null {
  if (guest.residenceCountry.trim().toUpperCase() !== 'ES') return null;
  const m = guest.municipality?.trim() ?? '';
  if (/^\d{5}$/.test(m)) return m;
  return inePostal(guest.postalCode);
}

export function toPoliceGuest(
  g: GuestRecord,
  inePostal?: (postalCode: string) => string | null,
): PoliceGuest {
  return {
    firstName: g.firstName.trim(),
    lastName: g.lastName.trim(),
    gender: g.gender as Gender,
    birthDate: g.birthDate,
    documentType: g.documentType as DocumentType,
    documentNumber: g.documentNumber.trim().toUpperCase(),
    supportNumber: g.supportNumber.trim().toUpperCase(),
    issueDate: g.issueDate,
    nationality: g.nationality.trim().toUpperCase(),
    residenceCountry: g.residenceCountry.trim().toUpperCase(),
    address: g.address.trim(),
    city: g.city.trim(),
    postalCode: g.postalCode.trim(),
    municipalityCode: municipalityCodeOf(g, inePostal),
    province: g.province,
    phone: g.phone.trim(),
    email: g.email.trim(),
    kinship: (g.kinship as Kinship | null) ?? null,
    isLead: g.isLead,
  };
}

/** Our stay and guests as the adapters take them; the lead guest first, then in the order they registered. */
export function toCommunication(
  stay: StayRecord,
  guests: GuestRecord[],
  inePostal?: (postalCode: string) => string | null,
): PoliceCommunication {
  const ordered = [...guests.filter((g) => g.isLead), ...guests.filter((g) => !g.isLead)];
  const lead = ordered[0];
  return {
    reference: stay.reference.slice(0, 50),
    contractDate: todayIn(stay.timeZone, stay.bookedAt),
    arrivalDate: stay.startDate,
    arrivalTime: clock(stay.checkinTime, '15:00'),
    departureDate: stay.endDate,
    departureTime: clock(stay.checkoutTime, '11:00'),
    rooms: Math.max(1, stay.rooms),
    internet: stay.internet,
    paymentMethod: (lead?.paymentMethod as PaymentMethod | null) ?? null,
    paymentDate: lead?.paymentDate ?? null,
    guests: ordered.map((g) => toPoliceGuest(g, inePostal)),
  };
}

/** The RH holder when only the booking is known (name, e-mail, phone): the adapters' checks say what is missing. */
export function holderOf(booking: { name: string; email: string; phone: string }): GuestRecord {
  const [first = '', ...rest] = booking.name.trim().split(/\s+/);
  return {
    firstName: first,
    lastName: rest.join(' '),
    gender: '',
    birthDate: '',
    documentType: '',
    documentNumber: '',
    supportNumber: '',
    issueDate: null,
    nationality: '',
    residenceCountry: '',
    address: '',
    city: '',
    postalCode: '',
    province: null,
    municipality: null,
    phone: booking.phone,
    email: booking.email,
    kinship: null,
    paymentMethod: null,
    paymentDate: null,
    isLead: true,
  };
}

/** The errors kept on a registration (the adapters' PoliceError has the same shape). */
export const asErrors = (errors: PoliceError[]) =>
  errors.map((e) => ({
    code: e.code,
    message: e.message,
    ...(e.field ? { field: e.field } : {}),
    ...(e.guest ? { guest: e.guest } : {}),
  }));

/** The CSV helpers live in lib/csv.ts (the experiences reports use them too). */
export { csvField, toCsv } from '../../lib/csv.ts';
