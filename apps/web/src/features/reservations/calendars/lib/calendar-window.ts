import { isHotelType } from '@posada/domain/property-types';
import { addDays, monthWeeks, parseDateParam, startOfMonth } from './dates.ts';

/**
 * Which GET /api/calendar each screen asks for, from its URL and the signed-in user's properties. The
 * pages and the route loaders (which start the request while the page's code is still loading) share it,
 * so both land on the same query.
 */

export type CalendarScreen = 'apartments' | 'hotel' | 'monthly' | 'availability';

/** The timelines: a week before the anchor for context, 90 days in all. */
export const TIMELINE_LEAD = 7;
export const TIMELINE_DAYS = 90;
/** availabilityPrices: a month of nights from the chosen day. */
export const AVAILABILITY_DAYS = 31;

interface PropertyRef {
  id: string;
  tipo_propiedad: string;
}

export interface CalendarRequest {
  from: string;
  to: string;
  property_ids: string;
}

export function timelineWindow(anchor: string): { from: string; to: string } {
  const from = addDays(anchor, -TIMELINE_LEAD);
  return { from, to: addDays(from, TIMELINE_DAYS) };
}

/** The month view's whole weeks, Monday first: [first Monday, day after the last Sunday). */
export function monthWindow(month: string): { from: string; to: string } {
  const weeks = monthWeeks(month);
  const first = weeks[0]?.[0] ?? month;
  const last = weeks.at(-1)?.at(-1) ?? month;
  return { from: first, to: addDays(last, 1) };
}

/** The property a one-property screen shows: the one in the URL, else the active one, else the first. */
export function chosenProperty<P extends PropertyRef>(
  candidates: readonly P[],
  fromUrl: string | null,
  activeId: string | null,
): P | null {
  return (
    candidates.find((p) => p.id === fromUrl) ??
    candidates.find((p) => p.id === activeId) ??
    candidates[0] ??
    null
  );
}

export function calendarRequest(
  screen: CalendarScreen,
  search: URLSearchParams,
  user: { properties: readonly PropertyRef[]; active_property_id: string | null },
  today: string,
): CalendarRequest | null {
  const hotels = user.properties.filter((p) => isHotelType(p.tipo_propiedad));
  const apartments = user.properties.filter((p) => !isHotelType(p.tipo_propiedad));
  const date = parseDateParam(search.get('date'), today);
  const property = search.get('property');
  switch (screen) {
    case 'apartments':
      return apartments.length
        ? { ...timelineWindow(date), property_ids: apartments.map((p) => p.id).join(',') }
        : null;
    case 'hotel': {
      const hotel = chosenProperty(hotels, property, user.active_property_id);
      return hotel ? { ...timelineWindow(date), property_ids: hotel.id } : null;
    }
    case 'monthly': {
      const apartment = chosenProperty(apartments, property, user.active_property_id);
      return apartment ? { ...monthWindow(startOfMonth(date)), property_ids: apartment.id } : null;
    }
    case 'availability': {
      const hotel = chosenProperty(hotels, property, user.active_property_id);
      return hotel ? { from: date, to: addDays(date, AVAILABILITY_DAYS), property_ids: hotel.id } : null;
    }
  }
}
