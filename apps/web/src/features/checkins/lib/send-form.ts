import type { SendChannel, SendCheckinBody } from '@posada/contracts/checkins';
import { departsAfterArrival, isIsoDate, PHONE_MIN_DIGITS, phoneDigits } from '@posada/domain/booking-rules';
import { isValidEmail, sendContactRequired } from '@posada/domain/checkin-rules';

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
 * spec 5 send check-in: accommodation and name are required, and the contact the channel needs
 * (sendContactRequired); the stay dates too unless a booking names the stay. Values are error keys of
 * the checkins namespace (the API answers the same).
 */
export function sendErrors(values: SendValues): Partial<Record<keyof SendValues, string>> {
  const errors: Partial<Record<keyof SendValues, string>> = {};
  if (!values.property_id) errors.property_id = 'errors.required';
  if (!values.name.trim()) errors.name = 'errors.required';
  const needs = sendContactRequired(values.channel);
  if (!values.phone.trim()) {
    if (needs.phone) errors.phone = 'errors.required';
  } else if (phoneDigits(values.phone) < PHONE_MIN_DIGITS) errors.phone = 'errors.phone';
  if (!values.email.trim()) {
    if (needs.email) errors.email = 'errors.required';
  } else if (!isValidEmail(values.email)) errors.email = 'errors.email';
  if (!values.booking_id) {
    if (!values.start_date) errors.start_date = 'errors.required';
    else if (!isIsoDate(values.start_date)) errors.start_date = 'errors.date';
    if (!values.end_date) errors.end_date = 'errors.required';
    else if (!isIsoDate(values.end_date)) errors.end_date = 'errors.date';
    // The bookings' rule (spec 5): at least one night; the API applies the same.
    else if (!errors.start_date && !departsAfterArrival(values.start_date, values.end_date))
      errors.end_date = 'errors.departure_after_arrival';
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
