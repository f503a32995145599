/** An API error envelope (ARCHITECTURE §3), or a network failure (status 0, code 'network'). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Envelope<T> =
  | { ok: true; data: T }
  | { ok: false; code: string; message: string; errors?: Record<string, string[]> };

/**
 * One JSON call: answers the envelope's data or throws ApiError. Light on purpose (no i18next, no
 * session): the guest check-in and the booking website use it as is; the app adds its token and texts.
 */
export async function fetchEnvelope<T>(
  method: string,
  url: string | URL,
  options: {
    body?: unknown;
    headers?: Record<string, string>;
    /** The message of a network failure, and of an error answer without one. */
    networkMessage?: string;
    fallbackMessage?: string;
  } = {},
): Promise<T> {
  const { body, networkMessage = '', fallbackMessage = '' } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network', networkMessage);
  }
  const payload = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!response.ok || !payload || payload.ok !== true) {
    const envelope = payload && payload.ok === false ? payload : null;
    throw new ApiError(
      response.status,
      envelope?.code ?? 'unknown',
      envelope?.message ?? fallbackMessage,
      envelope?.errors ?? {},
    );
  }
  return payload.data;
}
