import { eachNight } from '@posada/domain/booking-rules';
import { and, eq, gte, lt } from 'drizzle-orm';
import { unitNights } from '../../db/schema/bookings.ts';
import type { NotificationKind } from '../../db/schema/notifications.ts';
import type { Clock } from '../../lib/clock.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { BookingRow } from './bookings.repo.ts';
import type { BookingsTx, StayPlanning } from './stay-planning.ts';

/** The unit an imported event is on: the property (apartment, villa) or one room of a hotel. */
export interface ChannelUnit {
  accountId: string;
  propertyId: string;
  /** The room (hotels and campings); null for a property sold whole. */
  roomId: string | null;
  /** unit_nights key: the room id, or the property id. */
  unitId: string;
}

/** Who holds a night of the unit: a booking or a closure. */
export interface NightHolder {
  bookingId: string | null;
  closedDateId: string | null;
}

export interface NewChannelBooking {
  channel: 'airbnb' | 'booking' | 'vrbo' | 'other';
  /** Airbnb's HM code; null where the channel gives none. */
  externalRef: string | null;
  /** The guest's name (Vrbo) or the channel's name. */
  name: string;
  start: string;
  end: string;
  /**
   * booked holds the nights; overbooking holds its free ones (`freeNights`: only the colliding nights are
   * the conflict, the rest no other channel may sell, issue 27) and raises a 'channel' notification.
   */
  status: 'booked' | 'overbooking';
  /** An overbooking's nights that no other stay holds. */
  freeNights?: readonly string[];
  /**
   * A connection's first import: the stays already on the channel are not news, so no 'booking_new' bell
   * for each (an overbooking still rings).
   */
  quiet?: boolean;
}

/**
 * The bookings module's writes for channel imports (issue 15, docs/channels.md): external bookings and
 * channel closures, made inside one transaction the channels module opens per imported event, so the
 * event's own row commits with the booking it becomes. Every write is through unit_nights: a night another
 * writer holds makes the insert fail with a unique violation, and the whole transaction rolls back (the
 * caller retries from the new state, where the collision becomes an overbooking). The same domain events as
 * the operator's bookings are recorded (booking.created, booking.changed, booking.cancelled,
 * closed_dates.changed), so the programmed check-in, police registration and door codes follow.
 */
