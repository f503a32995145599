import { type BookingChannel, bookingChannels, type ManualPaymentStatus } from '@posada/domain/booking-rules';
import { z } from 'zod';
import { bookingChannelSchema, manualPaymentStatusSchema } from './booking-fields.ts';
import { currencySchema } from './properties.ts';

/**
 * Import of bookings from a template file (spec 2.2 scheduled-checkins/import; spec 5 "Import requires an
 * uploaded template file"; spec 8 "import error"). The template is XLSX or CSV; its header row names the
 * columns in the operator's language, and any of the three languages (or the stable keys below) is
 * understood on the way back, whatever the interface language is.
 *
 * Every row is checked with the rules of a manual booking (createBookingBody, bookingFormErrors, capacity,
 * minimum stay, stop-sell, and free nights, also against the other rows of the same file). The import is
 * all or nothing: one refused row and nothing is written.
 */

/** The columns, in template order. Stable keys: a header equal to a key is always understood. */
export const bookingImportColumns = [
  'property',
  'arrival',
  'departure',
  'guest_name',
  'email',
  'phone',
  'guests',
  'price',
  'room_type',
  'rooms',
  'channel',
  'payment_status',
  'notes',
] as const;
export type BookingImportColumn = (typeof bookingImportColumns)[number];

export const requiredImportColumns: readonly BookingImportColumn[] = [
  'property',
  'arrival',
  'departure',
  'guest_name',
  'email',
  'phone',
  'guests',
  'price',
];

export const importLanguages = ['es', 'en', 'ar'] as const;
export type ImportLanguage = (typeof importLanguages)[number];

/** The template's header row in each language. */
export const bookingImportHeaders: Record<ImportLanguage, Record<BookingImportColumn, string>> = {
  es: {
    property: 'Alojamiento',
    arrival: 'Llegada',
    departure: 'Salida',
    guest_name: 'Nombre del huésped',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    guests: 'Huéspedes',
    price: 'Precio',
    room_type: 'Tipo de habitación',
    rooms: 'Habitaciones',
    channel: 'Canal',
    payment_status: 'Estado del pago',
    notes: 'Notas',
  },
  en: {
    property: 'Property',
    arrival: 'Arrival',
    departure: 'Departure',
    guest_name: 'Guest name',
    email: 'Email',
    phone: 'Phone',
    guests: 'Guests',
    price: 'Price',
    room_type: 'Room type',
    rooms: 'Rooms',
    channel: 'Channel',
    payment_status: 'Payment status',
    notes: 'Notes',
  },
  ar: {
    property: 'مكان الإقامة',
    arrival: 'الوصول',
    departure: 'المغادرة',
    guest_name: 'اسم الضيف',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    guests: 'الضيوف',
    price: 'السعر',
    room_type: 'نوع الغرفة',
    rooms: 'عدد الغرف',
    channel: 'القناة',
    payment_status: 'حالة الدفع',
    notes: 'ملاحظات',
  },
};

/** Other headers people write for the same column (compared without case, accents or punctuation). */
export const bookingImportHeaderAliases: Record<BookingImportColumn, readonly string[]> = {
  property: ['propiedad', 'alojamiento', 'nombre interno', 'internal name', 'accommodation', 'العقار'],
  arrival: ['fecha de llegada', 'entrada', 'check-in', 'check in', 'checkin', 'arrival date', 'start date'],
  departure: ['fecha de salida', 'check-out', 'check out', 'checkout', 'departure date', 'end date'],
  guest_name: ['nombre', 'huésped', 'cliente', 'name', 'guest', 'الاسم', 'الضيف'],
  email: ['email', 'e-mail', 'correo', 'mail'],
  phone: ['teléfono', 'telefono', 'móvil', 'movil', 'whatsapp', 'mobile'],
  guests: ['número de huéspedes', 'personas', 'pax', 'number of guests', 'عدد الضيوف'],
  price: ['importe', 'total', 'amount', 'المبلغ'],
  room_type: ['tipo', 'habitación', 'room', 'الغرفة'],
  rooms: ['cantidad de habitaciones', 'número de habitaciones', 'quantity', 'number of rooms', 'الغرف'],
  channel: ['origen', 'source', 'canal de venta', 'المصدر'],
  payment_status: ['pago', 'estado de pago', 'payment', 'الدفع'],
  notes: ['observaciones', 'comentarios', 'comments', 'note', 'ملاحظة'],
};

/** Words accepted in the channel column (compared like headers); empty means manual. */
export const bookingImportChannelAliases: Record<BookingChannel, readonly string[]> = {
  manual: ['manual', 'directa', 'direct', 'يدوي', 'مباشر'],
  web: ['web', 'web directa', 'direct web', 'website', 'الموقع', 'الموقع المباشر'],
  airbnb: ['airbnb'],
  booking: ['booking', 'booking.com'],
  expedia: ['expedia'],
  vrbo: ['vrbo', 'homeaway'],
  other: ['other', 'otro', 'otro canal', 'otra', 'أخرى', 'قناة أخرى'],
};

