import type { GuestDataInput } from '@posada/domain/checkin-rules';

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

export const today = () => new Date().toISOString().slice(0, 10);

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
