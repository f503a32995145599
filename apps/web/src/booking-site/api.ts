import type {
  PriceQuote,
  PublicAvailability,
  PublicSite,
  WebBookingAnswer,
  WebBookingBody,
  WebBookingStatus,
} from '@posada/contracts/direct-booking';
import { ApiError, fetchEnvelope } from '../lib/envelope-fetch.ts';
import { language } from './i18n.ts';

export { ApiError as SiteApiError };

function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  return fetchEnvelope<T>(method, path, { body, headers: { 'Accept-Language': language() } });
}

// Paths as directBookingPaths names them (the contract module itself is not imported: it carries zod).
const base = (slug: string) => `/api/public/book/${encodeURIComponent(slug)}`;

const sites = new Map<string, Promise<PublicSite>>();
/** One request per site and language, shared by the list and the property page. */
export function loadSite(slug: string, lng: string): Promise<PublicSite> {
  const key = `${slug}|${lng}`;
  let pending = sites.get(key);
  if (!pending) {
    pending = call<PublicSite>('GET', `${base(slug)}?lang=${lng}`);
    pending.catch(() => sites.delete(key));
    sites.set(key, pending);
  }
  return pending;
}

export function loadAvailability(
  slug: string,
  propertyId: string,
  range: { from: string; to: string; roomTypeId: string | null },
): Promise<PublicAvailability> {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (range.roomTypeId) query.set('room_type_id', range.roomTypeId);
  return call('GET', `${base(slug)}/${encodeURIComponent(propertyId)}/availability?${query}`);
}

export interface QuoteRequest {
  property_id: string;
  room_type_id: string | null;
  start_date: string;
  end_date: string;
  guests: number;
}

export const loadQuote = (slug: string, body: QuoteRequest) =>
  call<PriceQuote>('POST', `${base(slug)}/quote`, body);

/** A web booking paid online, as Checkout's return page polls it (issue 16). */
export const loadBookingStatus = (slug: string, bookingId: string) =>
  call<WebBookingStatus>('GET', `${base(slug)}/bookings/${encodeURIComponent(bookingId)}`);

export const book = (slug: string, body: WebBookingBody) =>
  call<WebBookingAnswer>('POST', `${base(slug)}/bookings`, body);
