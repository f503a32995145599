import { BOOKING_IMPORT_MAX_BYTES, BOOKING_IMPORT_MAX_ROWS } from '@posada/contracts/booking-import';
import { AppError } from '../../lib/errors.ts';

/** Coded errors of the bookings import (file-level problems); each code is also its message key. */
export const bookingImportErrors = {
  /** spec 5: "Import requires an uploaded template file". */
  fileRequired: () =>
    new AppError('booking_import.file_required', 400, { errors: { file: ['booking_import.file_required'] } }),
  fileType: () =>
    new AppError('booking_import.file_type', 422, { errors: { file: ['booking_import.file_type'] } }),
  fileXls: () =>
    new AppError('booking_import.file_xls', 422, { errors: { file: ['booking_import.file_xls'] } }),
  fileUnreadable: () =>
    new AppError('booking_import.file_unreadable', 422, {
      errors: { file: ['booking_import.file_unreadable'] },
    }),
  fileTooLarge: () =>
    new AppError('booking_import.file_too_large', 413, {
      params: { max: BOOKING_IMPORT_MAX_BYTES / (1024 * 1024) },
    }),
  empty: () => new AppError('booking_import.empty', 422),
  tooManyRows: (count: number) =>
    new AppError('booking_import.too_many_rows', 422, { params: { count, max: BOOKING_IMPORT_MAX_ROWS } }),
  /** The template's required columns the file lacks, named in the caller's language. */
  missingColumns: (columns: string[]) =>
    new AppError('booking_import.missing_columns', 422, { params: { columns: columns.join(', ') } }),
  duplicateColumn: (column: string) =>
    new AppError('booking_import.duplicate_column', 422, { params: { column } }),
  /** Another booking took some of the nights between the checks and the insert: nothing was written. */
  conflict: () => new AppError('booking_import.conflict', 409),
  /** spec 8 "import error": an unexpected failure. */
  failed: () => new AppError('booking_import.failed', 500),
};
