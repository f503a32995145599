import multipart from '@fastify/multipart';
import {
  BOOKING_IMPORT_MAX_BYTES,
  bookingImportHeaders,
  type ImportLanguage,
  type ImportResult,
  importQuery,
  importRejectedEnvelope,
  importResult,
  templateQuery,
} from '@posada/contracts/booking-import';
import { errorEnvelope, okEnvelope } from '@posada/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Locale, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAccount } from '../../plugins/access.ts';
import { bookingImportErrors } from './booking-import.errors.ts';
import type { BookingImportService, ImportOutcome } from './booking-import.service.ts';

/**
 * The one file of the upload (any part name; `file` by convention), at most BOOKING_IMPORT_MAX_BYTES.
 * No file at all is spec 5's rule: "Import requires an uploaded template file".
 */
async function readUpload(request: FastifyRequest): Promise<Uint8Array> {
  if (!request.isMultipart()) throw bookingImportErrors.fileRequired();
  try {
    const part = await request.file();
    if (!part) throw bookingImportErrors.fileRequired();
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw bookingImportErrors.fileTooLarge();
    return bytes;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw bookingImportErrors.fileTooLarge();
    throw error;
  }
}

/** The outcome in the caller's language: each refused cell with its column as the file names it. */
function toResult(outcome: ImportOutcome, locale: Locale): ImportResult {
  const lang = locale as ImportLanguage;
  return {
    dry_run: outcome.dryRun,
    format: outcome.format,
    total_rows: outcome.totalRows,
    valid_rows: outcome.validRows,
    valid: outcome.issues.length === 0,
    imported: outcome.imported,
    errors: outcome.issues.map((issue) => ({
      row: issue.row,
      field: issue.field,
      column: issue.field ? (outcome.labels[issue.field] ?? bookingImportHeaders[lang][issue.field]) : '',
      code: issue.code,
      message: translate(locale, issue.code, issue.params),
    })),
    preview: outcome.preview,
    ignored_columns: outcome.ignoredColumns,
  };
}

/**
 * Bookings import (spec 2.2 scheduled-checkins/import): the template (XLSX or CSV) and the upload, with a
 * dry run that only checks. Access: empresa.
 */
export const bookingImportRoutes: FastifyPluginAsyncZod<{ bookingImport: BookingImportService }> = async (
  app,
  { bookingImport },
) => {
  const tags = ['bookings'];
  const config = { access: 'empresa' as const };
  // This scope only: one file, the import limit.
  await app.register(multipart, {
    limits: { fileSize: BOOKING_IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  app.get(
    '/bookings/import/template',
    { config, schema: { tags, querystring: templateQuery } },
    async (request, reply) => {
      const lang = request.query.lang ?? (request.locale as ImportLanguage);
      const file = await bookingImport.template(requireAccount(request), request.query.format, lang);
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${file.filename}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
        )
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );

  app.post(
    '/bookings/import',
    {
      config,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: {
          200: okEnvelope(importResult),
          201: okEnvelope(importResult),
          422: z.union([importRejectedEnvelope, errorEnvelope]),
        },
      },
    },
    async (request, reply) => {
      const tenant = requireAccount(request);
      const dryRun = request.query.dry_run;
      const bytes = await readUpload(request);
      let outcome: ImportOutcome;
      try {
        outcome = await bookingImport.run(tenant, bytes, { dryRun, lang: request.locale as ImportLanguage });
      } catch (error) {
        if (error instanceof AppError) throw error;
        // spec 8 "import error": nothing was written (the transaction rolled back).
        request.log.error({ err: error }, 'booking import failed');
        throw bookingImportErrors.failed();
      }
      const data = toResult(outcome, request.locale);
      if (dryRun) return reply.status(200).send({ ok: true as const, data });
      if (!data.valid) {
        const rows = new Set(data.errors.map((e) => e.row)).size;
        return reply.status(422).send({
          ok: false as const,
          code: 'booking_import.invalid_rows' as const,
          message: translate(request.locale, 'booking_import.invalid_rows', { count: rows }),
          data,
        });
      }
      return reply.status(201).send({ ok: true as const, data });
    },
  );
};
