import type { SendChannel, SendCheckinBody } from '@posada/contracts/checkins';
import { sendCheckinErrors } from '@posada/domain/checkin-rules';

export interface SendValues {
  property_id: string;
  name: string;
  phone: string;
  email: string;
  channel: SendChannel;
  start_date: string;
  end_date: string;
  guests: number;
  booking_id?: string;
}

/**
 * spec 5 send check-in: the domain's sendCheckinErrors (the API applies the same), plus the guest count.
 * Values are error keys of the checkins namespace.
 */
export function sendErrors(values: SendValues): Partial<Record<keyof SendValues, string>> {
  const errors: Partial<Record<keyof SendValues, string>> = {};
  for (const [field, code] of Object.entries(sendCheckinErrors(values, Boolean(values.booking_id)))) {
    errors[field as keyof SendValues] = `errors.${code}`;
  }
  if (!Number.isInteger(values.guests) || values.guests < 1) errors.guests = 'errors.guests';
  return errors;
}

export function toSendBody(values: SendValues, language: string): SendCheckinBody {
  return {
    ...values,
    name: values.name.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    language: (['es', 'en', 'ar'].includes(language) ? language : 'es') as 'es' | 'en' | 'ar',
  };
}
