import {
  type BookingImportColumn,
  bookingImportColumns,
  bookingImportExampleNote,
  bookingImportExampleWords,
  bookingImportHeaders,
  type ImportLanguage,
  requiredImportColumns,
  type TemplateFormat,
} from '@posada/contracts/booking-import';
import writeXlsxFile from 'write-excel-file/node';
import { translate } from '../../i18n/messages.ts';

/** What the example row shows: one of the operator's own properties, so the example reads true. */
export interface TemplateExample {
  property: string;
  /** A hotel's first room type (the room type and rooms columns are filled only then). */
  roomType: string | null;
  /** The property's guest capacity (the example asks for at most 2). */
  capacity: number;
  arrival: string;
  departure: string;
}

export interface TemplateFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

const guests: Record<ImportLanguage, { name: string; email: string }> = {
  es: { name: 'Lucía Pérez', email: 'lucia.perez@example.com' },
  en: { name: 'Jane Smith', email: 'jane.smith@example.com' },
  ar: { name: 'ليلى حسن', email: 'layla.hassan@example.com' },
};

/** Excel (and LibreOffice) read a CSV with the list separator of their locale: `;` where the decimal mark is a comma. */
const csvDelimiter: Record<ImportLanguage, string> = { es: ';', en: ',', ar: ',' };
const EXAMPLE_PRICE = 350;

const widths: Record<BookingImportColumn, number> = {
  property: 28,
  arrival: 13,
  departure: 13,
  guest_name: 24,
  email: 28,
  phone: 18,
  guests: 11,
  price: 12,
  room_type: 20,
  rooms: 13,
  channel: 14,
  payment_status: 16,
  notes: 40,
};

const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe in the CSV
 * (OWASP "CSV injection"); the import drops it again.
 */
function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string, delimiter: string): string {
  return /["\r\n]/.test(value) || value.includes(delimiter) ? `"${value.replace(/"/g, '""')}"` : value;
}

function exampleValues(lang: ImportLanguage, example: TemplateExample) {
  const hotel = example.roomType !== null;
  return {
    property: example.property,
    guest_name: guests[lang].name,
    email: guests[lang].email,
    guests: Math.max(1, Math.min(2, example.capacity)),
    room_type: example.roomType ?? '',
    rooms: hotel ? 1 : null,
    channel: bookingImportExampleWords[lang].channel,
    payment_status: bookingImportExampleWords[lang].payment,
    notes: bookingImportExampleNote[lang],
  };
}

function templateCsv(lang: ImportLanguage, example: TemplateExample): Buffer {
  const delimiter = csvDelimiter[lang];
  const values = exampleValues(lang, example);
  const price = lang === 'es' ? `${EXAMPLE_PRICE},00` : `${EXAMPLE_PRICE}.00`;
  const cells: Record<BookingImportColumn, string> = {
    property: csvSafe(values.property),
    arrival: example.arrival,
    departure: example.departure,
    guest_name: values.guest_name,
    email: values.email,
    // No "+" first: a spreadsheet would read it as a formula. Numbers without a prefix are Spanish (ES).
    phone: '600 123 456',
    guests: String(values.guests),
    price,
    room_type: csvSafe(values.room_type),
    rooms: values.rooms === null ? '' : String(values.rooms),
    channel: values.channel,
    payment_status: values.payment_status,
    notes: values.notes,
  };
  const line = (row: string[]) => row.map((v) => csvField(v, delimiter)).join(delimiter);
  const text = [
    line(bookingImportColumns.map((c) => bookingImportHeaders[lang][c])),
    line(bookingImportColumns.map((c) => cells[c])),
  ].join('\r\n');
  // The BOM makes Excel read the accents as UTF-8.
  return Buffer.from(`\uFEFF${text}\r\n`, 'utf8');
}

async function templateXlsx(lang: ImportLanguage, example: TemplateExample): Promise<Buffer> {
  const values = exampleValues(lang, example);
  const header = bookingImportColumns.map((column) => ({
    value: bookingImportHeaders[lang][column],
    fontWeight: 'bold' as const,
    backgroundColor: requiredImportColumns.includes(column) ? '#DCEBFA' : '#EEF1F4',
  }));
  const text = (value: string) => ({ value, type: String });
  const cells: Record<BookingImportColumn, object | null> = {
    property: text(values.property),
    arrival: { value: utcDate(example.arrival), type: Date, format: 'yyyy-mm-dd' },
    departure: { value: utcDate(example.departure), type: Date, format: 'yyyy-mm-dd' },
    guest_name: text(values.guest_name),
    email: text(values.email),
    phone: text('+34 600 123 456'),
    guests: { value: values.guests, type: Number },
    price: { value: EXAMPLE_PRICE, type: Number, format: '#,##0.00' },
    room_type: values.room_type ? text(values.room_type) : null,
    rooms: values.rooms === null ? null : { value: values.rooms, type: Number },
    channel: text(values.channel),
    payment_status: text(values.payment_status),
    notes: text(values.notes),
  };
  const help = [
    [
      { value: translate(lang, 'booking_import.help.column'), fontWeight: 'bold' as const },
      { value: translate(lang, 'booking_import.help.required'), fontWeight: 'bold' as const },
      { value: translate(lang, 'booking_import.help.what'), fontWeight: 'bold' as const },
    ],
    ...bookingImportColumns.map((column) => [
      { value: bookingImportHeaders[lang][column], type: String },
      {
        value: translate(
          lang,
          requiredImportColumns.includes(column) ? 'booking_import.help.yes' : 'booking_import.help.no',
        ),
        type: String,
      },
      { value: translate(lang, `booking_import.help.${column}`), type: String, wrap: true },
    ]),
    [],
    [{ value: translate(lang, 'booking_import.help.all_or_nothing'), type: String }],
  ];
  const sheets = [
    {
      data: [header, bookingImportColumns.map((c) => cells[c])],
      sheet: translate(lang, 'booking_import.sheet.bookings'),
      columns: bookingImportColumns.map((c) => ({ width: widths[c] })),
      stickyRowsCount: 1,
      rightToLeft: lang === 'ar',
    },
    {
      data: help,
      sheet: translate(lang, 'booking_import.sheet.help'),
      columns: [{ width: 24 }, { width: 14 }, { width: 90 }],
      rightToLeft: lang === 'ar',
    },
  ];
  // biome-ignore lint/suspicious/noExplicitAny: write-excel-file's sheet types are generic over cell objects.
  return writeXlsxFile(sheets as any).toBuffer();
}

const filenames: Record<ImportLanguage, string> = {
  es: 'plantilla-reservas',
  en: 'bookings-template',
  ar: 'bookings-template',
};

export async function buildTemplate(
  format: TemplateFormat,
  lang: ImportLanguage,
  example: TemplateExample,
): Promise<TemplateFile> {
  if (format === 'csv') {
    return {
      bytes: templateCsv(lang, example),
      filename: `${filenames[lang]}.csv`,
      contentType: 'text/csv; charset=utf-8',
    };
  }
  return {
    bytes: await templateXlsx(lang, example),
    filename: `${filenames[lang]}.xlsx`,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
