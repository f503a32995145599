import type { ManualCheckinBody } from '@posada/contracts/checkins';
import { type GuestDataInput, guestDataErrors, keepAsked } from '@posada/domain/checkin-rules';

/** The manual check-in form (checkinManual): the property and stay, the guest data, the payment and terms. */
export interface ManualValues extends Omit<GuestDataInput, 'signature'> {
  property_id: string;
  accepted_terms: boolean;
}

export type ManualField = keyof ManualValues;
export type Step = 1 | 2 | 3;

/** Which step holds each field: a server error on a field jumps back to its step. */
export const stepFields: Record<Step, readonly ManualField[]> = {
  1: ['property_id', 'arrival', 'departure'],
  2: [
    'first_name',
    'last_name',
    'gender',
    'birth_date',
    'phone',
    'email',
    'nationality',
    'country',
    'document_type',
    'document_number',
    'support_number',
    'issue_date',
    'expiry_date',
    'address',
    'city',
    'postal_code',
    'residence_country',
    'minors',
    'kinship',
  ],
  3: ['payment_method', 'payment_date', 'accepted_terms'],
};

export function stepOf(field: string): Step | null {
  for (const step of [1, 2, 3] as const) {
    if ((stepFields[step] as readonly string[]).includes(field)) return step;
  }
  return null;
}

export const emptyManualValues = (propertyId: string, today: string): ManualValues => ({
  property_id: propertyId,
  arrival: today,
  departure: '',
  first_name: '',
  last_name: '',
  gender: '',
  birth_date: '',
  phone: '',
  email: '',
  document_type: 'dni',
  document_number: '',
  issue_date: '',
  expiry_date: '',
  support_number: '',
  nationality: 'ESP',
  country: 'ES',
  address: '',
  city: '',
  postal_code: '',
  residence_country: 'ES',
  payment_method: '',
  payment_date: today,
  minors: false,
  kinship: '',
  accepted_terms: false,
});

/**
 * spec 5 Manual check-in: the shared rules (`guestDataErrors`, form 'manual', the same the API runs)
 * plus the accommodation and the accepted terms. Values are error keys of the checkins namespace.
 */
export function manualErrors(values: ManualValues, today: string): Partial<Record<ManualField, string>> {
  // Only what the rules ask of this traveller (issue 27): a child's hidden document fields are not checked.
  const errors: Partial<Record<ManualField, string>> = guestDataErrors(
    keepAsked({ ...values, signature: '' }, today),
    { today, form: 'manual' },
  );
  if (!values.property_id) errors.property_id = 'errors.required';
  if (!values.accepted_terms) errors.accepted_terms = 'errors.accepted_terms';
  return errors;
}

/** The errors of one step only (the step's "next" checks just what it shows). */
export function stepErrors(step: Step, values: ManualValues, today: string) {
  const all = manualErrors(values, today);
  return Object.fromEntries(
    Object.entries(all).filter(([field]) => (stepFields[step] as readonly string[]).includes(field)),
  ) as Partial<Record<ManualField, string>>;
}

/** POST /api/checkins/manual body. */
export function toManualBody(values: ManualValues, today: string): ManualCheckinBody {
  const { property_id, accepted_terms, ...guest } = keepAsked(values, today);
  const data: ManualCheckinBody['guest'] = {
    ...guest,
    document_number: guest.document_number.trim().toUpperCase().replace(/[\s-]/g, ''),
    support_number: guest.support_number.trim().toUpperCase(),
    kinship: guest.minors ? guest.kinship || null : null,
    signature: '',
    process: 'operator_manual' as const,
  };
  return {
    property_id,
    start_date: values.arrival,
    end_date: values.departure,
    guest: data,
    accepted_terms,
  };
}

/**
 * A 422 answer's field names as form fields: `guest.first_name` → first_name, `start_date` → arrival,
 * `end_date` → departure. Unknown fields are kept for the alert above the form.
 */
export function serverField(name: string): ManualField | null {
  const bare = name.replace(/^(guest|guestData|guest_data)\./, '');
  if (bare === 'start_date') return 'arrival';
  if (bare === 'end_date') return 'departure';
  return stepOf(bare) ? (bare as ManualField) : null;
}

/** The first step among the fields with errors (where the form jumps to). */
export function firstErrorStep(fields: readonly string[]): Step | null {
  const steps = fields.map(stepOf).filter((s): s is Step => s !== null);
  return steps.length ? (Math.min(...steps) as Step) : null;
}

/** spec 4 Manual check-in: stateProcess goes forward freely, back only from 2 to 1. */
export const canGoBack = (step: Step) => step === 2;

/** An error message from the server: a shared rule key (`errors.dni`, `checkin.errors.dni`) or a text. */
export function serverMessageKey(message: string): string | null {
  const m = /^(?:checkins?\.)?(errors\.[a-z_]+)$/.exec(message);
  return m ? (m[1] as string) : null;
}
