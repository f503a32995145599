import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * How a guest sees the contact a verification code went to (issue 11): enough to recognise it, not
 * enough to learn it. E-mail: first letter and the domain ("m•••@example.com"); phone: the country code,
 * the first digit and the last two, in groups of three ("+34 6•• ••• •12").
 */
export function maskEmail(email: string): string {
  const value = email.trim();
  const at = value.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${value.slice(0, 1)}•••${value.slice(at)}`;
}

export function maskPhone(phone: string, defaultCountry: 'ES' = 'ES'): string {
  const value = phone.trim();
  const found = parsePhoneNumberFromString(value, defaultCountry);
  const parsed = found?.isPossible() ? found : undefined;
  const prefix = parsed ? `+${parsed.countryCallingCode} ` : value.startsWith('+') ? '+' : '';
  const digits = parsed ? String(parsed.nationalNumber) : value.replace(/\D/g, '');
  if (digits.length === 0) return '•••';
  // Short numbers show only their last digit; longer ones the first and the last two.
  const shown = (i: number) =>
    digits.length < 5 ? i === digits.length - 1 : i === 0 || i >= digits.length - 2;
  const masked = [...digits].map((d, i) => (shown(i) ? d : '•')).join('');
  const groups = masked.match(/.{1,3}/g) ?? [];
  // A lone last digit joins the group before it (10 digits read 3 3 4).
  if (groups.length > 1 && groups.at(-1)?.length === 1) groups.splice(-2, 2, groups.slice(-2).join(''));
  return prefix + groups.join(' ');
}

/** The masked destination of a verification channel: a phone for WhatsApp and SMS, else an e-mail. */
export const maskContact = (channel: 'whatsapp' | 'sms' | 'email', destination: string): string =>
  channel === 'email' ? maskEmail(destination) : maskPhone(destination);
