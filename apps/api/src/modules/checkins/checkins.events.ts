import type { EventBus } from '../../events/bus.ts';
import type { CheckinsService } from './checkins.service.ts';

/** A booking's programmed check-in follows its stay: created, moved, paused or resumed, cancelled. */
export function registerCheckinsEventHandlers(bus: EventBus, checkins: Pick<CheckinsService, 'replan'>) {
  const replan = (accountId: string, bookingId: string) => checkins.replan(accountId, bookingId);
  bus.on('booking.created', 'checkins.replan', (e) => replan(e.accountId, e.payload.booking_id));
  bus.on('booking.cancelled', 'checkins.replan', (e) => replan(e.accountId, e.payload.booking_id));
  bus.on('booking.changed', 'checkins.replan', async (e) => {
    if (e.payload.change === 'stay' || e.payload.change === 'paused')
      await replan(e.accountId, e.payload.booking_id);
  });
}
