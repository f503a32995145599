import {
  BOOKING_IMPORT_MAX_ROWS,
  bookingImportColumns,
  bookingImportHeaders,
  bookingImportPaths,
  type ImportResult,
} from '@posada/contracts/booking-import';
import { bookingPaths } from '@posada/contracts/bookings';
import { and, count, eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { bookings, unitNights } from '../../db/schema/bookings.ts';
import { properties } from '../../db/schema/properties.ts';
import { bearer, createEmpresa, loginToken } from '../../test/auth-helpers.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { createRoomsService } from '../properties/rooms.service.ts';
import { createBookingImportService } from './booking-import.service.ts';

type Row = Record<string, string | number | Date | null>;

const HEADER_ES = bookingImportColumns.map((c) => bookingImportHeaders.es[c]);

/** A CSV in the Spanish template's layout (`;`, comma decimals), one line per row. */
function csv(rows: Row[], header: string[] = HEADER_ES, delimiter = ';'): Buffer {
  const cell = (v: Row[string]) => {
    const text =
      v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
    return /[";\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const lines = [
    header.join(delimiter),
    ...rows.map((r) => bookingImportColumns.map((c) => cell(r[c] ?? null)).join(delimiter)),
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

async function xlsx(rows: Row[]): Promise<Buffer> {
  const cell = (v: Row[string]) => {
    if (v === null || v === undefined || v === '') return null;
    if (v instanceof Date) return { value: v, type: Date, format: 'dd/mm/yyyy' };
    if (typeof v === 'number') return { value: v, type: Number };
    return { value: v, type: String };
  };
  const data = [
    HEADER_ES.map((h) => ({ value: h })),
    ...rows.map((r) => bookingImportColumns.map((c) => cell(r[c] ?? null))),
  ];
  // biome-ignore lint/suspicious/noExplicitAny: write-excel-file's cell union.
  return writeXlsxFile(data as any).toBuffer();
}

function multipart(bytes: Buffer, filename: string, field = 'file') {
  const boundary = `----posada${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * The bookings import through app.inject (PGlite, and PostgreSQL with TEST_DB=postgres). The clock is
 * 2026-11-20 10:00 UTC.
 */
describe('bookings import API', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let accountId: string;
  let apartment: string;
  let hotel: string;

  const upload = (
    bytes: Buffer,
    opts: { dryRun?: boolean; lang?: string; filename?: string; as?: string } = {},
  ) => {
    const { payload, contentType } = multipart(bytes, opts.filename ?? 'reservas.csv');
    return t.app.inject({
      method: 'POST',
      url: `${bookingImportPaths.import}${opts.dryRun ? '?dry_run=true' : ''}`,
      payload,
      headers: {
        ...bearer(opts.as ?? token),
        'content-type': contentType,
        'accept-language': opts.lang ?? 'es',
      },
    });
  };
  const bookingCount = async () => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.accountId, accountId));
    return Number(row?.n ?? 0);
  };

  const row = (overrides: Row = {}): Row => ({
    property: 'Casa Azul',
    arrival: '2027-03-01',
    departure: '2027-03-04',
    guest_name: 'Lucía Pérez',
    email: 'Lucia@Example.com',
    phone: '600 123 456',
    guests: 2,
    price: '350,50',
    room_type: '',
    rooms: '',
    channel: '',
    payment_status: '',
    notes: '',
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp();
    const owner = await createEmpresa(t, {
      properties: [
        { nombre: 'Casa Azul', tipoPropiedad: 'apartamento' },
        { nombre: 'Hotel Sol', tipoPropiedad: 'hotel' },
        { nombre: 'Estudio Centro', tipoPropiedad: 'apartamento' },
      ],
    });
    const other = await createEmpresa(t, {
      properties: [{ nombre: 'Casa Ajena', tipoPropiedad: 'apartamento' }],
    });
    token = await loginToken(t, owner.email);
    otherToken = await loginToken(t, other.email);
    accountId = owner.accountId ?? '';
    [apartment = '', hotel = ''] = owner.propertyIds;
    await t.database.db
      .update(properties)
      .set({ guests: 4, internalName: 'Triana 2ºB' })
      .where(eq(properties.id, apartment));
    const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, payload, headers: bearer(token) });
    const type = await call('POST', `/api/properties/${hotel}/room-types`, { name: 'Doble', adults: 2 });
    const typeId = type.json().data.id as string;
    const rooms = await call('PUT', `/api/properties/${hotel}/rooms`, {
      rooms: ['101', '102', '103'].map((name) => ({ room_type_id: typeId, name })),
    });
    expect(rooms.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  describe('template', () => {
    it('downloads an XLSX with the headers in the operator language and one example row on their property', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${bookingImportPaths.template}?format=xlsx`,
        headers: { ...bearer(token), 'accept-language': 'es' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain('plantilla-reservas.xlsx');
      const rows = await readSheet(res.rawPayload);
      expect(rows[0]).toEqual(HEADER_ES);
      expect(rows[1]?.[0]).toBe('Casa Azul');
      expect(rows[1]?.[1]).toEqual(new Date('2026-12-20T00:00:00Z'));
    });

    it('downloads a CSV in English (comma-separated) when asked, with a BOM for Excel', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${bookingImportPaths.template}?format=csv&lang=en`,
        headers: { ...bearer(token), 'accept-language': 'es' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header, example] = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header).toBe(bookingImportColumns.map((c) => bookingImportHeaders.en[c]).join(','));
      expect(example).toContain('Casa Azul,2026-12-20,2026-12-23,Jane Smith');
    });

    it('refuses its own example row, so the example is never imported by mistake', async () => {
      for (const format of ['xlsx', 'csv'] as const) {
        const template = await t.app.inject({
          method: 'GET',
          url: `${bookingImportPaths.template}?format=${format}`,
          headers: bearer(token),
        });
        const res = await upload(template.rawPayload, { dryRun: true, filename: `plantilla.${format}` });
        expect(res.statusCode).toBe(200);
        const data: ImportResult = res.json().data;
        expect(data).toMatchObject({ format, valid: false, total_rows: 1, valid_rows: 0 });
        expect(data.errors).toEqual([
          expect.objectContaining({ row: 2, field: 'notes', code: 'booking_import.example_row' }),
        ]);
      }
    });

    it('needs a signed-in operator', async () => {
      const res = await t.app.inject({ method: 'GET', url: bookingImportPaths.template });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('the file', () => {
    it('answers spec 5 "Import requires an uploaded template file" without a file, in the caller language', async () => {
      for (const [lang, message] of [
        ['es', 'La importación requiere subir un archivo de plantilla.'],
        ['en', 'Import requires an uploaded template file.'],
        ['ar', 'يتطلب الاستيراد رفع ملف القالب.'],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: bookingImportPaths.import,
          headers: { ...bearer(token), 'accept-language': lang },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ ok: false, code: 'booking_import.file_required', message });
      }
      // A form with a field but no file, and an empty file, are the same rule.
      const boundary = 'posadaform';
      const form = await t.app.inject({
        method: 'POST',
        url: bookingImportPaths.import,
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhola\r\n--${boundary}--\r\n`,
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(form.json().code).toBe('booking_import.file_required');
      expect((await upload(Buffer.alloc(0))).json().code).toBe('booking_import.file_required');
    });

    it('judges the type by content: a PNG named .csv and an old .xls are refused', async () => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      const res = await upload(png, { filename: 'reservas.csv' });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('booking_import.file_type');
      const xls = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]);
      expect((await upload(xls, { filename: 'reservas.xlsx' })).json().code).toBe('booking_import.file_xls');
    });

    it('refuses a file over the size limit with 413', async () => {
      const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0x61);
      const res = await upload(big);
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe('booking_import.file_too_large');
    });

    it('names the missing template columns, and refuses a file with no rows or too many', async () => {
      const missing = await upload(Buffer.from('Alojamiento;Llegada\nCasa Azul;2027-01-01\n'), {
        lang: 'en',
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json()).toMatchObject({ code: 'booking_import.missing_columns' });
      expect(missing.json().message).toContain('Departure, Guest name, Email, Phone, Guests, Price');

      const empty = await upload(csv([]));
      expect(empty.json().code).toBe('booking_import.empty');

      const many = csv(Array.from({ length: BOOKING_IMPORT_MAX_ROWS + 1 }, () => row()));
      const tooMany = await upload(many, { dryRun: true });
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json().code).toBe('booking_import.too_many_rows');
    });
  });

  describe('rows', () => {
    it('checks a valid CSV on a dry run without writing, then imports every row in one go', async () => {
      const file = csv([
        row(),
        row({
          property: 'hotel sol',
          room_type: 'doble',
          rooms: 2,
          guests: 4,
          arrival: '01/03/2027',
          departure: '05/03/2027',
          price: '1.200,00',
          channel: 'Booking.com',
          payment_status: 'Pagado',
          phone: '+57 300 123 4567',
        }),
        // Imported history: a stay that ended before today.
        row({
          property: 'Triana 2ºB',
          arrival: '2025-08-01',
          departure: '2025-08-08',
          channel: 'airbnb',
          notes: 'Reserva antigua',
        }),
      ]);
      const before = await bookingCount();
      const dry = await upload(file, { dryRun: true });
      expect(dry.statusCode).toBe(200);
      const checked: ImportResult = dry.json().data;
      expect(checked).toMatchObject({
        dry_run: true,
        format: 'csv',
        valid: true,
        total_rows: 3,
        valid_rows: 3,
        imported: 0,
        errors: [],
      });
      expect(checked.preview[1]).toMatchObject({
        row: 3,
        property_title: 'Hotel Sol',
        room_type_name: 'Doble',
        quantity: 2,
        start_date: '2027-03-01',
        end_date: '2027-03-05',
        price: 120_000,
        channel: 'booking',
        payment_status: 'paid',
        phone: '+573001234567',
        code: null,
      });
      expect(await bookingCount()).toBe(before);

      const res = await upload(file);
      expect(res.statusCode).toBe(201);
      const data: ImportResult = res.json().data;
      expect(data).toMatchObject({ dry_run: false, valid: true, imported: 3 });
      expect(data.preview.every((p) => /^PS-/.test(p.code ?? ''))).toBe(true);
      expect(await bookingCount()).toBe(before + 3);

      const stored = await t.database.db.select().from(bookings).where(eq(bookings.accountId, accountId));
      const casa = stored.find((b) => b.propertyId === apartment && b.startDate === '2027-03-01');
      expect(casa).toMatchObject({
        status: 'booked',
        channel: 'manual',
        paymentStatus: 'pending',
        email: 'lucia@example.com',
        phone: '+34600123456',
        price: 35_050,
        total: 35_050,
        guests: 2,
        currency: 'EUR',
      });
      const hotelBooking = stored.find((b) => b.propertyId === hotel);
      expect(hotelBooking?.roomIds).toHaveLength(2);
      const history = stored.find((b) => b.startDate === '2025-08-01');
      expect(history).toMatchObject({ channel: 'airbnb', notes: 'Reserva antigua' });
      // Their nights are held like any booking's: 3 + 2 rooms × 4 + 7.
      const [nights] = await t.database.db
        .select({ n: count() })
        .from(unitNights)
        .where(eq(unitNights.accountId, accountId));
      expect(Number(nights?.n)).toBe(3 + 8 + 7);
      // The Reservas list shows them.
      const list = await t.app.inject({
        method: 'GET',
        url: `${bookingPaths.list}?search=lucia@example.com`,
        headers: bearer(token),
      });
      expect(list.json().data.total).toBe(3);
    });

    it('imports an XLSX with date cells, serial dates and number cells', async () => {
      const file = await xlsx([
        row({ arrival: new Date(Date.UTC(2027, 4, 1)), departure: 46510, price: 480.25, phone: 34611222333 }),
        row({
          property: 'Estudio Centro',
          arrival: '2027-05-01',
          departure: '2027-05-02',
          guests: 1,
          price: 90,
        }),
      ]);
      const res = await upload(file, { filename: 'reservas.xlsx' });
      expect(res.statusCode).toBe(201);
      const data: ImportResult = res.json().data;
      expect(data).toMatchObject({ format: 'xlsx', imported: 2 });
      expect(data.preview[0]).toMatchObject({
        start_date: '2027-05-01',
        end_date: '2027-05-03',
        price: 48_025,
        phone: '+34611222333',
      });
    });

    it('imports nothing when one row is wrong, and says which row, column and why', async () => {
      const before = await bookingCount();
      const res = await upload(
        csv([
          row({ arrival: '2027-06-01', departure: '2027-06-03' }),
          row({ arrival: '2027-06-10', departure: '2027-06-12', email: 'no-es-un-correo' }),
          row({ arrival: '2027-06-20', departure: '2027-06-22' }),
        ]),
      );
      expect(res.statusCode).toBe(422);
      const body = res.json();
      expect(body).toMatchObject({ ok: false, code: 'booking_import.invalid_rows' });
      expect(body.message).toBe('Filas con errores: 1. No se ha importado ninguna reserva.');
      expect(body.data).toMatchObject({ valid: false, imported: 0, total_rows: 3, valid_rows: 2 });
      expect(body.data.errors).toEqual([
        {
          row: 3,
          field: 'email',
          column: 'Correo electrónico',
          code: 'validation.invalid_email',
          message: 'Introduce un correo electrónico válido.',
        },
      ]);
      expect(await bookingCount()).toBe(before);
    });

    it('reports a stay that overlaps an existing booking, and one that overlaps another row of the file', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: bookingPaths.create,
        payload: {
          start_date: '2027-07-10',
          end_date: '2027-07-15',
          name: 'Ana Gil',
          email: 'ana@example.com',
          phone: '600111222',
          property_id: apartment,
          number_of_guests: 2,
          price: 50_000,
        },
        headers: bearer(token),
      });
      expect(created.statusCode).toBe(201);
      const res = await upload(
        csv([
          row({ arrival: '2027-07-12', departure: '2027-07-14' }),
          row({ arrival: '2027-07-20', departure: '2027-07-25' }),
          row({ arrival: '2027-07-24', departure: '2027-07-26' }),
        ]),
        { dryRun: true },
      );
      const data: ImportResult = res.json().data;
      expect(data.valid).toBe(false);
      expect(data.errors).toEqual([
        expect.objectContaining({
          row: 2,
          field: 'arrival',
          column: 'Llegada',
          code: 'booking.dates_taken',
          message: 'Las fechas ya están reservadas o bloqueadas',
        }),
        expect.objectContaining({
          row: 4,
          field: 'arrival',
          code: 'booking_import.overlaps_row',
          message: 'Se solapa con la fila 3 de este archivo.',
        }),
      ]);
    });

    it('never resolves another account property by its name', async () => {
      const res = await upload(csv([row({ property: 'Casa Ajena' })]), { dryRun: true, lang: 'en' });
      const data: ImportResult = res.json().data;
      expect(data.errors).toEqual([
        {
          row: 2,
          field: 'property',
          column: 'Alojamiento',
          code: 'booking_import.property_not_found',
          message: 'You have no property with this name or internal name.',
        },
      ]);
      // And the other account cannot book into ours either.
      const theirs = await upload(csv([row({ arrival: '2027-09-01', departure: '2027-09-02' })]), {
        as: otherToken,
      });
      expect(theirs.statusCode).toBe(422);
      expect(theirs.json().data.errors[0]).toMatchObject({
        field: 'property',
        code: 'booking_import.property_not_found',
      });
      const [foreign] = await t.database.db
        .select({ n: count() })
        .from(bookings)
        .where(and(eq(bookings.propertyId, apartment), eq(bookings.startDate, '2027-09-01')));
      expect(Number(foreign?.n)).toBe(0);
    });

    it('draws a new code for a row whose code the account already uses', async () => {
      const codes = ['PS-CODE01', 'PS-CODE01', 'PS-CODE02', 'PS-CODE03'];
      const service = createBookingImportService({
        db: t.database.db,
        clock: t.clock,
        roomTypes: createRoomsService({ db: t.database.db, clock: t.clock }),
        makeCode: () => codes.shift() ?? 'PS-SPARE1',
      });
      const tenant = { accountId, userId: '' };
      const first = await service.run(
        tenant,
        csv([row({ arrival: '2028-01-01', departure: '2028-01-02' })]),
        {
          dryRun: false,
          lang: 'es',
        },
      );
      expect(first.preview[0]?.code).toBe('PS-CODE01');
      const next = await service.run(
        tenant,
        csv([
          row({ arrival: '2028-01-05', departure: '2028-01-06' }),
          row({ arrival: '2028-01-07', departure: '2028-01-08' }),
        ]),
        { dryRun: false, lang: 'es' },
      );
      expect(next.imported).toBe(2);
      expect(next.preview.map((p) => p.code)).toEqual(['PS-CODE03', 'PS-CODE02']);
    });

    it('writes nothing when the transaction fails half-way (all or nothing)', async () => {
      // Every code is the same: the first row goes in, the second can never get a code, and it all rolls back.
      const service = createBookingImportService({
        db: t.database.db,
        clock: t.clock,
        roomTypes: createRoomsService({ db: t.database.db, clock: t.clock }),
        makeCode: () => 'PS-SAMEXX',
      });
      const before = await bookingCount();
      await expect(
        service.run(
          { accountId, userId: '' },
          csv([
            row({ arrival: '2028-02-01', departure: '2028-02-02' }),
            row({ arrival: '2028-02-03', departure: '2028-02-04' }),
          ]),
          { dryRun: false, lang: 'es' },
        ),
      ).rejects.toThrow(/no free booking codes/);
      expect(await bookingCount()).toBe(before);
      const [nights] = await t.database.db
        .select({ n: count() })
        .from(unitNights)
        .where(and(eq(unitNights.propertyId, apartment), eq(unitNights.night, '2028-02-01')));
      expect(Number(nights?.n)).toBe(0);
    });

    it('lets exactly one of two simultaneous imports of the same nights write (apartment and hotel)', async () => {
      const file = csv([
        row({ arrival: '2028-03-01', departure: '2028-03-05' }),
        row({
          property: 'Hotel Sol',
          room_type: 'Doble',
          rooms: 3,
          arrival: '2028-03-01',
          departure: '2028-03-03',
        }),
      ]);
      const before = await bookingCount();
      const answers = await Promise.all([upload(file), upload(file), upload(file)]);
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses[0]).toBe(201);
      for (const status of statuses.slice(1)) expect([409, 422]).toContain(status);
      expect(await bookingCount()).toBe(before + 2);
      const [nights] = await t.database.db
        .select({ n: count() })
        .from(unitNights)
        .where(and(eq(unitNights.accountId, accountId), eq(unitNights.night, '2028-03-01')));
      // The apartment and the hotel's three rooms, once each.
      expect(Number(nights?.n)).toBe(4);
    });

    it('applies the manual booking rules to each row', async () => {
      const res = await upload(
        csv([
          row({ guests: 9 }),
          row({ arrival: '2027-08-05', departure: '2027-08-05' }),
          row({ arrival: '1999-12-30', departure: '2000-01-02' }),
          row({ phone: '12 3' }),
          row({ guest_name: '', price: '-5' }),
          row({ property: 'Hotel Sol', room_type: '' }),
          row({ property: 'Hotel Sol', room_type: 'Suite' }),
          row({ property: 'Hotel Sol', room_type: 'Doble', rooms: 4 }),
          row({ arrival: '31/02/2027' }),
          row({ channel: 'Tripadvisor', payment_status: 'a medias' }),
          row({ arrival: '2027-01-01', departure: '2028-02-01' }),
        ]),
        { dryRun: true },
      );
      const errors = (res.json().data as ImportResult).errors.map((e) => [e.row, e.field, e.code]);
      expect(errors).toEqual([
        [2, 'guests', 'booking.guests_max'],
        [3, 'departure', 'booking.departure_after_arrival'],
        [4, 'arrival', 'booking_import.date_too_old'],
        [5, 'phone', 'booking.phone_min'],
        [6, 'guest_name', 'booking.fill_required'],
        [6, 'price', 'booking.price_negative'],
        [7, 'room_type', 'booking_import.room_type_required'],
        [8, 'room_type', 'booking_import.room_type_not_found'],
        [9, 'rooms', 'booking.quantity_max'],
        [10, 'arrival', 'booking_import.invalid_date'],
        [11, 'channel', 'booking_import.unknown_channel'],
        [11, 'payment_status', 'booking_import.unknown_payment'],
        [12, 'departure', 'booking.range_too_long'],
      ]);
    });
  });
});
