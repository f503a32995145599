import {
  BOOKING_IMPORT_MAX_ROWS,
  BOOKING_IMPORT_MIN_DATE,
  BOOKING_IMPORT_PREVIEW_ROWS,
  type BookingImportColumn,
  bookingImportHeaders,
  type ImportLanguage,
  type ImportPreviewRow,
  requiredImportColumns,
  type TemplateFormat,
} from '@posada/contracts/booking-import';
import { createBookingBody } from '@posada/contracts/bookings';
import type { Currency } from '@posada/contracts/properties';
import type { RoomTypeItem } from '@posada/contracts/property-rooms';
import { addDays, bookingFormErrors, nightsBetween } from '@posada/domain/booking-rules';
import { normalizePhone } from '@posada/domain/phone';
import { isHotelType } from '@posada/domain/property-types';
import { todayIn } from '@posada/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import type { EventProducer } from '../../events/bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { isDeadlock, isUniqueViolation } from '../../lib/db-errors.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { newBookingCode } from '../bookings/booking-code.ts';
import { type BookingRooms, createBookingRooms } from '../bookings/booking-rooms.service.ts';
import { MAX_STAY_NIGHTS } from '../bookings/bookings.service.ts';
import { type BulkBookings, createBulkBookings } from '../bookings/bulk-bookings.service.ts';
import { bookingImportErrors } from './booking-import.errors.ts';
import {
  type BookingImportRepo,
  createBookingImportRepo,
  type ImportProperty,
} from './booking-import.repo.ts';
import {
  cellText,
  isBlank,
  mapHeaders,
  normalizeWord,
  type Parsed,
  parseChannelCell,
  parseDateCell,
  parseIntegerCell,
  parseMoneyCell,
  parsePaymentCell,
  parsePhoneCell,
} from './cells.ts';
import { commitImport } from './import-commit.ts';
import {
  type CandidateRow,
  exampleNotes,
  fieldColumn,
  issueKey,
  PLACEHOLDER_ID,
  RowsRefused,
  type ZodLikeIssue,
} from './import-rows.ts';
import { createNightPlanner, type NightRule, type PlannerInput, type PlanUnit } from './night-planner.ts';
import { type Cell, readSpreadsheet, SpreadsheetError } from './spreadsheet.ts';
import { buildTemplate, type TemplateFile } from './template.ts';

export interface BookingImportDeps {
  db: Db;
  clock: Clock;
  /** The rooms service of modules/properties: a hotel's room types with their room counts. */
  roomTypes: { listTypes(tenant: Tenant, propertyId: string): Promise<RoomTypeItem[]> };
  /** bookings.imported is recorded once per property in the import's transaction (docs/events.md). */
  events?: EventProducer;
  /** Booking codes; tests pass a fixed sequence. */
  makeCode?: () => string;
  /** The rooms as bookings' units (bookings owns them); defaults to ones on `db`. */
  bookingRooms?: BookingRooms;
  /** The bulk writes of bookings and unit nights (bookings owns them). */
  bulkBookings?: BulkBookings;
}

/** One refused cell, before translation: the route turns the code into the caller's language. */
export interface RowIssue {
  row: number;
  field: BookingImportColumn | null;
  code: string;
  params?: Record<string, string | number>;
}

export interface ImportOutcome {
  format: 'xlsx' | 'csv';
  dryRun: boolean;
  totalRows: number;
  validRows: number;
  imported: number;
  issues: RowIssue[];
  preview: ImportPreviewRow[];
  ignoredColumns: string[];
  /** Each column's header as written in the file. */
  labels: Partial<Record<BookingImportColumn, string>>;
}

export type BookingImportService = ReturnType<typeof createBookingImportService>;