/** Words accepted in the payment status column; empty means pending. */
export const bookingImportPaymentAliases: Record<ManualPaymentStatus, readonly string[]> = {
  pending: [
    'pending',
    'pendiente',
    'pago pendiente',
    'no pagado',
    'unpaid',
    'معلق',
    'الدفع معلق',
    'غير مدفوع',
  ],
  paid: ['paid', 'pagado', 'pagada', 'cobrado', 'cobrada', 'مدفوع', 'مدفوعة'],
};

/** The words the template's example row uses for the channel and payment status, per language. */
export const bookingImportExampleWords: Record<ImportLanguage, { channel: string; payment: string }> = {
  es: { channel: 'Manual', payment: 'Pendiente' },
  en: { channel: 'Manual', payment: 'Pending' },
  ar: { channel: 'يدوي', payment: 'معلق' },
};

/**
 * The notes of the template's example row. A row that still carries it is refused
 * (booking_import.example_row), so the example is never imported by mistake.
 */
export const bookingImportExampleNote: Record<ImportLanguage, string> = {
  es: 'EJEMPLO: sustituye o borra esta fila',
  en: 'EXAMPLE: replace or delete this row',
  ar: 'مثال: استبدل هذا الصف أو احذفه',
};

/** Limits (docs/bookings.md "Import"). */
export const BOOKING_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const BOOKING_IMPORT_MAX_ROWS = 5000;
/** A dry run answers every error but only the first rows of the preview. */
export const BOOKING_IMPORT_PREVIEW_ROWS = 200;
/** Bookings may be history: no arrival before this date (a typo guard, not a business rule). */
export const BOOKING_IMPORT_MIN_DATE = '2000-01-01';

export const templateFormats = ['xlsx', 'csv'] as const;
export type TemplateFormat = (typeof templateFormats)[number];

/** GET /api/bookings/import/template?format=xlsx|csv[&lang=es|en|ar] (lang defaults to Accept-Language). */
export const templateQuery = z.object({
  format: z.enum(templateFormats).default('xlsx'),
  lang: z.enum(importLanguages).optional(),
});
export type TemplateQuery = z.input<typeof templateQuery>;

/** POST /api/bookings/import?dry_run=true (multipart, one part named `file`). */
export const importQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** One refused cell: the sheet's row number (the header is row 1), the column, and the translated reason. */
export const importRowError = z.object({
  row: z.number().int(),
  field: z.enum(bookingImportColumns).nullable(),
  /** The column's header as written in the file (or the template's, when the file lacks it). */
  column: z.string(),
  /** Message key, e.g. booking.dates_taken or booking_import.invalid_date. */
  code: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

/** A row as it will be (or was) stored. */
export const importPreviewRow = z.object({
  row: z.number().int(),
  property_id: z.string().uuid(),
  property_title: z.string(),
  room_type_name: z.string().nullable(),
  quantity: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  nights: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  number_of_guests: z.number().int(),
  /** Minor units of `currency`. */
  price: z.number().int(),
  currency: currencySchema,
  channel: bookingChannelSchema,
  payment_status: manualPaymentStatusSchema,
  /** The booking's code once imported. */
  code: z.string().nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

export const importResult = z.object({
  dry_run: z.boolean(),
  format: z.enum(templateFormats),
  /** Data rows in the file (blank rows not counted). */
  total_rows: z.number().int(),
  /** Rows without errors. */
  valid_rows: z.number().int(),
  /** True when every row is valid: the import may go ahead. */
  valid: z.boolean(),
  /** Bookings written (0 on a dry run or when any row was refused). */
  imported: z.number().int(),
  errors: z.array(importRowError),
  /** The first BOOKING_IMPORT_PREVIEW_ROWS valid rows. */
  preview: z.array(importPreviewRow),
  /** Columns of the file that were not understood (ignored). */
  ignored_columns: z.array(z.string()),
});
export type ImportResult = z.infer<typeof importResult>;

/** 422 booking_import.invalid_rows on a real import with refused rows: nothing was written. */
export const importRejectedEnvelope = z.object({
  ok: z.literal(false),
  code: z.literal('booking_import.invalid_rows'),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  data: importResult,
});
export type ImportRejectedEnvelope = z.infer<typeof importRejectedEnvelope>;

export const bookingImportPaths = {
  import: '/api/bookings/import',
  template: '/api/bookings/import/template',
} as const;

/** Every channel the import understands (for help texts). */
export const importChannels: readonly BookingChannel[] = bookingChannels;
