import type { ProgrammedCheckin } from '@posada/contracts/checkins';
import { purgeDate } from '@posada/domain/checkin-rules';
import type { Tenant } from '../../lib/tenant.ts';
import { createProgrammedCheckin, linkExpiry, programmedPlan } from './checkin-links.ts';
import type { CheckinRow, CheckinsContext } from './checkins.context.ts';
import { createCheckinsRepo } from './checkins.repo.ts';
import type { CheckinsDeps } from './checkins.service.ts';

/** The programmed check-in of every booking (docs/checkins.md): planned, re-planned and purged. */
export function createCheckinPlanning(deps: CheckinsDeps, ctx: CheckinsContext) {
  const { db, clock, secrets, logger } = deps;
  const { ownedBooking, iso } = ctx;
  const repo = createCheckinsRepo({ db });

  /** Creates or re-plans the programmed check-in of a booking (create, update, pause, activate, cancel). */
  async function planForBooking(accountId: string, bookingId: string): Promise<CheckinRow | null> {
    const found = await repo.bookingWithProperty(accountId, bookingId);
    if (!found) return null;
    const { booking, property } = found;
    const existing = await repo.checkinOfBooking(bookingId);
    const sending = booking.status !== 'cancelled' && !booking.paused;
    const plan = programmedPlan(booking, property);
    if (!existing) {
      if (booking.status === 'cancelled') return null;
      const row = await createProgrammedCheckin(db, secrets, booking, property, clock.now());
      if (sending) return row;
      return (await repo.updateCheckin(row.id, { scheduledFor: null })) ?? row;
    }
    const arrivalMoved = existing.startDate !== booking.startDate;
    const pending = existing.status === 'pending';
    const updated = await repo.updateCheckin(existing.id, {
      propertyId: booking.propertyId,
      name: booking.name,
      email: booking.email,
      phone: booking.phone,
      startDate: booking.startDate,
      endDate: booking.endDate,
      expectedGuests: booking.guests,
      linkExpiresAt: linkExpiry(booking.endDate, property.timeZone),
      purgeAfter: purgeDate(booking.endDate),
      ...(pending
        ? {
            schedule: plan.schedule,
            scheduledFor: sending ? plan.scheduledFor : null,
            sendChannel: plan.sendChannel,
            // A moved arrival sends the link again for the new dates.
            ...(arrivalMoved ? { sentAt: null } : {}),
          }
        : {}),
    });
    return updated ?? existing;
  }

  return {
    planForBooking,

    /** Never throws: a booking change must not fail because its check-in could not be re-planned. */
    async replan(accountId: string, bookingId: string): Promise<void> {
      try {
        await planForBooking(accountId, bookingId);
      } catch (err) {
        logger.error({ err, bookingId }, 'checkins: the programmed check-in could not be re-planned');
      }
    },

    /** GET /api/retrieve-programmed-checkin (spec 7). */
    async programmed(tenant: Tenant, bookingId: string): Promise<ProgrammedCheckin> {
      const booking = await ownedBooking(tenant.accountId, bookingId);
      // Bookings imported or seeded before check-ins existed get their plan on first sight.
      const row =
        (await repo.checkinOfBooking(booking.id)) ?? (await planForBooking(tenant.accountId, booking.id));
      if (!row) {
        return {
          checkin_id: null,
          schedule: null,
          scheduled_for: null,
          channel: null,
          sent_at: null,
          opened_at: null,
          completed_at: null,
          status: 'disabled',
        };
      }
      const expired = row.status === 'pending' && row.linkExpiresAt.getTime() <= clock.now().getTime();
      const disabled =
        row.status === 'pending' && !row.sentAt && (row.scheduledFor === null || booking.paused);
      return {
        checkin_id: row.id,
        schedule: row.schedule,
        scheduled_for: iso(row.scheduledFor),
        channel: row.sendChannel,
        sent_at: iso(row.sentAt),
        opened_at: iso(row.openedAt),
        completed_at: iso(row.completedAt),
        status: expired ? 'expired' : disabled ? 'disabled' : row.status,
      };
    },

    /** The checkins.purge job (RD 933/2021): check-ins (and their guests) past their purge date. */
    async purge(): Promise<number> {
      const today = clock.now().toISOString().slice(0, 10);
      return repo.purgeBefore(today);
    },
  };
}

export type CheckinPlanning = ReturnType<typeof createCheckinPlanning>;