/**
 * The bookings import (spec 2.2 scheduled-checkins/import, spec 5, spec 8 "import error"). Rows are checked
 * with the rules of a manual booking and written all together in one transaction, or not at all.
 *
 * Decisions (docs/bookings.md "Import"): arrivals may be in the past (imported history) but not before
 * BOOKING_IMPORT_MIN_DATE; status is booked; the channel comes from the file (manual when blank); no
 * booking_new notification per row (one import is not a thousand new-booking alerts); the nights go into
 * unit_nights through bookings' bulk writes, so the (unit, night) key refuses any double booking.
 */
export function createBookingImportService(deps: BookingImportDeps) {
  const repo = createBookingImportRepo({ db: deps.db });
  const bookingRooms = deps.bookingRooms ?? createBookingRooms({ db: deps.db });
  const bulkBookings = deps.bulkBookings ?? createBulkBookings();
  const makeCode = deps.makeCode ?? (() => newBookingCode());

  /** Property name or internal name → the properties it names (only the tenant's). */
  const propertyIndex = (list: ImportProperty[]) => {
    const index = new Map<string, Set<ImportProperty>>();
    for (const property of list) {
      for (const name of [property.nombre, property.internalName]) {
        const key = name ? normalizeWord(name) : '';
        if (!key) continue;
        const set = index.get(key) ?? new Set();
        set.add(property);
        index.set(key, set);
      }
    }
    return index;
  };

  /** Loads what the planner needs for these rows: units, taken nights and night rules. */
  const plannerInput = async (
    accountId: string,
    rows: CandidateRow[],
    reader: { repo: BookingImportRepo; rooms: (propertyId: string) => Promise<PlanUnit[]> },
  ): Promise<PlannerInput> => {
    const ranges = new Map<string, { property: ImportProperty; hotel: boolean; from: string; to: string }>();
    for (const r of rows) {
      const range = ranges.get(r.property.id);
      if (!range)
        ranges.set(r.property.id, { property: r.property, hotel: r.hotel, from: r.start, to: r.end });
      else {
        if (r.start < range.from) range.from = r.start;
        if (r.end > range.to) range.to = r.end;
      }
    }
    const input: PlannerInput = { units: new Map(), taken: new Map(), rules: new Map() };
    const keys = new Set<string>();
    let from = '9999-12-31';
    let to = '0000-01-01';
    // Sorted by id: the hotel rooms are locked in the same order by every importer.
    for (const [propertyId, range] of [...ranges].sort(([a], [b]) => a.localeCompare(b))) {
      if (range.hotel) input.units.set(propertyId, await reader.rooms(propertyId));
      else input.units.set(propertyId, [{ id: propertyId, roomTypeId: null, name: '', sellable: true }]);
      for (const { unitId, night } of await reader.repo.takenNights(
        accountId,
        propertyId,
        range.from,
        range.to,
      )) {
        const set = input.taken.get(unitId) ?? new Set<string>();
        set.add(night);
        input.taken.set(unitId, set);
      }
      if (range.from < from) from = range.from;
      if (range.to > to) to = range.to;
    }
    for (const r of rows) keys.add(r.hotel ? (r.roomType?.id ?? '') : r.property.id);
    for (const rule of await reader.repo.nightRules(accountId, [...keys].filter(Boolean), from, to)) {
      const nights = input.rules.get(rule.unitKey) ?? new Map<string, NightRule>();
      nights.set(rule.night, { minStay: rule.minStay, stopSell: rule.stopSell });
      input.rules.set(rule.unitKey, nights);
    }
    return input;
  };

  const toUnits = (rooms: { id: string; roomTypeId: string; name: string; status: string }[]): PlanUnit[] =>
    rooms.map((r) => ({
      id: r.id,
      roomTypeId: r.roomTypeId,
      name: r.name,
      sellable: r.status !== 'maintenance',
    }));

  /** Places every candidate; returns the units of each placed row and the issues of the others. */
  const place = (rows: CandidateRow[], input: PlannerInput) => {
    const planner = createNightPlanner(input);
    const placed = new Map<number, string[]>();
    const issues: RowIssue[] = [];
    for (const r of rows) {
      const outcome = planner.place({
        row: r.row,
        propertyId: r.property.id,
        hotel: r.hotel,
        roomTypeId: r.roomType?.id ?? null,
        quantity: r.quantity,
        start: r.start,
        end: r.end,
      });
      if (outcome.ok) placed.set(r.row, outcome.unitIds);
      else
        issues.push({
          row: r.row,
          field: outcome.field,
          code: outcome.code,
          ...('params' in outcome ? { params: outcome.params } : {}),
        });
    }
    return { placed, issues };
  };

  const previewOf = (r: CandidateRow, code: string | null): ImportPreviewRow => ({
    row: r.row,
    property_id: r.property.id,
    property_title: r.property.nombre,
    room_type_name: r.roomType?.name ?? null,
    quantity: r.quantity,
    start_date: r.start,
    end_date: r.end,
    nights: nightsBetween(r.start, r.end),
    name: r.name,
    email: r.email,
    phone: r.phone,
    number_of_guests: r.guests,
    price: r.price,
    currency: r.property.currency as Currency,
    channel: r.channel,
    payment_status: r.paymentStatus,
    code,
  });

  /** Reads and checks every row; the rows that pass everything but the nights are candidates. */
  async function checkRows(tenant: Tenant, table: Cell[][], lang: ImportLanguage) {
    const headerAt = table.findIndex((row) => row.some((cell) => !isBlank(cell)));
    if (headerAt < 0) throw bookingImportErrors.empty();
    const headers = mapHeaders(table[headerAt] ?? []);
    if (headers.duplicates.length > 0) throw bookingImportErrors.duplicateColumn(headers.duplicates[0] ?? '');
    const missing = requiredImportColumns.filter((c) => !headers.columns.has(c));
    if (missing.length > 0) {
      throw bookingImportErrors.missingColumns(missing.map((c) => bookingImportHeaders[lang][c]));
    }
    const dataRows: { row: number; cells: Cell[] }[] = [];
    for (let i = headerAt + 1; i < table.length; i++) {
      const cells = table[i] ?? [];
      if (cells.some((cell) => !isBlank(cell))) dataRows.push({ row: i + 1, cells });
    }
    if (dataRows.length === 0) throw bookingImportErrors.empty();
    if (dataRows.length > BOOKING_IMPORT_MAX_ROWS) throw bookingImportErrors.tooManyRows(dataRows.length);

    const properties = await repo.listProperties(tenant.accountId);
    const byName = propertyIndex(properties);
    const typesCache = new Map<string, Promise<RoomTypeItem[]>>();
    const typesOf = (propertyId: string) => {
      let types = typesCache.get(propertyId);
      if (!types) {
        types = deps.roomTypes.listTypes(tenant, propertyId);
        typesCache.set(propertyId, types);
      }
      return types;
    };

    const issues: RowIssue[] = [];
    const candidates: CandidateRow[] = [];
    for (const { row, cells } of dataRows) {
      const cell = (column: BookingImportColumn): Cell => {
        const at = headers.columns.get(column)?.index;
        return at === undefined ? null : (cells[at] ?? null);
      };
      const rowIssues = new Map<BookingImportColumn, RowIssue>();
      const refuse = (field: BookingImportColumn, code: string, params?: Record<string, string | number>) => {
        if (!rowIssues.has(field)) rowIssues.set(field, { row, field, code, ...(params ? { params } : {}) });
      };
      const take = <T>(field: BookingImportColumn, parsed: Parsed<T>): T | undefined => {
        if (parsed.ok) return parsed.value;
        refuse(field, parsed.code);
        return undefined;
      };

      const notes = cellText(cell('notes'));
      if (exampleNotes.has(normalizeWord(notes))) {
        issues.push({ row, field: 'notes', code: 'booking_import.example_row' });
        continue;
      }

      // The property: by name or internal name, among the tenant's properties only.
      let property: ImportProperty | undefined;
      const propertyName = cellText(cell('property'));
      if (!propertyName) refuse('property', 'validation.required');
      else {
        const found = byName.get(normalizeWord(propertyName));
        if (!found) refuse('property', 'booking_import.property_not_found');
        else if (found.size > 1) refuse('property', 'booking_import.property_ambiguous');
        else property = [...found][0];
      }
      const hotel = property ? isHotelType(property.tipoPropiedad) : false;

      const start = take('arrival', parseDateCell(cell('arrival')));
      const end = take('departure', parseDateCell(cell('departure')));
      if (start !== undefined && start < BOOKING_IMPORT_MIN_DATE) {
        refuse('arrival', 'booking_import.date_too_old', { min: BOOKING_IMPORT_MIN_DATE });
      }
      const guests = take('guests', parseIntegerCell(cell('guests')));
      const price = take('price', parseMoneyCell(cell('price')));
      const channel = take('channel', parseChannelCell(cell('channel')));
      const paymentStatus = take('payment_status', parsePaymentCell(cell('payment_status')));
      const quantity = hotel ? take('rooms', parseIntegerCell(cell('rooms'), 1)) : 1;

      let roomType: RoomTypeItem | null = null;
      if (property && hotel) {
        const typeName = normalizeWord(cellText(cell('room_type')));
        if (!typeName) refuse('room_type', 'booking_import.room_type_required');
        else {
          const matches = (await typesOf(property.id)).filter((t) => normalizeWord(t.name) === typeName);
          if (matches.length === 0) refuse('room_type', 'booking_import.room_type_not_found');
          else roomType = matches[0] ?? null;
        }
      }

      const body = {
        start_date: start ?? '',
        end_date: end ?? '',
        name: cellText(cell('guest_name')),
        email: cellText(cell('email')),
        phone: parsePhoneCell(cell('phone')),
        property_id: property?.id ?? PLACEHOLDER_ID,
        number_of_guests: guests ?? 1,
        price: price ?? 0,
        room_type_id: roomType?.id ?? null,
        quantity: quantity ?? 1,
        notes,
      };
      // 1. The contract schema of POST /api/create/new-booking.
      const parsed = createBookingBody.safeParse(body);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const column = fieldColumn[String(issue.path[0])];
          if (!column) continue;
          const { code, params } = issueKey(issue as unknown as ZodLikeIssue);
          refuse(column, code, params);
        }
      }
      // 2. The domain rules of the reservation form (spec 5), with the capacity of the property or rooms.
      if (property) {
        const capacity = roomType ? (roomType.adults + roomType.children) * (quantity ?? 1) : property.guests;
        const formErrors = bookingFormErrors(
          { ...body, promotions: [], taxes: [] },
          {
            // Imported history may have arrived already: only the typo guard above limits the past.
            today: BOOKING_IMPORT_MIN_DATE,
            capacity: hotel && !roomType ? Number.MAX_SAFE_INTEGER : capacity,
            availableInstances: roomType ? roomType.rooms_count : undefined,
          },
        );
        for (const [field, code] of Object.entries(formErrors)) {
          const column = fieldColumn[field];
          if (column) refuse(column, code);
        }
      }
      // 3. A stay is at most a year (bookings.service MAX_STAY_NIGHTS).
      if (start && end && end > start && nightsBetween(start, end) > MAX_STAY_NIGHTS) {
        refuse('departure', 'booking.range_too_long');
      }

      if (rowIssues.size > 0 || !property || !parsed.success) {
        issues.push(...rowIssues.values());
        continue;
      }
      const input = parsed.data;
      candidates.push({
        row,
        property,
        hotel,
        roomType,
        quantity: hotel ? input.quantity : 1,
        start: input.start_date,
        end: input.end_date,
        name: input.name,
        email: input.email.toLowerCase(),
        phone: normalizePhone(input.phone, 'ES') ?? input.phone,
        guests: input.number_of_guests,
        price: input.price,
        channel: channel ?? 'manual',
        paymentStatus: paymentStatus ?? 'pending',
        notes: input.notes,
      });
    }
    const labels: ImportOutcome['labels'] = {};
    for (const [column, { label }] of headers.columns) labels[column] = label;
    return { issues, candidates, totalRows: dataRows.length, labels, ignored: headers.ignored };
  }

  return {
    /**
     * GET /api/bookings/import/template: the columns in `lang`, with one example row on the account's first
     * property (a hotel's first room type), arriving in 30 days for 3 nights.
     */
    async template(tenant: Tenant, format: TemplateFormat, lang: ImportLanguage): Promise<TemplateFile> {
      const [first] = await repo.listProperties(tenant.accountId);
      let roomType: string | null = null;
      if (first && isHotelType(first.tipoPropiedad)) {
        roomType = (await deps.roomTypes.listTypes(tenant, first.id))[0]?.name ?? '';
      }
      const today = todayIn(first?.timeZone ?? 'Europe/Madrid', deps.clock.now());
      return buildTemplate(format, lang, {
        property: first?.nombre ?? 'Casa Azul',
        roomType,
        capacity: first?.guests ?? 2,
        arrival: addDays(today, 30),
        departure: addDays(today, 33),
      });
    },

    /**
     * POST /api/bookings/import: reads the file (XLSX or CSV by content), checks every row and, unless it is
     * a dry run or a row was refused, writes all the bookings and their nights in one transaction.
     */
    async run(
      tenant: Tenant,
      bytes: Uint8Array,
      opts: { dryRun: boolean; lang: ImportLanguage },
    ): Promise<ImportOutcome> {
      if (bytes.length === 0) throw bookingImportErrors.fileRequired();
      let table: Awaited<ReturnType<typeof readSpreadsheet>>;
      try {
        table = await readSpreadsheet(bytes);
      } catch (error) {
        if (!(error instanceof SpreadsheetError)) throw error;
        if (error.problem === 'xls') throw bookingImportErrors.fileXls();
        if (error.problem === 'type') throw bookingImportErrors.fileType();
        throw bookingImportErrors.fileUnreadable();
      }
      const checked = await checkRows(tenant, table.rows, opts.lang);
      const readers = {
        repo,
        rooms: async (propertyId: string) => toUnits(await bookingRooms.list(tenant.accountId, propertyId)),
      };
      const { placed, issues: nightIssues } = checked.candidates.length
        ? place(checked.candidates, await plannerInput(tenant.accountId, checked.candidates, readers))
        : { placed: new Map<number, string[]>(), issues: [] };
      const issues = [...checked.issues, ...nightIssues].sort((a, b) => a.row - b.row);
      const valid = checked.candidates.filter((r) => placed.has(r.row));
      const outcome: ImportOutcome = {
        format: table.format,
        dryRun: opts.dryRun,
        totalRows: checked.totalRows,
        validRows: valid.length,
        imported: 0,
        issues,
        preview: valid.slice(0, BOOKING_IMPORT_PREVIEW_ROWS).map((r) => previewOf(r, null)),
        ignoredColumns: checked.ignored,
        labels: checked.labels,
      };
      if (opts.dryRun || issues.length > 0) return outcome;

      let codes: Map<number, string>;
      try {
        codes = await commitImport(
          deps,
          { plannerInput, place, toUnits, makeCode, bookingRooms, bulkBookings },
          tenant,
          valid,
        );
      } catch (error) {
        if (error instanceof RowsRefused) {
          const refused = new Set(error.issues.map((i) => i.row));
          return {
            ...outcome,
            issues: error.issues,
            validRows: valid.length - refused.size,
            preview: outcome.preview.filter((p) => !refused.has(p.row)),
          };
        }
        if (isUniqueViolation(error) || isDeadlock(error)) {
          throw bookingImportErrors.conflict();
        }
        throw error;
      }
      return {
        ...outcome,
        imported: valid.length,
        preview: valid
          .slice(0, BOOKING_IMPORT_PREVIEW_ROWS)
          .map((r) => previewOf(r, codes.get(r.row) ?? null)),
      };
    },
  };
}
