import type {
  Booking,
  BookingDetail,
  BookingsPage,
  CreateBookingInput,
  UpdateBookingInput,
} from '@posada/contracts/bookings';
import type { Currency } from '@posada/contracts/properties';
import type { Rate, RoomTypeItem } from '@posada/contracts/property-rooms';
import { bookingTotal, isExternalChannel, nightsBetween, type PriceLine } from '@posada/domain/booking-rules';
import { normalizePhone } from '@posada/domain/phone';
import { isHotelType } from '@posada/domain/property-types';
import { todayIn } from '@posada/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import type { NotificationKind } from '../../db/schema/notifications.ts';
import type { EventProducer } from '../../events/bus.ts';
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
import { createAvailabilityService } from './availability.service.ts';
import { newBookingCode } from './booking-code.ts';
import { createBookingRooms } from './booking-rooms.service.ts';
import { bookingsErrors } from './bookings.errors.ts';
import {
  type BookingListRow,
  type BookingRow,
  type BookingsListQuery,
  createBookingsRepo,
} from './bookings.repo.ts';
import { createBulkBookings } from './bulk-bookings.service.ts';
import { createChannelBookings } from './channel-bookings.service.ts';
import { createClosedDatesService } from './closed-dates.service.ts';
import { createNightPricesService } from './night-prices.service.ts';
import { type BookingsTx, createStayPlanning, MAX_STAY_NIGHTS } from './stay-planning.ts';
import { createWebBookingPayments } from './web-booking-payments.ts';
import { createWebBookingsService } from './web-bookings.service.ts';

export { MAX_RANGE_NIGHTS, MAX_STAY_NIGHTS } from './stay-planning.ts';

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

const cleanLines = (lines: PriceLine[]): PriceLine[] =>
  lines.map((l) => ({ description: l.description, price: l.price }));
const sum = (lines: PriceLine[]) => lines.reduce((acc, l) => acc + l.price, 0);

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
    external_ref: b.externalRef,
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

/**
 * Bookings (issue 4; spec 3, 4, 5, 7, 8), with availability and quotes, closed dates and night prices
 * (their own files, composed here into the one service the routes use). No night is ever sold
 * twice: each sold or closed night is a row of unit_nights whose primary key (unit, night) refuses a second
 * writer (docs/decisions.md). Every query is scoped to the caller's account; another account's ids are 404.
 */
export function createBookingsService(deps: BookingsDeps) {
  const planning = createStayPlanning(deps);
  const {
    repo,
    transaction,
    ownedProperty,
    ownedBooking,
    checkRange,
    salePlan,
    checkRestrictions,
    allocateRooms,
    nightRows,
    bookingUnits,
  } = planning;
  const makeCode = deps.makeCode ?? (() => newBookingCode());
  const notifications = deps.notifications ?? createNotificationsService({ db: deps.db, clock: deps.clock });

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

  return {
    /** 404 unless the booking is the tenant's (routes call it before validating a body). */
    assertBooking: async (tenant: Tenant, id: string) => {
      await ownedBooking(tenant, id);
    },
    get: (tenant: Tenant, id: string) =>
      isUuid(id) ? detail(tenant, id) : Promise.reject(bookingsErrors.notFound()),

    /**
     * The guest cap (issue 11): a check-in's expected guests become its booking's guest count, on `on`
     * (the check-in's transaction) or the module's database. Plain write: no event, no re-planning.
     */
    setGuests: (accountId: string, bookingId: string, guests: number, on?: Db): Promise<void> =>
      (on ? createBookingsRepo({ db: on }) : repo).setGuests(accountId, bookingId, guests),

    /** The property's rooms as booking units (the spreadsheet import plans hotel rows on them). */
    rooms: createBookingRooms({ db: deps.db }),
    /** The spreadsheet import's bulk writes. */
    bulk: createBulkBookings(),
    /** The channel import's writes (issue 15, docs/channels.md): external bookings, overbookings, blocks. */
    channel: createChannelBookings({ clock: deps.clock, makeCode, notifications }, planning),

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
    async create(
      tenant: Tenant,
      body: CreateBookingInput,
      /** The website's bookings: channel 'web' (issue 15); `pending` while paid online (issue 16). */
      options: { channel?: 'manual' | 'web'; status?: 'booked' | 'pending' } = {},
    ): Promise<BookingDetail> {
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
              status: options.status ?? 'booked',
              channel: options.channel ?? 'manual',
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
      // spec 4: only the channel changes a booking it sent (docs/channels.md).
      if (isExternalChannel(current.channel)) throw bookingsErrors.externalNotEditable();
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
    ...createAvailabilityService(deps, planning),
    ...createClosedDatesService(deps, planning),
    ...createNightPricesService(planning),
    ...createWebBookingsService(deps, planning),
    ...createWebBookingPayments({ clock: deps.clock, notifications }, planning),
  };
}
