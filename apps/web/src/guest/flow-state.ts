import type { GuestDataInput } from '@posada/domain/checkin-rules';
import { todayIn } from '@posada/domain/zoned-time';

export type { VerificationChannel as Channel } from '@posada/contracts/guest-checkin';
export function emptyGuest(arrival: string, departure: string): GuestDataInput {
  return {
    first_name: '',
    last_name: '',
    gender: '',
    birth_date: '',
    phone: '',
    email: '',
    document_type: '',
    document_number: '',
    issue_date: '',
    expiry_date: '',
    support_number: '',
    nationality: '',
    country: '',
    address: '',
    city: '',
    postal_code: '',
    residence_country: '',
    payment_method: '',
    payment_date: '',
    minors: null,
    kinship: null,
    signature: '',
    arrival,
    departure,
  };
}

/**
 * The property's date now, not the phone's or UTC's: a guest checking in to a Bogotá hotel at 20:00 is still
 * on that day there, already the next day in UTC (birth date, document expiry and arrival are judged on it).
 */
export const today = (timeZone: string, now: Date = new Date()) => todayIn(timeZone, now);

/** The field order of the personal-data form: the first error gets the focus. */
export const fieldOrder: (keyof GuestDataInput)[] = [
  'first_name',
  'last_name',
  'gender',
  'birth_date',
  'nationality',
  'document_type',
  'document_number',
  'support_number',
  'issue_date',
  'expiry_date',
  'phone',
  'email',
  'residence_country',
  'country',
  'postal_code',
  'city',
  'address',
  'payment_method',
  'payment_date',
  'minors',
  'kinship',
  'arrival',
  'departure',
  'signature',
];
