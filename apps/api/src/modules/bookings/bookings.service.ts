import type { Availability, CalculatedPrice } from '@posada/contracts/availability';
import type {
  Booking,
  BookingDetail,
  BookingsPage,
  CreateBookingInput,
  UpdateBookingInput,
} from '@posada/contracts/bookings';
import type { ClosedDates } from '@posada/contracts/closed-dates';
import type { NightPricesData } from '@posada/contracts/night-prices';
import type { Currency } from '@posada/contracts/properties';
import type { Rate, RoomTypeItem } from '@posada/contracts/property-rooms';
import {
  bookingTotal,
  eachNight,
  isExternalChannel,
  nightsBetween,
  type PriceLine,
  todayIn,
} from '@posada/domain/booking-rules';
import { normalizePhone } from '@posada/domain/phone';
import { isHotelType } from '@posada/domain/property-types';
import type { Db } from '../../db/client.ts';
import type { NotificationKind } from '../../db/schema/bookings.ts';
import { type Emit, type EventProducer, withoutEvents } from '../../events/bus.ts';
import type { BookingChange } from '../../events/types.ts';
import type { Clock } from '../../lib/clock.ts';
import { isDeadlock, isUniqueViolation } from '../../lib/db-errors.ts';
import { commonErrors } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';
import type { Tenant } from '../../lib/tenant.ts';
import {
  createNotificationsService,
  type NotificationsService,
} from '../notifications/notifications.service.ts';
import { newBookingCode } from './booking-code.ts';
import { bookingsErrors } from './bookings.errors.ts';
import {
  type BookingListRow,
  type BookingRow,
  type BookingsListQuery,
  type BookingsRepo,
  type ClosedDateRow,
  createBookingsRepo,
  type NewUnitNight,
  type PropertyInfo,
  type RoomInfo,
} from './bookings.repo.ts';

/** A stay is at most a year; closures and price ranges at most two (they are one row per unit and night). */
export const MAX_STAY_NIGHTS = 365;
export const MAX_RANGE_NIGHTS = 731;

/** What the bookings module needs from the rooms and rates services of issue 3 (modules/properties). */
export interface BookingsDeps {
  db: Db;
  clock: Clock;
  roomTypes: { listTypes(tenant: Tenant, propertyId: string): Promise<RoomTypeItem[]> };
  rates: { list(tenant: Tenant, propertyId: string): Promise<Rate[]> };
  /** Every change records its domain event (docs/events.md) in its transaction. */
  events?: EventProducer;
  /** The bell (booking new, update, cancel); defaults to one on `db`. */
  notifications?: NotificationsService;
  /** Booking codes; tests pass a fixed sequence. */
  makeCode?: () => string;
}

export type BookingsService = ReturnType<typeof createBookingsService>;

/** A transaction's repo, its database handle (for the bell) and its event recorder. */
type BookingsTx = BookingsRepo & { db: Db; emit: Emit };

const cleanLines = (lines: PriceLine[]): PriceLine[] =>
  lines.map((l) => ({ description: l.description, price: l.price }));
const sum = (lines: PriceLine[]) => lines.reduce((acc, l) => acc + l.price, 0);
const naturalOrder = (a: RoomInfo, b: RoomInfo) =>
  a.name.localeCompare(b.name, 'es', { numeric: true, sensitivity: 'base' }) || a.id.localeCompare(b.id);

