import { ApiError, fetchEnvelope } from './envelope-fetch.ts';
import i18n from './i18n.ts';
import { getToken } from './session.ts';

export { ApiError };

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
  const headers: Record<string, string> = { 'Accept-Language': i18n.language || 'es' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetchEnvelope<T>(method, url, {
      body,
      headers,
      // spec 8: no response → 'Error de conexión o servidor no disponible'
      networkMessage: i18n.t('common:errors.network'),
      fallbackMessage: i18n.t('common:errors.unexpected'),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && token)
      for (const listener of unauthorizedListeners) listener();
    throw error;
  }
}

export const api = {
  get: <T>(path: string, query?: Record<string, string | number | undefined>) =>
    apiRequest<T>('GET', path, undefined, { query }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
