import type {
  PriceQuote,
  PublicAvailability,
  PublicSite,
  WebBookingAnswer,
  WebBookingBody,
} from '@posada/contracts/direct-booking';
import { language } from './i18n.ts';

/** An API error envelope (ARCHITECTURE §3); status 0 when the network failed. */
export class SiteApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'SiteApiError';
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new SiteApiError(0, 'network', '');
  }
  const payload = (await response.json().catch(() => null)) as
    | { ok: true; data: T }
    | { ok: false; code: string; message: string; errors?: Record<string, string[]> }
    | null;
  if (!response.ok || !payload || payload.ok !== true) {
    const envelope = payload && payload.ok === false ? payload : null;
    throw new SiteApiError(
      response.status,
      envelope?.code ?? 'unknown',
      envelope?.message ?? '',
      envelope?.errors ?? {},
    );
  }
  return payload.data;
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

export const book = (slug: string, body: WebBookingBody) =>
  call<WebBookingAnswer>('POST', `${base(slug)}/bookings`, body);