export function createChannelBookings(
  deps: { clock: Clock; makeCode: () => string; notifications: Pick<NotificationsService, 'create'> },
  planning: StayPlanning,
) {
  const { repo, transaction } = planning;

  const unitRows = (unit: ChannelUnit, nights: string[], owner: NightHolder) =>
    nights.map((night) => ({
      unitId: unit.unitId,
      night,
      accountId: unit.accountId,
      propertyId: unit.propertyId,
      roomId: unit.roomId,
      bookingId: owner.bookingId,
      closedDateId: owner.closedDateId,
    }));

  function ops(tx: BookingsTx) {
    const notify = async (kind: NotificationKind, booking: BookingRow, title?: string) => {
      const property = await tx.findProperty(booking.accountId, booking.propertyId);
      await deps.notifications.create(
        {
          accountId: booking.accountId,
          propertyId: booking.propertyId,
          kind,
          title: title ?? `${booking.code} · ${booking.name}`,
          body: `${property?.nombre ?? ''} · ${booking.startDate} → ${booking.endDate}`,
          relationId: booking.id,
        },
        tx.db,
      );
    };

    const holdBookingNights = async (unit: ChannelUnit, bookingId: string, start: string, end: string) =>
      tx.insertNights(unitRows(unit, eachNight(start, end), { bookingId, closedDateId: null }));
    const holdFreeNights = async (unit: ChannelUnit, bookingId: string, nights: readonly string[]) => {
      if (nights.length > 0)
        await tx.insertNights(unitRows(unit, [...nights], { bookingId, closedDateId: null }));
    };

    return {
      /** The transaction's database handle, for the caller's own rows (channel_events). */
      db: tx.db,

      /** Each held night of [start, end) of the unit and who holds it. */
      async heldNights(unit: ChannelUnit, start: string, end: string): Promise<Map<string, NightHolder>> {
        const rows = await tx.db
          .select({
            night: unitNights.night,
            bookingId: unitNights.bookingId,
            closedDateId: unitNights.closedDateId,
          })
          .from(unitNights)
          .where(
            and(eq(unitNights.unitId, unit.unitId), gte(unitNights.night, start), lt(unitNights.night, end)),
          );
        return new Map(rows.map((r) => [r.night, { bookingId: r.bookingId, closedDateId: r.closedDateId }]));
      },

      findBooking: (accountId: string, id: string) => tx.findBooking(accountId, id, { lock: true }),

      /** An external booking: holding its nights (booked) or none (overbooking, with a 'channel' notification). */
      async createBooking(unit: ChannelUnit, input: NewChannelBooking): Promise<BookingRow> {
        const property = await tx.findProperty(unit.accountId, unit.propertyId);
        if (!property) throw new Error('channel booking: the property is gone');
        const room = unit.roomId ? await tx.findRoom(unit.accountId, unit.roomId) : null;
        const now = deps.clock.now();
        const booking = await tx.insertBooking(
          {
            accountId: unit.accountId,
            propertyId: unit.propertyId,
            name: input.name,
            email: '',
            phone: '',
            guests: 1,
            price: 0,
            total: 0,
            startDate: input.start,
            endDate: input.end,
            status: input.status,
            channel: input.channel,
            externalRef: input.externalRef,
            roomTypeId: room?.roomTypeId ?? null,
            quantity: 1,
            roomIds: room ? [room.id] : [],
            currency: property.currency,
            createdAt: now,
            updatedAt: now,
          },
          deps.makeCode,
        );
        if (input.status === 'booked') await holdBookingNights(unit, booking.id, input.start, input.end);
        else await holdFreeNights(unit, booking.id, input.freeNights ?? []);
        if (input.status === 'overbooking') await notify('channel', booking);
        else if (!input.quiet) await notify('booking_new', booking);
        await tx.emit(unit.accountId, 'booking.created', {
          booking_id: booking.id,
          property_id: unit.propertyId,
        });
        return booking;
      },

      /**
       * Moves an external booking to [start, end): booked holds the new nights, overbooking only its free
       * ones, `freeNights` (a 'channel' notification when it just became one). Booked again from an
       * overbooking when its nights are free (the promotion of docs/channels.md).
       */
      async moveBooking(
        unit: ChannelUnit,
        booking: BookingRow,
        start: string,
        end: string,
        status: 'booked' | 'overbooking',
        freeNights: readonly string[] = [],
      ): Promise<void> {
        await tx.deleteBookingNights(booking.id);
        if (status === 'booked') await holdBookingNights(unit, booking.id, start, end);
        else await holdFreeNights(unit, booking.id, freeNights);
        const row = await tx.updateBooking(unit.accountId, booking.id, {
          startDate: start,
          endDate: end,
          status,
          updatedAt: deps.clock.now(),
        });
        if (!row) return;
        if (status === 'overbooking' && booking.status !== 'overbooking') await notify('channel', row);
        else await notify('booking_update', row);
        await tx.emit(unit.accountId, 'booking.changed', {
          booking_id: booking.id,
          property_id: unit.propertyId,
          change: 'stay',
        });
      },

      /** The channel cancelled it (missing from two good fetches): cancelled, its nights freed. */
      async cancelBooking(accountId: string, bookingId: string): Promise<void> {
        const row = await tx.findBooking(accountId, bookingId, { lock: true });
        if (!row || row.status === 'cancelled') return;
        const updated = await tx.updateBooking(accountId, bookingId, {
          status: 'cancelled',
          updatedAt: deps.clock.now(),
        });
        await tx.deleteBookingNights(bookingId);
        if (!updated) return;
        await notify('booking_cancel', updated);
        await tx.emit(accountId, 'booking.cancelled', {
          booking_id: bookingId,
          property_id: updated.propertyId,
        });
      },

      /**
       * A channel block as closed dates over [start, end) holding only `nights` (the free ones: the rest are
       * the channel showing our own bookings). Creates it, or rewrites `closedDateId`'s range and nights.
       */
      async setClosure(
        unit: ChannelUnit,
        closedDateId: string | null,
        range: { start: string; end: string; reason: string },
        nights: string[],
      ): Promise<string> {
        let id = closedDateId;
        if (id) {
          await tx.deleteClosedDateNights(id);
          const row = await tx.updateClosedDate(unit.accountId, id, {
            startDate: range.start,
            endDate: range.end,
            reason: range.reason,
          });
          if (!row) id = null;
        }
        if (!id) {
          const row = await tx.insertClosedDate({
            accountId: unit.accountId,
            propertyId: unit.propertyId,
            roomId: unit.roomId,
            startDate: range.start,
            endDate: range.end,
            reason: range.reason,
            createdAt: deps.clock.now(),
          });
          id = row.id;
        }
        await tx.insertNights(unitRows(unit, nights, { bookingId: null, closedDateId: id }));
        await tx.emit(unit.accountId, 'closed_dates.changed', { property_id: unit.propertyId });
        return id;
      },

      /** Removes a channel closure (its nights go with it). */
      async removeClosure(accountId: string, closedDateId: string): Promise<void> {
        const row = await tx.findClosedDate(accountId, closedDateId, { lock: true });
        if (!row) return;
        await tx.deleteClosedDate(accountId, closedDateId);
        await tx.emit(accountId, 'closed_dates.changed', { property_id: row.propertyId });
      },
    };
  }

  return {
    /** One transaction of the bookings module with the channel operations bound to it. */
    transaction: <T>(work: (channelOps: ReturnType<typeof ops>) => Promise<T>): Promise<T> =>
      transaction((tx) => work(ops(tx))),
    /** Read outside a transaction: the booking (for the sync's plan). */
    findBooking: (accountId: string, id: string) => repo.findBooking(accountId, id),
  };
}

export type ChannelBookings = ReturnType<typeof createChannelBookings>;
/** The operations bound to one transaction (ChannelBookings.transaction hands them to its work). */
export type ChannelBookingOps = Parameters<Parameters<ChannelBookings['transaction']>[0]>[0];
