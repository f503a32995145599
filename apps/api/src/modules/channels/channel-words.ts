import type { CalendarChannel } from '../../db/schema/channels.ts';
import { type Locale, locales, translate } from '../../i18n/messages.ts';

/** The channels' own names (brands: the same in every language). */
const labels: Record<CalendarChannel, string> = {
  airbnb: 'Airbnb',
  booking: 'Booking.com',
  vrbo: 'Vrbo',
  other: 'iCal',
};

export const channelLabel = (channel: CalendarChannel): string => labels[channel];

/** A translator for a stored locale (es when it is not one of ours). */
export function translateFor(locale: string) {
  const lang: Locale = (locales as readonly string[]).includes(locale) ? (locale as Locale) : 'es';
  return (key: string, params: Record<string, string | number> = {}) => translate(lang, key, params);
}
