import type { FastifyBaseLogger } from 'fastify';
import { type Locale, locales, translate } from '../../i18n/messages.ts';
import type { MessagingAdapter } from '../checkins/checkins.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { GuestMessage } from './smart-locks.service.ts';

const asLocale = (language: string): Locale =>
  (locales as readonly string[]).includes(language) ? (language as Locale) : 'es';

/** A date and time in the guest's language and the property's zone ("1 jul 2026, 15:00"). */
function when(date: Date | null, locale: Locale, timeZone: string): string {
  if (!date) return '';
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/**
 * The message with the released door code, on the path the check-in link takes (checkins' delivery):
 * WhatsApp or SMS through the messaging adapter when the stay has a phone, else e-mail. Answers whether it
 * went out; without a phone provider or an e-mail address it is logged, never pretended.
 */
export function createCodeMessenger(deps: {
  mail: Pick<MailService, 'send'>;
  messaging?: MessagingAdapter | null;
  logger: FastifyBaseLogger;
}) {
  return async (m: GuestMessage): Promise<boolean> => {
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
    if (m.checkin.phone && deps.messaging) {
      if (await deps.messaging.send({ channel: 'whatsapp', to: m.checkin.phone, text })) return true;
      if (await deps.messaging.send({ channel: 'sms', to: m.checkin.phone, text })) return true;
    }
    if (!m.checkin.email) {
      deps.logger.warn(
        { checkin: m.checkin.id },
        'smart-locks: no e-mail or phone provider; the code was not sent',
      );
      return false;
    }
    await deps.mail.send({
      to: m.checkin.email,
      subject: translate(locale, 'smart_locks.mail.subject', params),
      text,
    });
    return true;
  };
}
