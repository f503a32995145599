import { randomUUID } from 'node:crypto';
import { eachNight } from '@posada/domain/booking-rules';
import { withoutEvents } from '../../events/bus.ts';
import type { Tenant } from '../../lib/tenant.ts';
import type { BookingRooms } from '../bookings/booking-rooms.service.ts';
import type { BulkBookings } from '../bookings/bulk-bookings.service.ts';
import {
  type BookingImportRepo,
  createBookingImportRepo,
  type ImportedNight,
  type NewImportedBooking,
} from './booking-import.repo.ts';
import type { BookingImportDeps, RowIssue } from './booking-import.service.ts';
import { type CandidateRow, RowsRefused } from './import-rows.ts';
import type { PlannerInput, PlanUnit } from './night-planner.ts';

/**
 * Writes checked rows in one transaction: the hotels' rooms locked, every row placed again (the nights may
 * have changed since the check), bookings with fresh codes, their unit nights, one event per property.
 */
export async function commitImport(
  deps: BookingImportDeps,
  ctx: {
    plannerInput: (
      accountId: string,
      rows: CandidateRow[],
      reader: { repo: BookingImportRepo; rooms: (propertyId: string) => Promise<PlanUnit[]> },
    ) => Promise<PlannerInput>;
    place: (
      rows: CandidateRow[],
      input: PlannerInput,
    ) => { placed: Map<number, string[]>; issues: RowIssue[] };
    toUnits: (rooms: { id: string; roomTypeId: string; name: string; status: string }[]) => PlanUnit[];
    makeCode: () => string;
    bookingRooms: BookingRooms;
    bulkBookings: BulkBookings;
  },
  tenant: Tenant,
  rows: CandidateRow[],
): Promise<Map<number, string>> {
  const { plannerInput, place, toUnits, makeCode, bookingRooms, bulkBookings } = ctx;
  const now = deps.clock.now();
  const codes = new Map<number, string>();
  await (deps.events ?? withoutEvents).transaction(deps.db, async (txDb, emit) => {
    const txRepo = createBookingImportRepo({ db: txDb });
    // The hotels' rooms stay locked until commit (FOR UPDATE, id order), as in a manual booking.
    const input = await plannerInput(tenant.accountId, rows, {
      repo: txRepo,
      rooms: async (propertyId) => toUnits(await bookingRooms.lock(tenant.accountId, propertyId, txDb)),
    });
    const { placed, issues } = place(rows, input);
    if (issues.length > 0) throw new RowsRefused(issues);

    let pending: NewImportedBooking[] = rows.map((r) => {
      const code = makeCode();
      codes.set(r.row, code);
      return {
        id: randomUUID(),
        code,
        accountId: tenant.accountId,
        propertyId: r.property.id,
        name: r.name,
        email: r.email,
        phone: r.phone,
        startDate: r.start,
        endDate: r.end,
        guests: r.guests,
        status: 'booked',
        paymentStatus: r.paymentStatus,
        channel: r.channel,
        roomTypeId: r.roomType?.id ?? null,
        quantity: r.quantity,
        roomIds: r.hotel ? (placed.get(r.row) ?? []) : [],
        currency: r.property.currency,
        price: r.price,
        total: r.price,
        notes: r.notes,
        createdAt: now,
        updatedAt: now,
      };
    });
    const rowOf = new Map(pending.map((b, i) => [b.id, rows[i] as CandidateRow]));
    const ids = new Map(pending.map((b) => [rowOf.get(b.id)?.row ?? 0, b.id]));
    // A code the account already uses is drawn again for those rows only.
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt === 8) throw new Error('no free booking codes after 8 attempts');
      const clashed = new Set(await bulkBookings.insertBookings(pending, txDb));
      pending = pending
        .filter((b) => clashed.has(b.id))
        .map((b) => {
          const code = makeCode();
          codes.set(rowOf.get(b.id)?.row ?? 0, code);
          return { ...b, code };
        });
    }

    const nights: ImportedNight[] = [];
    for (const r of rows) {
      const bookingId = ids.get(r.row) ?? '';
      const units = placed.get(r.row) ?? [];
      for (const unitId of units) {
        for (const night of eachNight(r.start, r.end)) {
          nights.push({
            unitId,
            night,
            accountId: tenant.accountId,
            propertyId: r.property.id,
            roomId: r.hotel ? unitId : null,
            bookingId,
          });
        }
      }
    }
    await bulkBookings.insertNights(nights, txDb);
    for (const propertyId of new Set(rows.map((r) => r.property.id)))
      await emit(tenant.accountId, 'bookings.imported', { property_id: propertyId });
  });
  return codes;
}
