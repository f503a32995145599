import type { Availability } from '@posada/contracts/availability';
import type { RoomTypeItem } from '@posada/contracts/property-rooms';
import { eachNight, nightsBetween } from '@posada/domain/booking-rules';
import { isHotelType } from '@posada/domain/property-types';
import type { Db } from '../../db/client.ts';
import { type Emit, type EventProducer, withoutEvents } from '../../events/bus.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import { bookingsErrors } from './bookings.errors.ts';
import {
  type BookingRow,
  type BookingsRepo,
  createBookingsRepo,
  type NewUnitNight,
  type PropertyInfo,
  type RoomInfo,
} from './bookings.repo.ts';

/** A stay is at most a year; closures and price ranges at most two (they are one row per unit and night). */
export const MAX_STAY_NIGHTS = 365;
export const MAX_RANGE_NIGHTS = 731;

/** What the parts of the bookings module need to plan and write a stay. */
export interface StayPlanningDeps {
  db: Db;
  roomTypes: { listTypes(tenant: Tenant, propertyId: string): Promise<RoomTypeItem[]> };
  /** Every change records its domain event (docs/events.md) in its transaction. */
  events?: EventProducer;
}

/** A transaction's repo, its database handle (for the bell) and its event recorder. */
export type BookingsTx = BookingsRepo & { db: Db; emit: Emit };

