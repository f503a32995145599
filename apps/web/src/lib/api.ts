import type { ErrorEnvelope } from '@posada/contracts/envelope';
import i18n from './i18n.ts';
import { getToken } from './session.ts';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Listeners told when the API says the session is no longer valid (401 on an authenticated call). */
const unauthorizedListeners = new Set<() => void>();
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export async function apiRequest<T>(
  method: Method,
  path: string,
  body?: unknown,
  init: { query?: Record<string, string | number | undefined> } = {},
): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(init.query ?? {}))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {
    'Accept-Language': i18n.language || 'es',
    Accept: 'application/json',
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // spec 8: no response → 'Error de conexión o servidor no disponible'
    throw new ApiError(0, 'network', i18n.t('common:errors.network'));
  }
  const payload = (await response.json().catch(() => null)) as { ok: true; data: T } | ErrorEnvelope | null;
  if (!response.ok || !payload || payload.ok !== true) {
    const envelope = payload && payload.ok === false ? payload : null;
    if (response.status === 401 && token) for (const listener of unauthorizedListeners) listener();
    throw new ApiError(
      response.status,
      envelope?.code ?? 'unknown',
      envelope?.message ?? i18n.t('common:errors.unexpected'),
      envelope?.errors ?? {},
    );
  }
  return payload.data;
}

export const api = {
  get: <T>(path: string, query?: Record<string, string | number | undefined>) =>
    apiRequest<T>('GET', path, undefined, { query }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
