import type { MessageDelivery } from '@posada/contracts/deliveries';
import type { FastifyBaseLogger } from 'fastify';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import type { Deliver } from '../delivery/delivery.types.ts';
import type { GuestMessage } from './smart-locks.service.ts';

const asLocale = (language: string): Locale =>
  (locales as readonly string[]).includes(language) ? (language as Locale) : 'es';

/** A date and time in the guest's language and the property's zone ("1 jul 2026, 15:00"). */
function when(date: Date | null, locale: Locale, timeZone: string): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/**
 * The message with the released door code, through the delivery pipeline (kind door_code): WhatsApp (free
 * text inside the 24-hour window, else the UTILITY door-code template), SMS and e-mail in the property's
 * order. Answers whether a provider has it or is being asked for it; the record says what happened.
 */
export function createCodeMessenger(deps: { deliver: () => Deliver | null; logger: FastifyBaseLogger }) {
  return async (m: GuestMessage): Promise<boolean> => {
    const send = deps.deliver();
    if (!send) throw new Error('smart-locks: the delivery pipeline is not bound');
    const locale = asLocale(m.checkin.language);
    const params = {
      name: m.checkin.name,
      property: m.propertyName,
      code: m.code,
      from: when(m.validFrom, locale, m.timeZone),
      until: when(m.validUntil, locale, m.timeZone),
    };
    const text = translate(
      locale,
      m.validFrom ? 'smart_locks.mail.text_window' : 'smart_locks.mail.text',
      params,
    );
    const { delivery }: { delivery: MessageDelivery } = await send({
      accountId: m.checkin.accountId,
      kind: 'door_code',
      to: { name: m.checkin.name, phone: m.checkin.phone || null, email: m.checkin.email || null },
      propertyId: m.checkin.propertyId,
      bookingId: m.checkin.bookingId,
      checkinId: m.checkin.id,
      language: locale,
      text,
      subject: translate(locale, 'smart_locks.mail.subject', params),
      values: {
        guest_name: m.checkin.name.trim().split(/\s+/)[0] ?? m.checkin.name,
        property_name: m.propertyName,
        code: m.code,
        valid_from: params.from || '—',
        valid_until: params.until || '—',
      },
    });
    if (delivery.status === 'failed' || delivery.status === 'skipped')
      deps.logger.warn(
        { checkin: m.checkin.id, code: delivery.error_code },
        'smart-locks: the code did not go out',
      );
    return delivery.status !== 'failed' && delivery.status !== 'skipped';
  };
}
