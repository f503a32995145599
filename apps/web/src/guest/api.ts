import { language } from './i18n.ts';

/** An API error envelope (ARCHITECTURE §3); status 0 when the network failed. */
export class GuestApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'GuestApiError';
  }
}

let session: string | null = null;
/** The short-lived check-in session from POST /api/guest/checkin/start, kept in memory only. */
export const setGuestSession = (value: string | null) => {
  session = value;
};

export async function guestApi<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': language() };
  if (session) headers['x-checkin-session'] = session;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new GuestApiError(0, 'network', '');
  }
  const payload = (await response.json().catch(() => null)) as
    | { ok: true; data: T }
    | { ok: false; code: string; message: string; errors?: Record<string, string[]> }
    | null;
  if (!response.ok || !payload || payload.ok !== true) {
    const envelope = payload && payload.ok === false ? payload : null;
    throw new GuestApiError(
      response.status,
      envelope?.code ?? 'unknown',
      envelope?.message ?? '',
      envelope?.errors ?? {},
    );
  }
  return payload.data;
}
