import type { ClosedDates } from '@posada/contracts/closed-dates';
import { isHotelType } from '@posada/domain/property-types';
import type { Clock } from '../../lib/clock.ts';
import { isDeadlock, isUniqueViolation } from '../../lib/db-errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { bookingsErrors } from './bookings.errors.ts';
import type { BookingsRepo, ClosedDateRow, PropertyInfo } from './bookings.repo.ts';

import { MAX_RANGE_NIGHTS, type StayPlanning } from './stay-planning.ts';

const toClosedDates = (row: ClosedDateRow): ClosedDates => ({
  id: row.id,
  property_id: row.propertyId,
  room_id: row.roomId,
  start_date: row.startDate,
  end_date: row.endDate,
  reason: row.reason,
});

/** Closed dates (spec 3): nights of a property or of one hotel room that cannot be sold. */
export function createClosedDatesService(deps: { clock: Clock }, planning: StayPlanning) {
  const { repo, transaction, ownedProperty, checkRange, nightRows } = planning;
  return {
    assertClosedDate: async (tenant: Tenant, id: string) => {
      const row = isUuid(id) ? await repo.findClosedDate(tenant.accountId, id) : null;
      if (!row) throw bookingsErrors.closedDateNotFound();
    },

    /**
     * Closes [start, end) on one room of a hotel, or on the whole property (every room of a hotel). A night
     * already sold or closed: 409 booking.dates_taken.
     */
    async createClosedDates(
      tenant: Tenant,
      body: {
        property_id: string;
        room_id?: string | null;
        start_date: string;
        end_date: string;
        reason: string;
      },
    ): Promise<ClosedDates> {
      const property = await ownedProperty(tenant, body.property_id);
      checkRange(body.start_date, body.end_date, MAX_RANGE_NIGHTS);
      const roomId = await closureRoom(tenant, property, body.room_id);
      let row: ClosedDateRow;
      try {
        row = await transaction(async (tx) => {
          const units = await closureUnits(tx, tenant, property, roomId);
          const closed = await tx.insertClosedDate({
            accountId: tenant.accountId,
            propertyId: property.id,
            roomId,
            startDate: body.start_date,
            endDate: body.end_date,
            reason: body.reason,
            createdAt: deps.clock.now(),
          });
          await tx.insertNights(
            nightRows(tenant, property.id, units, body.start_date, body.end_date, {
              closedDateId: closed.id,
            }),
          );
          await tx.emit(tenant.accountId, 'closed_dates.changed', { property_id: property.id });
          return closed;
        });
      } catch (error) {
        if (isUniqueViolation(error) || isDeadlock(error)) throw bookingsErrors.datesTaken();
        throw error;
      }
      return toClosedDates(row);
    },

    async updateClosedDates(
      tenant: Tenant,
      id: string,
      body: {
        property_id: string;
        room_id?: string | null;
        start_date: string;
        end_date: string;
        reason: string;
      },
    ): Promise<ClosedDates> {
      const existing = isUuid(id) ? await repo.findClosedDate(tenant.accountId, id) : null;
      if (!existing) throw bookingsErrors.closedDateNotFound();
      const property = await ownedProperty(tenant, body.property_id);
      checkRange(body.start_date, body.end_date, MAX_RANGE_NIGHTS);
      const roomId = await closureRoom(tenant, property, body.room_id);
      let row: ClosedDateRow;
      try {
        row = await transaction(async (tx) => {
          if (!(await tx.findClosedDate(tenant.accountId, id, { lock: true }))) {
            throw bookingsErrors.closedDateNotFound();
          }
          const units = await closureUnits(tx, tenant, property, roomId);
          await tx.deleteClosedDateNights(id);
          const updated = await tx.updateClosedDate(tenant.accountId, id, {
            propertyId: property.id,
            roomId,
            startDate: body.start_date,
            endDate: body.end_date,
            reason: body.reason,
          });
          if (!updated) throw bookingsErrors.closedDateNotFound();
          await tx.insertNights(
            nightRows(tenant, property.id, units, body.start_date, body.end_date, { closedDateId: id }),
          );
          await tx.emit(tenant.accountId, 'closed_dates.changed', { property_id: property.id });
          if (existing.propertyId !== property.id)
            await tx.emit(tenant.accountId, 'closed_dates.changed', { property_id: existing.propertyId });
          return updated;
        });
      } catch (error) {
        if (isUniqueViolation(error) || isDeadlock(error)) throw bookingsErrors.datesTaken();
        throw error;
      }
      return toClosedDates(row);
    },

    /** Deleting a closure frees its nights (the unit_nights rows go with it). */
    async deleteClosedDates(tenant: Tenant, id: string): Promise<{ id: string }> {
      const existing = isUuid(id) ? await repo.findClosedDate(tenant.accountId, id) : null;
      if (!existing) throw bookingsErrors.closedDateNotFound();
      await transaction(async (tx) => {
        if (!(await tx.deleteClosedDate(tenant.accountId, id))) throw bookingsErrors.closedDateNotFound();
        await tx.emit(tenant.accountId, 'closed_dates.changed', { property_id: existing.propertyId });
      });
      return { id };
    },
  };

  /** The room a closure is on: a room of this hotel, or none (the whole property). */
  async function closureRoom(
    tenant: Tenant,
    property: PropertyInfo,
    roomId: string | null | undefined,
  ): Promise<string | null> {
    if (!roomId) return null;
    const room = isHotelType(property.tipoPropiedad) ? await repo.findRoom(tenant.accountId, roomId) : null;
    if (!room || room.propertyId !== property.id) throw bookingsErrors.roomNotFound();
    return room.id;
  }

  /** The units a closure holds, their rooms locked (id order) until the transaction ends. */
  async function closureUnits(
    tx: BookingsRepo,
    tenant: Tenant,
    property: PropertyInfo,
    roomId: string | null,
  ): Promise<{ unitId: string; roomId: string | null }[]> {
    if (!isHotelType(property.tipoPropiedad)) return [{ unitId: property.id, roomId: null }];
    const locked = await tx.lockRooms(tenant.accountId, property.id, roomId ? { roomIds: [roomId] } : {});
    if (roomId && locked.length === 0) throw bookingsErrors.roomNotFound();
    return locked.map((r) => ({ unitId: r.id, roomId: r.id }));
  }
}