const naturalOrder = (a: RoomInfo, b: RoomInfo) =>
  a.name.localeCompare(b.name, 'es', { numeric: true, sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** How a booking of a property is sold: the whole property, or `quantity` rooms of a type. */
export interface SalePlan {
  hotel: boolean;
  roomTypeId: string | null;
  quantity: number;
  /** spec 5: the guest cap (property guests; per-room adults + children × rooms). */
  capacity: number;
  /** night_prices key: the property or the room type. */
  unitKey: string;
}

/**
 * What bookings, availability and quotes, closed dates and night prices share: the tenant checks, the sale
 * plan of a stay, room allocation, the unit_nights rows and the transaction that records events.
 */
export function createStayPlanning(deps: StayPlanningDeps) {
  const repo = createBookingsRepo({ db: deps.db });
  /** A transaction whose repo also writes the bell and records events (published after the commit). */
  const transaction = <T>(work: (tx: BookingsTx) => Promise<T>): Promise<T> =>
    (deps.events ?? withoutEvents).transaction(deps.db, (db, emit) =>
      work({ ...createBookingsRepo({ db }), db, emit }),
    );

  const ownedProperty = async (tenant: Tenant, id: string): Promise<PropertyInfo> => {
    const row = isUuid(id) ? await repo.findProperty(tenant.accountId, id) : null;
    if (!row) throw bookingsErrors.propertyNotFound();
    return row;
  };

  const ownedBooking = async (tenant: Tenant, id: string): Promise<BookingRow> => {
    const row = isUuid(id) ? await repo.findBooking(tenant.accountId, id) : null;
    if (!row) throw bookingsErrors.notFound();
    return row;
  };

  const roomTypeOf = async (tenant: Tenant, propertyId: string, roomTypeId: string) => {
    const type = (await deps.roomTypes.listTypes(tenant, propertyId)).find((t) => t.id === roomTypeId);
    if (!type) throw bookingsErrors.roomTypeNotFound();
    return type;
  };

  const checkRange = (start: string, end: string, max: number) => {
    if (nightsBetween(start, end) > max) throw bookingsErrors.rangeTooLong();
  };

  const salePlan = async (
    tenant: Tenant,
    property: PropertyInfo,
    roomTypeId: string | null | undefined,
    quantity: number,
  ): Promise<SalePlan> => {
    if (!isHotelType(property.tipoPropiedad)) {
      return { hotel: false, roomTypeId: null, quantity: 1, capacity: property.guests, unitKey: property.id };
    }
    if (!roomTypeId) throw bookingsErrors.roomTypeRequired();
    const type = await roomTypeOf(tenant, property.id, roomTypeId);
    if (quantity > type.rooms_count) throw bookingsErrors.quantityMax();
    return {
      hotel: true,
      roomTypeId,
      quantity,
      capacity: (type.adults + type.children) * quantity,
      unitKey: roomTypeId,
    };
  };

  /** Stop-sell on any night refuses the stay; the arrival night's minimum stay must be met (spec 5). */
  const checkRestrictions = async (plan: SalePlan, start: string, end: string, taken: () => Error) => {
    const settings = await repo.nightSettings(plan.unitKey, start, end);
    if (settings.some((s) => s.stopSell)) throw taken();
    const arrival = settings.find((s) => s.night === start);
    if (arrival && arrival.minStay > nightsBetween(start, end)) throw bookingsErrors.minStay();
  };

  /**
   * Inside a transaction: lock the type's rooms, then pick `quantity` rooms that are not in maintenance
   * and free on every night, the booking's current rooms first, then by name. Null when too few are free.
   */
  const allocateRooms = async (
    tx: BookingsRepo,
    tenant: Tenant,
    propertyId: string,
    plan: SalePlan,
    start: string,
    end: string,
    prefer: string[] = [],
  ): Promise<string[] | null> => {
    const locked = await tx.lockRooms(tenant.accountId, propertyId, { roomTypeId: plan.roomTypeId ?? '' });
    const sellable = locked.filter((r) => r.status !== 'maintenance');
    const blocked = await tx.blockedUnits(
      sellable.map((r) => r.id),
      start,
      end,
    );
    const free = sellable
      .filter((r) => !blocked.has(r.id))
      .sort((a, b) => {
        const pa = prefer.includes(a.id) ? 0 : 1;
        const pb = prefer.includes(b.id) ? 0 : 1;
        return pa - pb || naturalOrder(a, b);
      });
    if (free.length < plan.quantity) return null;
    return free.slice(0, plan.quantity).map((r) => r.id);
  };

  const nightRows = (
    tenant: Tenant,
    propertyId: string,
    units: { unitId: string; roomId: string | null }[],
    start: string,
    end: string,
    owner: { bookingId: string } | { closedDateId: string },
  ): NewUnitNight[] => {
    const nights = eachNight(start, end);
    return units.flatMap(({ unitId, roomId }) =>
      nights.map((night) => ({
        unitId,
        night,
        accountId: tenant.accountId,
        propertyId,
        roomId,
        bookingId: 'bookingId' in owner ? owner.bookingId : null,
        closedDateId: 'closedDateId' in owner ? owner.closedDateId : null,
      })),
    );
  };

  const bookingUnits = (plan: SalePlan, propertyId: string, roomIds: string[]) =>
    plan.hotel ? roomIds.map((id) => ({ unitId: id, roomId: id })) : [{ unitId: propertyId, roomId: null }];

  const availabilityOf = async (
    tenant: Tenant,
    property: PropertyInfo,
    start: string,
    end: string,
    roomTypeId: string | null | undefined,
    excludeBookingId: string | null,
  ): Promise<Availability> => {
    const nights = nightsBetween(start, end);
    if (!isHotelType(property.tipoPropiedad)) {
      const settings = await repo.nightSettings(property.id, start, end);
      const minStay = settings.find((s) => s.night === start)?.minStay ?? 1;
      const blocked = (await repo.blockedUnits([property.id], start, end, excludeBookingId)).get(property.id);
      let reason: Availability['reason'] = null;
      if (blocked) reason = blocked.booked ? 'dates_taken' : 'closed';
      else if (settings.some((s) => s.stopSell)) reason = 'closed';
      else if (minStay > nights) reason = 'min_stay';
      return {
        available: reason === null,
        available_instances: reason === null ? 1 : 0,
        reason,
        min_stay: minStay,
      };
    }

    const types = roomTypeId
      ? [await roomTypeOf(tenant, property.id, roomTypeId)]
      : await deps.roomTypes.listTypes(tenant, property.id);
    const rooms = (await repo.listRooms(tenant.accountId, property.id, roomTypeId)).filter(
      (r) => r.status !== 'maintenance',
    );
    const blocked = await repo.blockedUnits(
      rooms.map((r) => r.id),
      start,
      end,
      excludeBookingId,
    );
    let instances = 0;
    let stopped = 0;
    let shortStay = false;
    const minStays: number[] = [];
    for (const type of types) {
      const settings = await repo.nightSettings(type.id, start, end);
      const minStay = settings.find((s) => s.night === start)?.minStay ?? 1;
      minStays.push(minStay);
      if (settings.some((s) => s.stopSell)) {
        stopped += 1;
        continue;
      }
      const free = rooms.filter((r) => r.roomTypeId === type.id && !blocked.has(r.id)).length;
      if (minStay > nights) shortStay ||= free > 0;
      else instances += free;
    }
    const minStay = minStays.length > 0 ? Math.min(...minStays) : 1;
    const blocks = [...blocked.values()];
    let reason: Availability['reason'] = null;
    if (instances === 0) {
      if (shortStay) reason = 'min_stay';
      else if (stopped > 0 && stopped === types.length) reason = 'closed';
      else if (blocks.some((b) => b.booked)) reason = 'dates_taken';
      else if (stopped > 0 || blocks.some((b) => b.closed) || rooms.length === 0) reason = 'closed';
      else reason = 'dates_taken';
    }
    return { available: instances > 0, available_instances: instances, reason, min_stay: minStay };
  };

  return {
    repo,
    transaction,
    ownedProperty,
    ownedBooking,
    roomTypeOf,
    checkRange,
    salePlan,
    checkRestrictions,
    allocateRooms,
    nightRows,
    bookingUnits,
    availabilityOf,
  };
}

export type StayPlanning = ReturnType<typeof createStayPlanning>;
