import type { ErrorEnvelope } from '@posada/contracts/envelope';
import i18n from './i18n.ts';
import { getToken } from './session.ts';

/** How an upload that did not go through is turned into the caller's error. */
export type UploadFailure = (status: number, code: string, message: string | null, data: unknown) => Error;

/**
 * POST a multipart form with XMLHttpRequest (fetch cannot report upload progress), with the session's token
 * and language. Resolves with the envelope's data; otherwise rejects with `fail` (status 0: no connection;
 * message null: the answer had none, the caller words it).
 */
export function uploadWithProgress<T>(
  url: string,
  form: FormData,
  onProgress: ((fraction: number) => void) | undefined,
  fail: UploadFailure,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', i18n.language || 'es');
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(fail(0, 'network', i18n.t('common:errors.network'), null));
    xhr.onload = () => {
      let payload: { ok: true; data: T } | (ErrorEnvelope & { data?: unknown }) | null = null;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && payload?.ok === true) {
        resolve(payload.data);
        return;
      }
      const envelope = payload && payload.ok === false ? payload : null;
      reject(
        fail(xhr.status, envelope?.code ?? 'unknown', envelope?.message ?? null, envelope?.data ?? null),
      );
    };
    xhr.send(form);
  });
}
