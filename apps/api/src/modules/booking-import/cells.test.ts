import {
  bookingImportColumns,
  bookingImportHeaders,
  importLanguages,
} from '@posada/contracts/booking-import';
import { describe, expect, it } from 'vitest';
import {
  cellText,
  columnOfHeader,
  mapHeaders,
  parseChannelCell,
  parseDateCell,
  parseIntegerCell,
  parseMoneyCell,
  parsePaymentCell,
  parsePhoneCell,
} from './cells.ts';

const value = <T>(parsed: { ok: true; value: T } | { ok: false; code: string }) =>
  parsed.ok ? parsed.value : `!${parsed.code}`;

describe('template headers', () => {
  it.each(importLanguages)('understands every %s header, and the stable keys', (lang) => {
    for (const column of bookingImportColumns) {
      expect(columnOfHeader(bookingImportHeaders[lang][column])).toBe(column);
      expect(columnOfHeader(column)).toBe(column);
    }
  });

  it('ignores case, accents, hints in brackets and punctuation', () => {
    expect(columnOfHeader('  LLEGADA (AAAA-MM-DD) ')).toBe('arrival');
    expect(columnOfHeader('nombre del huesped')).toBe('guest_name');
    expect(columnOfHeader('E-mail')).toBe('email');
    expect(columnOfHeader('Check-out')).toBe('departure');
    expect(columnOfHeader('Nombre interno')).toBe('property');
    expect(columnOfHeader('Precio (EUR)')).toBe('price');
    expect(columnOfHeader('Colour')).toBeNull();
  });

  it('maps a header row: indexes, unknown headers ignored, a column named twice reported', () => {
    const map = mapHeaders(['Alojamiento', null, 'Arrival', 'Favourite colour', 'Salida', 'Llegada']);
    expect(map.columns.get('property')).toEqual({ index: 0, label: 'Alojamiento' });
    expect(map.columns.get('arrival')).toEqual({ index: 2, label: 'Arrival' });
    expect(map.columns.get('departure')?.index).toBe(4);
    expect(map.ignored).toEqual(['Favourite colour']);
    expect(map.duplicates).toEqual(['Llegada']);
  });
});

describe('dates', () => {
  it('reads ISO dates, day-first dates and two-digit years', () => {
    expect(value(parseDateCell('2026-12-01'))).toBe('2026-12-01');
    expect(value(parseDateCell('2026/12/1'))).toBe('2026-12-01');
    expect(value(parseDateCell('01/12/2026'))).toBe('2026-12-01');
    expect(value(parseDateCell('1-12-2026'))).toBe('2026-12-01');
    expect(value(parseDateCell('01.12.2026'))).toBe('2026-12-01');
    expect(value(parseDateCell('31/01/27'))).toBe('2027-01-31');
    expect(value(parseDateCell('2026-12-01 14:00'))).toBe('2026-12-01');
    expect(value(parseDateCell('2026-12-01T00:00:00Z'))).toBe('2026-12-01');
  });

  it('reads Excel serial dates (number cells and numeric text) and spreadsheet date cells', () => {
    expect(value(parseDateCell(46357))).toBe('2026-12-01');
    expect(value(parseDateCell(46357.75))).toBe('2026-12-01');
    expect(value(parseDateCell('46357'))).toBe('2026-12-01');
    expect(value(parseDateCell(45351))).toBe('2024-02-29');
    expect(value(parseDateCell(new Date(Date.UTC(2026, 11, 1))))).toBe('2026-12-01');
    expect(value(parseDateCell(new Date(Date.UTC(2026, 11, 1, 23, 59))))).toBe('2026-12-01');
  });

  it('refuses impossible dates, US month-first dates past the 12th, and numbers that are not dates', () => {
    expect(value(parseDateCell('2026-02-30'))).toBe('!booking_import.invalid_date');
    expect(value(parseDateCell('31/02/2026'))).toBe('!booking_import.invalid_date');
    expect(value(parseDateCell('12/31/2026'))).toBe('!booking_import.invalid_date');
    expect(value(parseDateCell('mañana'))).toBe('!booking_import.invalid_date');
    expect(value(parseDateCell(3))).toBe('!booking_import.invalid_date');
    expect(value(parseDateCell(true))).toBe('!booking_import.invalid_date');
  });

  it('asks for a date when the cell is blank (spec 5 selectDates)', () => {
    expect(value(parseDateCell(null))).toBe('!booking.select_dates');
    expect(value(parseDateCell('   '))).toBe('!booking.select_dates');
  });
});

