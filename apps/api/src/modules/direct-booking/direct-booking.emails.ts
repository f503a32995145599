import type { WebBookingAnswer } from '@posada/contracts/direct-booking';
import { formatMoney, intlTagOf } from '@posada/domain/money';
import { type Locale, translate } from '../../i18n/messages.ts';
import type { Deliver } from '../delivery/delivery.types.ts';
import type { OutgoingMail } from '../mail/mail.service.ts';
import type { WebPropertyRow } from './direct-booking.repo.ts';

/** A stay date (YYYY-MM-DD) written out in the guest's language: 'martes, 1 de diciembre de 2026'. */
export function longDate(date: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTagOf[locale], { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

export { formatMoney };

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * The guest's confirmation of a web booking, in their language: the stay, the property's address, the
 * check-in and check-out times, the total and how it is paid (on arrival until issue 16).
 */
export function webBookingConfirmation(
  locale: Locale,
  input: {
    to: string;
    name: string;
    business: string;
    property: Pick<WebPropertyRow, 'nombre' | 'address' | 'city' | 'checkinTime' | 'checkoutTime'>;
    booking: WebBookingAnswer;
  },
): OutgoingMail {
  const { property, booking } = input;
  const address = [property.address, property.city].filter((p) => p?.trim()).join(', ') || property.nombre;
  const params = {
    name: input.name,
    business: input.business,
    property: property.nombre,
    code: booking.code,
    start: longDate(booking.start_date, locale),
    end: longDate(booking.end_date, locale),
    checkin: property.checkinTime,
    checkout: property.checkoutTime,
    guests: booking.guests,
    address,
    total: formatMoney(booking.total_price, booking.currency, locale),
    payment: translate(
      locale,
      booking.payment_type === 'online'
        ? 'direct_booking.mail.pay_online'
        : 'direct_booking.mail.pay_on_arrival',
    ),
  };
  const lines = translate(locale, 'direct_booking.mail.text', params).split('\n');
  const footer = translate(locale, 'mail.footer');
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${locale}" dir="${dir}">
<body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5;">
${lines.map((line) => (line ? `  <p style="margin: 0 0 6px;">${escapeHtml(line)}</p>` : '  <br>')).join('\n')}
  <p style="font-size: 12px; color: #7b8794;">${escapeHtml(footer)}</p>
</body>
</html>`;
  return {
    to: input.to,
    subject: translate(locale, 'direct_booking.mail.subject', params),
    text: `${lines.join('\n')}\n\n${footer}`,
    html,
  };
}

/**
 * The guest's confirmation of a web booking, through the delivery pipeline (kind booking_confirmation, by
 * e-mail: the address the guest gave on the website). Its record shows on the reservation; without SMTP it
 * is recorded as not sent (and logged), never as sent.
 */
export async function sendWebBookingConfirmation(
  deliver: () => Deliver | null,
  m: {
    accountId: string;
    propertyId: string;
    bookingId: string;
    name: string;
    language: string;
    mail: OutgoingMail;
  },
): Promise<void> {
  const send = deliver();
  if (!send) throw new Error('direct booking: the delivery pipeline is not bound');
  await send({
    accountId: m.accountId,
    kind: 'booking_confirmation',
    to: { name: m.name, email: m.mail.to },
    propertyId: m.propertyId,
    bookingId: m.bookingId,
    language: m.language,
    text: m.mail.text,
    subject: m.mail.subject,
    ...(m.mail.html ? { html: m.mail.html } : {}),
    channels: ['email'],
  });
}
