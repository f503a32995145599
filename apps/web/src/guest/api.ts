import { ApiError, fetchEnvelope } from '../lib/envelope-fetch.ts';
import { language } from './i18n.ts';

export { ApiError as GuestApiError };

let session: string | null = null;
/** The short-lived check-in session from POST /api/guest/checkin/start, kept in memory only. */
export const setGuestSession = (value: string | null) => {
  session = value;
};
export const guestSession = () => session;

export function guestApi<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'Accept-Language': language() };
  if (session) headers['x-checkin-session'] = session;
  return fetchEnvelope<T>(method, path, { body, headers });
}
