import {
  BOOKING_IMPORT_MAX_BYTES,
  type BookingImportColumn,
  bookingImportColumns,
  bookingImportHeaders,
  type ImportLanguage,
  type ImportRowError,
  importLanguages,
  requiredImportColumns,
} from '@posada/contracts/booking-import';
import { intlLocale } from '../../../../lib/intl.ts';

/** What the file picker offers; the server judges the type by content, this only narrows the dialog. */
export const IMPORT_ACCEPT = [
  '.xlsx',
  '.csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
].join(',');

export const MAX_MEGABYTES = BOOKING_IMPORT_MAX_BYTES / (1024 * 1024);

/** The template language for the interface language (es by default). */
export function importLanguageOf(language: string): ImportLanguage {
  const base = language.slice(0, 2) as ImportLanguage;
  return importLanguages.includes(base) ? base : 'es';
}

/** A file the browser can already tell is too big (the server checks again, and checks the content). */
export function fileProblem(file: File): 'tooLarge' | null {
  return file.size > BOOKING_IMPORT_MAX_BYTES ? 'tooLarge' : null;
}

/** 1,2 MB · 830 KB, in the interface language. */
export function formatBytes(bytes: number, language: string): string {
  const format = (value: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(intlLocale(language), {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: 1,
    }).format(value);
  return bytes >= 1024 * 1024
    ? format(bytes / (1024 * 1024), 'megabyte')
    : format(Math.max(1, Math.round(bytes / 1024)), 'kilobyte');
}

/** The template's columns in order, with their header in `lang` and whether they are required. */
export function templateColumns(
  lang: ImportLanguage,
): { key: BookingImportColumn; header: string; required: boolean }[] {
  return bookingImportColumns.map((key) => ({
    key,
    header: bookingImportHeaders[lang][key],
    required: requiredImportColumns.includes(key),
  }));
}

/** How many distinct rows have at least one error. */
export function rowsWithErrors(errors: ImportRowError[]): number {
  return new Set(errors.map((e) => e.row)).size;
}

/** One page of a list (pages from 1). */
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}
