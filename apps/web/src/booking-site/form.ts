/** The guest form's values and rules (the contract's webBookingBody, without zod on the page). */
export interface GuestValues {
  name: string;
  email: string;
  phone: string;
  notes: string;
}
export type GuestField = keyof GuestValues;
export const emptyGuest: GuestValues = { name: '', email: '', phone: '', notes: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIMITS: Record<GuestField, number> = { name: 120, email: 254, phone: 40, notes: 1000 };

/** Message keys (and their parameters) per field; empty when the form can be sent. */
export function validateGuest(
  values: GuestValues,
): Partial<Record<GuestField, [string, Record<string, number>?]>> {
  const errors: Partial<Record<GuestField, [string, Record<string, number>?]>> = {};
  for (const field of ['name', 'email', 'phone'] as const)
    if (!values[field].trim()) errors[field] = ['form.errors.required'];
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = ['form.errors.email'];
  if (!errors.phone && values.phone.replace(/\D/g, '').length < 5) errors.phone = ['form.errors.phone_min'];
  for (const field of Object.keys(LIMITS) as GuestField[])
    if (!errors[field] && values[field].trim().length > LIMITS[field])
      errors[field] = ['form.errors.too_long', { max: LIMITS[field] }];
  return errors;
}
