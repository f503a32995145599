import { BOOKING_IMPORT_MAX_BYTES } from '@posada/contracts/booking-import';
import { describe, expect, it } from 'vitest';
import {
  fileProblem,
  formatBytes,
  IMPORT_ACCEPT,
  importLanguageOf,
  pageCount,
  pageOf,
  rowsWithErrors,
  templateColumns,
} from './import-lib.ts';

const fileOf = (size: number) => ({ size, name: 'reservas.csv' }) as File;

describe('bookings import helpers', () => {
  it('picks the template language from the interface language, Spanish otherwise', () => {
    expect(importLanguageOf('en-GB')).toBe('en');
    expect(importLanguageOf('ar')).toBe('ar');
    expect(importLanguageOf('es')).toBe('es');
    expect(importLanguageOf('fr')).toBe('es');
  });

  it('stops a file over the limit before uploading it; the server judges the rest by content', () => {
    expect(fileProblem(fileOf(BOOKING_IMPORT_MAX_BYTES))).toBeNull();
    expect(fileProblem(fileOf(BOOKING_IMPORT_MAX_BYTES + 1))).toBe('tooLarge');
    expect(IMPORT_ACCEPT).toContain('.xlsx');
    expect(IMPORT_ACCEPT).toContain('.csv');
  });

  it('writes file sizes in the interface language', () => {
    expect(formatBytes(1_258_291, 'es')).toBe('1,2 MB');
    expect(formatBytes(1_258_291, 'en')).toBe('1.2 MB');
    expect(formatBytes(850_000, 'en')).toBe('830 kB');
    expect(formatBytes(10, 'en')).toBe('1 kB');
  });

  it('lists the template columns in order with their header and whether they are required', () => {
    const columns = templateColumns('es');
    expect(columns[0]).toEqual({ key: 'property', header: 'Alojamiento', required: true });
    expect(columns.find((c) => c.key === 'room_type')).toMatchObject({ required: false });
    expect(templateColumns('en').map((c) => c.header)).toContain('Payment status');
    expect(columns).toHaveLength(13);
  });

  it('counts the rows with errors, not the errors', () => {
    const error = (row: number, field: 'email' | 'phone') => ({
      row,
      field,
      column: field,
      code: 'x',
      message: 'x',
    });
    expect(rowsWithErrors([error(3, 'email'), error(3, 'phone'), error(7, 'email')])).toBe(2);
    expect(rowsWithErrors([])).toBe(0);
  });

  it('pages long lists', () => {
    const items = Array.from({ length: 60 }, (_, i) => i);
    expect(pageCount(60, 25)).toBe(3);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageOf(items, 3, 25)).toEqual(items.slice(50));
  });
});
