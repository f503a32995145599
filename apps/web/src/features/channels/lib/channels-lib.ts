import {
  type CalendarChannelName,
  type ChannelCalendar,
  type ChannelHealthState,
  calendarChannels,
  type SyncResult,
  syncSkipReasons,
} from '@posada/contracts/channels';
import { hasEligiblePlan, type StatusSubscription } from '@posada/domain/subscription';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api.ts';
import { intlLocale } from '../../../lib/intl.ts';

export function isCalendarChannel(value: string | undefined): value is CalendarChannelName {
  return (calendarChannels as readonly string[]).includes(value ?? '');
}

/** The health states as the operator reads them: green, amber, red (pending is grey until the first read). */
export const healthColor: Record<ChannelHealthState, string> = {
  ok: 'green',
  pending: 'gray',
  failing: 'orange',
  red: 'red',
};

/** spec 6: channel connection needs an active plan (demo, standard or smart). */
export function canConnectChannels(user: {
  plan: string | null;
  status_subscription: StatusSubscription | null;
}): boolean {
  return hasEligiblePlan(user);
}

/** The API refused because the subscription does not include channels (spec 6). */
export function isPlanRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'settings.feature_unavailable' ||
    error.code.endsWith('.plan_required') ||
    error.code.endsWith('.feature_unavailable') ||
    error.status === 402
  );
}

/** A calendar link as the channels give it: http(s), a host, no spaces. */
export function isFeedUrl(value: string): boolean {
  const text = value.trim();
  if (!/^https?:\/\/[^\s/]+/i.test(text) || /\s/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname.length > 0;
  } catch {
    return false;
  }
}

const channelHosts: Partial<Record<CalendarChannelName, RegExp>> = {
  airbnb: /(^|\.)airbnb\.[a-z.]+$/i,
  booking: /(^|\.)booking\.com$/i,
  vrbo: /(^|\.)(vrbo|homeaway|abritel|fewo-direkt|stayz|bookabach)\.[a-z.]+$/i,
};

/**
 * A hint, never a refusal: a link of another channel's host pasted as this one (a test server or a
 * channel's new domain must still connect).
 */
export function looksLikeOtherChannel(channel: CalendarChannelName, value: string): boolean {
  if (!isFeedUrl(value)) return false;
  const host = new URL(value.trim()).hostname;
  const own = channelHosts[channel];
  if (!own || own.test(host)) return false;
  return Object.entries(channelHosts).some(([name, pattern]) => name !== channel && pattern?.test(host));
}

/** "hace 5 min", "in 12 minutes": an instant relative to now, in the interface language. */
export function formatRelative(instant: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(instant).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto', style: 'short' });
  const abs = Math.abs(seconds);
  if (abs < 45) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86_400), 'day');
}

/** Connections grouped by unit (property, or room), in the order the API gave them. */
export function groupByUnit(
  items: readonly ChannelCalendar[],
): { key: string; unit: string; propertyId: string; items: ChannelCalendar[] }[] {
  const groups = new Map<
    string,
    { key: string; unit: string; propertyId: string; items: ChannelCalendar[] }
  >();
  for (const item of items) {
    const key = `${item.property_id}:${item.room_id ?? ''}`;
    const group = groups.get(key) ?? { key, unit: item.unit_name, propertyId: item.property_id, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** How many connections each channel has (the channel cards' counters). */
export function countByChannel(items: readonly ChannelCalendar[]): Record<CalendarChannelName, number> {
  const counts = { airbnb: 0, booking: 0, vrbo: 0, other: 0 };
  for (const item of items) counts[item.channel] += 1;
  return counts;
}

/** Whether a connection needs the operator: failing now (amber) or for more than 2 hours (red). */
export const isFailing = (item: ChannelCalendar) =>
  item.health.state === 'failing' || item.health.state === 'red';

/** Why events were skipped: "ya terminadas: 1 · canceladas en el canal: 2". */
export function skippedReasons(t: TFunction<'channels'>, result: SyncResult): string {
  return syncSkipReasons
    .filter((reason) => (result.skipped_reasons[reason] ?? 0) > 0)
    .map((reason) => t(`details.skipReasons.${reason}`, { count: result.skipped_reasons[reason] }))
    .join(' · ');
}

/** "3 nuevas, …" and, when some events changed nothing, how many and why (issue 27). */
export function syncResultText(t: TFunction<'channels'>, result: SyncResult): string {
  const skipped =
    result.skipped > 0
      ? ` ${t('sync.skipped', { count: result.skipped, reasons: skippedReasons(t, result) })}`
      : '';
  return `${t('sync.result', result)}${skipped}`;
}
