import type { EventBus } from '../../events/bus.ts';
import type { RegistrationPipeline } from './registration-pipeline.ts';

/**
 * The registrations follow the domain events: a completed check-in → its PV (held while travellers are missing, released when they are in); a new booking → its RH; a
 * cancelled booking → its registrations cancelled (SES receives B); a changed stay → the accepted ones
 * corrected (cancel + version+1). Each handler is idempotent (the idempotency key, guarded states).
 */
export function registerAuthoritiesEventHandlers(bus: EventBus, pipeline: RegistrationPipeline) {
  bus.on('checkin.completed', 'authorities.register_checkin', async (e) => {
    await pipeline.registerCheckin(e.accountId, e.payload.checkin_id);
  });
  bus.on('checkin.guests_changed', 'authorities.guests_changed', async (e) => {
    await pipeline.guestsChanged(e.accountId, e.payload.checkin_id);
  });
  bus.on('booking.created', 'authorities.register_booking', async (e) => {
    await pipeline.registerBooking(e.accountId, e.payload.booking_id);
  });
  bus.on('booking.cancelled', 'authorities.cancel_booking', async (e) => {
    await pipeline.cancelBooking(e.accountId, e.payload.booking_id);
  });
  bus.on('booking.changed', 'authorities.correct_booking', async (e) => {
    if (e.payload.change === 'stay') await pipeline.bookingChanged(e.accountId, e.payload.booking_id);
  });
}