describe('amounts → minor units', () => {
  it.each([
    ['120,50', 12_050],
    ['120.50', 12_050],
    ['120,5', 12_050],
    ['120', 12_000],
    ['1.234,56', 123_456],
    ['1,234.56', 123_456],
    ['1 234,56', 123_456],
    ['1\u00a0234,56', 123_456],
    ['1.250.000', 125_000_000],
    ['1,250,000', 125_000_000],
    ['1.250', 125_000],
    ['€120,00', 12_000],
    ['120 EUR', 12_000],
    ['$ 1.250.000', 125_000_000],
    ['0,99', 99],
    ['-10', -1_000],
  ])('reads %s as %i', (text, minor) => {
    expect(value(parseMoneyCell(text))).toBe(minor);
  });

  it('reads number cells, binary fractions included', () => {
    expect(value(parseMoneyCell(350))).toBe(35_000);
    expect(value(parseMoneyCell(120.5))).toBe(12_050);
    expect(value(parseMoneyCell(0.1 + 0.2))).toBe(30);
    expect(value(parseMoneyCell(19.99))).toBe(1_999);
  });

  it('refuses more than two decimals, stray separators and words', () => {
    for (const bad of ['12,345,67', '1.2.3', '0,125', '12.', 'doce', '1,2345', 12.345, '1.234.56']) {
      expect(value(parseMoneyCell(bad)), String(bad)).toBe('!booking_import.invalid_amount');
    }
    expect(value(parseMoneyCell(''))).toBe('!validation.required');
  });
});

describe('whole numbers, phones, channel and payment', () => {
  it('reads whole numbers, with a blank default for the rooms column', () => {
    expect(value(parseIntegerCell(2))).toBe(2);
    expect(value(parseIntegerCell('3'))).toBe(3);
    expect(value(parseIntegerCell('2,0'))).toBe(2);
    expect(value(parseIntegerCell(2.5))).toBe('!booking_import.invalid_number');
    expect(value(parseIntegerCell('dos'))).toBe('!booking_import.invalid_number');
    expect(value(parseIntegerCell(null))).toBe('!validation.required');
    expect(value(parseIntegerCell(null, 1))).toBe(1);
  });

  it('keeps every digit of a phone typed as a number, and drops the apostrophe that kept "+" as text', () => {
    expect(parsePhoneCell(34600123456)).toBe('34600123456');
    expect(parsePhoneCell(600123456)).toBe('600123456');
    expect(parsePhoneCell("'+34 600 123 456")).toBe('+34 600 123 456');
    expect(parsePhoneCell(' +57  300 123 4567 ')).toBe('+57 300 123 4567');
    expect(parsePhoneCell(null)).toBe('');
  });

  it('reads the channel and payment words in the three languages, blank meaning manual and pending', () => {
    expect(value(parseChannelCell(null))).toBe('manual');
    expect(value(parseChannelCell('Booking.com'))).toBe('booking');
    expect(value(parseChannelCell('AIRBNB'))).toBe('airbnb');
    expect(value(parseChannelCell('Web directa'))).toBe('web');
    expect(value(parseChannelCell('قناة أخرى'))).toBe('other');
    expect(value(parseChannelCell('Tripadvisor'))).toBe('!booking_import.unknown_channel');
    expect(value(parsePaymentCell(''))).toBe('pending');
    expect(value(parsePaymentCell('Pagado'))).toBe('paid');
    expect(value(parsePaymentCell('مدفوع'))).toBe('paid');
    expect(value(parsePaymentCell('a medias'))).toBe('!booking_import.unknown_payment');
  });

  it('turns cells into text the way a person reads them', () => {
    expect(cellText(2)).toBe('2');
    expect(cellText(new Date(Date.UTC(2026, 0, 5)))).toBe('2026-01-05');
    expect(cellText('  Casa   Azul ')).toBe('Casa Azul');
  });
});