export function toBooking(row: BookingListRow, roomNames: Map<string, string>): Booking {
  const b = row.booking;
  return {
    id: b.id,
    code: b.code,
    property_id: b.propertyId,
    property_title: row.propertyTitle,
    name: b.name,
    email: b.email,
    phone: b.phone,
    start_date: b.startDate,
    end_date: b.endDate,
    nights: nightsBetween(b.startDate, b.endDate),
    number_of_guests: b.guests,
    status: b.status,
    payment_status: b.paymentStatus,
    paused: b.paused,
    channel: b.channel,
    external: isExternalChannel(b.channel),
    room_type_id: b.roomTypeId,
    room_type_name: row.roomTypeName,
    quantity: b.quantity,
    rooms: b.roomIds.flatMap((id) => {
      const name = roomNames.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    currency: b.currency as Currency,
    price: b.price,
    promotions: b.promotions,
    taxes: b.taxes,
    subtotal: b.price - sum(b.promotions),
    total: b.total,
    deposit: b.deposit,
    notes: b.notes,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}

export function toBookingDetail(row: BookingListRow, roomNames: Map<string, string>): BookingDetail {
  const booking = toBooking(row, roomNames);
  return {
    ...booking,
    nombre: booking.name,
    telefono: booking.phone,
    cantidad_huesped: booking.number_of_guests,
    propiedad_id: booking.property_id,
    fecha_ingreso: booking.start_date,
    fecha_salida: booking.end_date,
  };
}

const toClosedDates = (row: ClosedDateRow): ClosedDates => ({
  id: row.id,
  property_id: row.propertyId,
  room_id: row.roomId,
  start_date: row.startDate,
  end_date: row.endDate,
  reason: row.reason,
});

/** How a booking of a property is sold: the whole property, or `quantity` rooms of a type. */
interface SalePlan {
  hotel: boolean;
  roomTypeId: string | null;
  quantity: number;
  /** spec 5: the guest cap (property guests; per-room adults + children × rooms). */
  capacity: number;
  /** night_prices key: the property or the room type. */
  unitKey: string;
}

/**
 * Bookings, availability, prices and closed dates (issue 4; spec 3, 4, 5, 7, 8). No night is ever sold
 * twice: each sold or closed night is a row of unit_nights whose primary key (unit, night) refuses a second
 * writer (docs/decisions.md). Every query is scoped to the caller's account; another account's ids are 404.
 */
export function createBookingsService(deps: BookingsDeps) {
  const repo = createBookingsRepo({ db: deps.db });
  const makeCode = deps.makeCode ?? (() => newBookingCode());
  const notifications = deps.notifications ?? createNotificationsService({ db: deps.db, clock: deps.clock });
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

  const notify = (tx: BookingsTx, kind: NotificationKind, booking: BookingRow, propertyTitle: string) =>
    notifications.create(
      {
        accountId: booking.accountId,
        propertyId: booking.propertyId,
        kind,
        title: `${booking.code} · ${booking.name}`,
        body: `${propertyTitle} · ${booking.startDate} → ${booking.endDate}`,
        relationId: booking.id,
      },
      tx.db,
    );

  const changedBooking = (tx: BookingsTx, row: BookingRow, change: BookingChange) =>
    tx.emit(row.accountId, 'booking.changed', { booking_id: row.id, property_id: row.propertyId, change });

  const detail = async (tenant: Tenant, id: string): Promise<BookingDetail> => {
    const row = await repo.findBookingWithNames(tenant.accountId, id);
    if (!row) throw bookingsErrors.notFound();
    return toBookingDetail(row, await repo.roomNames(tenant.accountId, row.booking.roomIds));
  };

  /** The payload's guest fields as stored: trimmed, the phone in E.164 when it parses (default ES). */
  const guestColumns = (body: CreateBookingInput) => ({
    name: body.name,
    email: body.email.toLowerCase(),
    phone: normalizePhone(body.phone, 'ES') ?? body.phone,
    guests: body.number_of_guests,
    price: body.price,
    promotions: cleanLines(body.promotions),
    taxes: cleanLines(body.taxes),
    total: bookingTotal(body.price, body.promotions, body.taxes),
    notes: body.notes,
  });

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
    /** 404 unless the booking is the tenant's (routes call it before validating a body). */
    assertBooking: async (tenant: Tenant, id: string) => {
      await ownedBooking(tenant, id);
    },
    assertClosedDate: async (tenant: Tenant, id: string) => {
      const row = isUuid(id) ? await repo.findClosedDate(tenant.accountId, id) : null;
      if (!row) throw bookingsErrors.closedDateNotFound();
    },

    get: (tenant: Tenant, id: string) =>
      isUuid(id) ? detail(tenant, id) : Promise.reject(bookingsErrors.notFound()),

    async list(tenant: Tenant, q: BookingsListQuery): Promise<BookingsPage> {
      if (q.property_id) await ownedProperty(tenant, q.property_id);
      const { items, total } = await repo.list(tenant.accountId, q);
      const names = await repo.roomNames(tenant.accountId, [
        ...new Set(items.flatMap((i) => i.booking.roomIds)),
      ]);
      return { items: items.map((i) => toBooking(i, names)), total, page: q.page, page_size: q.page_size };
    },

    /**
     * POST /api/create/new-booking: status booked; arrival not before today in the property's time zone;
     * guests within capacity; for hotels `quantity` free rooms of the type; the nights inserted in the same
     * transaction, so a concurrent booking of the same night fails with 409 booking.dates_taken.
     */
    async create(tenant: Tenant, body: CreateBookingInput): Promise<BookingDetail> {
      const property = await ownedProperty(tenant, body.property_id);
      if (body.start_date < todayIn(property.timeZone, deps.clock.now())) throw bookingsErrors.arrivalPast();
      checkRange(body.start_date, body.end_date, MAX_STAY_NIGHTS);
      const plan = await salePlan(tenant, property, body.room_type_id, body.quantity);
      if (body.number_of_guests > plan.capacity) throw bookingsErrors.guestsMax();
      await checkRestrictions(plan, body.start_date, body.end_date, bookingsErrors.datesTaken);

      const now = deps.clock.now();
      let created: BookingRow;
      try {
        created = await transaction(async (tx) => {
          let roomIds: string[] = [];
          if (plan.hotel) {
            const rooms = await allocateRooms(tx, tenant, property.id, plan, body.start_date, body.end_date);
            if (!rooms) throw bookingsErrors.datesTaken();
            roomIds = rooms;
          }
          const booking = await tx.insertBooking(
            {
              accountId: tenant.accountId,
              propertyId: property.id,
              ...guestColumns(body),
              startDate: body.start_date,
              endDate: body.end_date,
              status: 'booked',
              channel: 'manual',
              roomTypeId: plan.roomTypeId,
              quantity: plan.quantity,
              roomIds,
              currency: property.currency,
              createdAt: now,
              updatedAt: now,
            },
            makeCode,
          );
          await tx.insertNights(
            nightRows(
              tenant,
              property.id,
              bookingUnits(plan, property.id, roomIds),
              body.start_date,
              body.end_date,
              {
                bookingId: booking.id,
              },
            ),
          );
          await notify(tx, 'booking_new', booking, property.nombre);
          await tx.emit(tenant.accountId, 'booking.created', {
            booking_id: booking.id,
            property_id: property.id,
          });
          return booking;
        });
      } catch (error) {
        if (isUniqueViolation(error) || isDeadlock(error)) throw bookingsErrors.datesTaken();
        throw error;
      }
      return detail(tenant, created.id);
    },

    /**
     * PUT /api/update/booking/{id}: every field; status booked. Only when the dates, the property, the room
     * type or the quantity changed (or the booking was cancelled) are the nights checked and rewritten,
     * atomically: 409 booking.new_dates_taken when they are not free.
     */
    async update(tenant: Tenant, id: string, body: UpdateBookingInput): Promise<BookingDetail> {
      const current = await ownedBooking(tenant, id);
      if (body.id !== id) throw commonErrors.invalid({ id: ['validation.invalid'] });
      const property = await ownedProperty(tenant, body.property_id);
      const today = todayIn(property.timeZone, deps.clock.now());
      if (body.start_date !== current.startDate && body.start_date < today)
        throw bookingsErrors.arrivalPast();
      checkRange(body.start_date, body.end_date, MAX_STAY_NIGHTS);
      // A hotel booking edited without naming its type keeps the type it has.
      const roomTypeId =
        body.room_type_id ?? (property.id === current.propertyId ? current.roomTypeId : null);
      const plan = await salePlan(tenant, property, roomTypeId, body.quantity);
      if (body.number_of_guests > plan.capacity) throw bookingsErrors.guestsMax();
      const datesChanged = body.start_date !== current.startDate || body.end_date !== current.endDate;
      const rebook =
        current.status === 'cancelled' ||
        datesChanged ||
        property.id !== current.propertyId ||
        plan.roomTypeId !== current.roomTypeId ||
        plan.quantity !== current.quantity;
      if (rebook) await checkRestrictions(plan, body.start_date, body.end_date, bookingsErrors.newDatesTaken);

      try {
        await transaction(async (tx) => {
          const locked = await tx.findBooking(tenant.accountId, id, { lock: true });
          if (!locked) throw bookingsErrors.notFound();
          let roomIds = locked.roomIds;
          if (rebook) {
            await tx.deleteBookingNights(id);
            roomIds = [];
            if (plan.hotel) {
              const rooms = await allocateRooms(
                tx,
                tenant,
                property.id,
                plan,
                body.start_date,
                body.end_date,
                locked.roomIds,
              );
              if (!rooms) throw bookingsErrors.newDatesTaken();
              roomIds = rooms;
            }
            await tx.insertNights(
              nightRows(
                tenant,
                property.id,
                bookingUnits(plan, property.id, roomIds),
                body.start_date,
                body.end_date,
                {
                  bookingId: id,
                },
              ),
            );
          }
          const row = await tx.updateBooking(tenant.accountId, id, {
            propertyId: property.id,
            ...guestColumns(body),
            startDate: body.start_date,
            endDate: body.end_date,
            status: 'booked',
            roomTypeId: plan.roomTypeId,
            quantity: plan.quantity,
            roomIds,
            currency: property.currency,
            updatedAt: deps.clock.now(),
          });
          if (!row) throw bookingsErrors.notFound();
          await notify(tx, 'booking_update', row, property.nombre);
          await tx.emit(tenant.accountId, 'booking.changed', {
            booking_id: id,
            property_id: property.id,
            change: 'stay',
            ...(property.id !== current.propertyId ? { previous_property_id: current.propertyId } : {}),
          });
        });
      } catch (error) {
        if (isUniqueViolation(error) || isDeadlock(error)) throw bookingsErrors.newDatesTaken();
        throw error;
      }
      return detail(tenant, id);
    },

    /**
     * POST /api/booking/cancelled: status cancelled and the nights freed. An external-channel booking is
     * refused (409 booking.external_not_cancellable, spec 4). Cancelling a cancelled booking changes nothing.
     */
    async cancel(tenant: Tenant, id: string): Promise<BookingDetail> {
      await ownedBooking(tenant, id);
      await transaction(async (tx) => {
        const row = await tx.findBooking(tenant.accountId, id, { lock: true });
        if (!row) throw bookingsErrors.notFound();
        if (isExternalChannel(row.channel)) throw bookingsErrors.externalNotCancellable();
        if (row.status === 'cancelled') return null;
        const updated = await tx.updateBooking(tenant.accountId, id, {
          status: 'cancelled',
          updatedAt: deps.clock.now(),
        });
        await tx.deleteBookingNights(id);
        const property = await tx.findProperty(tenant.accountId, row.propertyId);
        if (updated) {
          await notify(tx, 'booking_cancel', updated, property?.nombre ?? '');
          await tx.emit(tenant.accountId, 'booking.cancelled', {
            booking_id: id,
            property_id: updated.propertyId,
          });
        }
      });
      return detail(tenant, id);
    },

    /** Paused bookings get no automatic check-in message (spec 4); activating restores it. */
    async setPaused(tenant: Tenant, id: string, paused: boolean): Promise<BookingDetail> {
      await ownedBooking(tenant, id);
      await transaction(async (tx) => {
        const row = await tx.updateBooking(tenant.accountId, id, { paused, updatedAt: deps.clock.now() });
        if (!row) throw bookingsErrors.notFound();
        await changedBooking(tx, row, 'paused');
      });
      return detail(tenant, id);
    },

    /** spec 4 Reservation payment: pending or paid, changed by hand. */
    async setPaymentStatus(
      tenant: Tenant,
      id: string,
      paymentStatus: BookingRow['paymentStatus'],
    ): Promise<BookingDetail> {
      await ownedBooking(tenant, id);
      await transaction(async (tx) => {
        const row = await tx.updateBooking(tenant.accountId, id, {
          paymentStatus,
          updatedAt: deps.clock.now(),
        });
        if (!row) throw bookingsErrors.notFound();
        await changedBooking(tx, row, 'payment');
      });
      return detail(tenant, id);
    },

    /**
     * Hotel calendar "change room": one of the booking's rooms is replaced by another room of the same
     * property that is not in maintenance and free on every night of the stay. A booking of one room takes
     * the new room's type.
     */
    async changeRoom(
      tenant: Tenant,
      id: string,
      body: { from_room_id: string; to_room_id: string },
    ): Promise<BookingDetail> {
      const booking = await ownedBooking(tenant, id);
      const property = await ownedProperty(tenant, booking.propertyId);
      if (!isHotelType(property.tipoPropiedad)) throw bookingsErrors.notHotel();
      const target = await repo.findRoom(tenant.accountId, body.to_room_id);
      if (!target || target.propertyId !== booking.propertyId) throw bookingsErrors.roomNotFound();
      if (booking.status === 'cancelled') throw bookingsErrors.cancelled();
      if (!booking.roomIds.includes(body.from_room_id)) throw bookingsErrors.roomNotInBooking();
      if (body.from_room_id === body.to_room_id) return detail(tenant, id);

      try {
        await transaction(async (tx) => {
          const row = await tx.findBooking(tenant.accountId, id, { lock: true });
          if (!row) throw bookingsErrors.notFound();
          if (row.status === 'cancelled') throw bookingsErrors.cancelled();
          if (!row.roomIds.includes(body.from_room_id)) throw bookingsErrors.roomNotInBooking();
          const locked = await tx.lockRooms(tenant.accountId, row.propertyId, {
            roomIds: [body.from_room_id, body.to_room_id],
          });
          const to = locked.find((r) => r.id === body.to_room_id);
          if (!to) throw bookingsErrors.roomNotFound();
          if (to.status === 'maintenance') throw bookingsErrors.roomMaintenance();
          if ((await tx.blockedUnits([to.id], row.startDate, row.endDate)).size > 0) {
            throw bookingsErrors.datesTaken();
          }
          await tx.deleteBookingNights(id, body.from_room_id);
          await tx.insertNights(
            nightRows(
              tenant,
              row.propertyId,
              [{ unitId: to.id, roomId: to.id }],
              row.startDate,
              row.endDate,
              {
                bookingId: id,
              },
            ),
          );
          await tx.updateBooking(tenant.accountId, id, {
            roomIds: row.roomIds.map((r) => (r === body.from_room_id ? to.id : r)),
            roomTypeId: row.quantity === 1 ? to.roomTypeId : row.roomTypeId,
            updatedAt: deps.clock.now(),
          });
          await changedBooking(tx, row, 'room');
        });
      } catch (error) {
        if (isUniqueViolation(error) || isDeadlock(error)) throw bookingsErrors.datesTaken();
        throw error;
      }
      return detail(tenant, id);
    },

    /**
     * Whether a range can be booked (spec 5: on create, and on update when dates or property changed). Hotels:
     * free rooms of the type for the whole range (available_instances), 0 on a stop-sell night.
     */
    async availability(
      tenant: Tenant,
      body: {
        property_id: string;
        start_date: string;
        end_date: string;
        room_type_id?: string | null;
        exclude_booking_id?: string;
      },
    ): Promise<Availability> {
      const property = await ownedProperty(tenant, body.property_id);
      checkRange(body.start_date, body.end_date, MAX_STAY_NIGHTS);
      let exclude: string | null = null;
      if (body.exclude_booking_id) exclude = (await ownedBooking(tenant, body.exclude_booking_id)).id;
      return availabilityOf(tenant, property, body.start_date, body.end_date, body.room_type_id, exclude);
    },

    /**
     * POST /api/calculate-apartment-price: each night's own price (night_prices), else the base price: the
     * property's price_night (apartments, villas; else its cheapest property-wide rate) or, for a room type,
     * its cheapest rate; times the rooms. A hotel without a room type: its cheapest rate, one room.
     */
    async calculatePrice(
      tenant: Tenant,
      body: {
        property_id: string;
        start_date: string;
        end_date: string;
        room_type_id?: string | null;
        quantity: number;
      },
    ): Promise<CalculatedPrice> {
      const property = await ownedProperty(tenant, body.property_id);
      checkRange(body.start_date, body.end_date, MAX_RANGE_NIGHTS);
      const hotel = isHotelType(property.tipoPropiedad);
      const rates = await deps.rates.list(tenant, property.id);
      const cheapest = (list: Rate[]) => (list.length > 0 ? Math.min(...list.map((r) => r.price)) : null);
      const propertyWide = cheapest(rates.filter((r) => r.room_type_id === null));
      let base: number;
      let plan: Pick<SalePlan, 'unitKey' | 'quantity'>;
      if (hotel && body.room_type_id) {
        plan = await salePlan(tenant, property, body.room_type_id, body.quantity);
        const typeRates = rates.filter((r) => r.room_type_id === body.room_type_id);
        base = cheapest(typeRates) ?? propertyWide ?? property.priceNight ?? 0;
      } else if (hotel) {
        // The spec 7 payload names no room type: the hotel's "from" price, one room.
        plan = { unitKey: property.id, quantity: 1 };
        base = propertyWide ?? cheapest(rates) ?? property.priceNight ?? 0;
      } else {
        plan = { unitKey: property.id, quantity: 1 };
        base = property.priceNight ?? propertyWide ?? 0;
      }
      const own = new Map(
        (await repo.nightSettings(plan.unitKey, body.start_date, body.end_date)).map((s) => [
          s.night,
          s.price,
        ]),
      );
      const nights = eachNight(body.start_date, body.end_date).map((date) => ({
        date,
        price: (own.get(date) ?? base) * plan.quantity,
      }));
      const total = nights.reduce((acc, n) => acc + n.price, 0);
      return {
        total_price: total,
        price_per_night: nights.length > 0 ? Math.round(total / nights.length) : 0,
        currency: property.currency as Currency,
        nights,
      };
    },

    // ------------------------------------------------------------ closed dates

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

    // ------------------------------------------------------------ night prices

    /**
     * spec 3 Price range: price per night and minimum stay for every night of [start, end) of a property
     * (apartment, villa) or a room type (hotel, camping). A null price or minimum stay keeps each night's own.
     */
    async setNightPrices(
      tenant: Tenant,
      body: {
        property_id: string;
        room_type_id?: string | null;
        start_date: string;
        end_date: string;
        price: number | null;
        min_stay: number | null;
        stop_sell?: boolean;
      },
    ): Promise<NightPricesData> {
      const property = await ownedProperty(tenant, body.property_id);
      checkRange(body.start_date, body.end_date, MAX_RANGE_NIGHTS);
      let unitKey = property.id;
      if (isHotelType(property.tipoPropiedad)) {
        if (!body.room_type_id) throw bookingsErrors.roomTypeRequired();
        unitKey = (await roomTypeOf(tenant, property.id, body.room_type_id)).id;
      } else if (body.room_type_id) {
        throw bookingsErrors.roomTypeNotFound();
      }
      const rows = await transaction(async (tx) => {
        const written = await tx.upsertNightPrices({
          accountId: tenant.accountId,
          propertyId: property.id,
          unitKey,
          start: body.start_date,
          end: body.end_date,
          price: body.price,
          minStay: body.min_stay,
          stopSell: body.stop_sell,
        });
        await tx.emit(tenant.accountId, 'night_prices.changed', { property_id: property.id });
        return written;
      });
      return {
        property_id: property.id,
        room_type_id: unitKey === property.id ? null : unitKey,
        nights: rows.map((r) => ({
          date: r.night,
          price: r.price,
          min_stay: r.minStay,
          stop_sell: r.stopSell,
        })),
      };
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
