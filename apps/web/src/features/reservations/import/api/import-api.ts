import {
  bookingImportPaths,
  type ImportLanguage,
  type ImportResult,
  type TemplateFormat,
} from '@posada/contracts/booking-import';
import type { ErrorEnvelope } from '@posada/contracts/envelope';
import i18n from '../../../../lib/i18n.ts';
import { getToken } from '../../../../lib/session.ts';
import { uploadWithProgress } from '../../../../lib/upload-with-progress.ts';

/**
 * An import that did not go through. `result` is set when the file was read and rows were refused
 * (422 booking_import.invalid_rows); otherwise the problem is the file or the connection (spec 8 import error).
 */
export class ImportError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly result: ImportResult | null,
  ) {
    super(message);
    this.name = 'ImportError';
  }
}

const authHeaders = (): Record<string, string> => {
  const headers: Record<string, string> = { 'Accept-Language': i18n.language || 'es' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
};

/**
 * GET /api/bookings/import/template: downloaded with the session's token (a plain link could not carry
 * it) and handed to the browser as a file.
 */
export async function downloadTemplate(format: TemplateFormat, lang: ImportLanguage): Promise<string> {
  const url = new URL(bookingImportPaths.template, window.location.origin);
  url.searchParams.set('format', format);
  url.searchParams.set('lang', lang);
  let response: Response;
  try {
    response = await fetch(url, { headers: authHeaders() });
  } catch {
    throw new ImportError(0, 'network', i18n.t('common:errors.network'), null);
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as ErrorEnvelope | null;
    throw new ImportError(
      response.status,
      envelope?.code ?? 'unknown',
      envelope?.message ?? i18n.t('common:errors.unexpected'),
      null,
    );
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `bookings-template.${format}`;
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return filename;
}

/**
 * POST /api/bookings/import (multipart, the file in `file`). A dry run only checks; otherwise every row is
 * written, or none. Upload progress is reported for large files.
 */
export function uploadImport(
  file: File,
  opts: { dryRun: boolean; onProgress?: (fraction: number) => void },
): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const url = `${bookingImportPaths.import}${opts.dryRun ? '?dry_run=true' : ''}`;
  return uploadWithProgress<ImportResult>(
    url,
    form,
    opts.onProgress,
    (status, code, message, data) =>
      new ImportError(
        status,
        code,
        message ?? i18n.t('reservations:import.errors.failed'),
        (data as ImportResult | null) ?? null,
      ),
  );
}
