import type { EventBus } from '../../events/bus.ts';
import type { SmartLocksService } from './smart-locks.service.ts';

/**
 * Door codes follow the stay (docs/events.md): a booking created, moved or cancelled re-syncs its codes; a
 * completed check-in creates the code where the delivery time is the completion, and looks at releasing
 * it; a police registration that changed may release it.
 */
export function registerSmartLocksEventHandlers(
  bus: EventBus,
  service: Pick<SmartLocksService, 'bookingChanged' | 'checkinChanged'>,
) {
  bus.on('booking.created', 'smart-locks.sync', (e) =>
    service.bookingChanged(e.accountId, e.payload.booking_id),
  );
  bus.on('booking.cancelled', 'smart-locks.sync', (e) =>
    service.bookingChanged(e.accountId, e.payload.booking_id),
  );
  bus.on('booking.changed', 'smart-locks.sync', async (e) => {
    if (e.payload.change === 'stay' || e.payload.change === 'room' || e.payload.change === 'paused')
      await service.bookingChanged(e.accountId, e.payload.booking_id);
  });
  bus.on('checkin.completed', 'smart-locks.release', (e) =>
    service.checkinChanged(e.accountId, e.payload.checkin_id, e.payload.booking_id),
  );
  bus.on('registration.changed', 'smart-locks.release', async (e) => {
    if (e.payload.checkin_id) await service.checkinChanged(e.accountId, e.payload.checkin_id, null);
  });
}
