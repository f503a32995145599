import type { Db } from '../../db/client.ts';
import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { createDirectBookingRepo } from './direct-booking.repo.ts';
import { directBookingRoutes } from './direct-booking.routes.ts';
import { createDirectBookingSettingsService } from './direct-booking.service.ts';
import { createDirectBookingSiteService, type DirectBookingSiteDeps } from './direct-booking-site.service.ts';

/**
 * The direct-booking website (issue 15): the operator's settings and unit toggles, the public site at
 * /book/{slug}, its calendar, quotes and web bookings. Owns no table: the account's columns are written by
 * accounts, the units' flags by properties, bookings by bookings.
 */
export function createDirectBookingModule(deps: Omit<DirectBookingSiteDeps, 'repo'> & { db: Db }) {
  const repo = createDirectBookingRepo({ db: deps.db });
  const service = {
    settings: createDirectBookingSettingsService({ ...deps, repo }),
    site: createDirectBookingSiteService({ ...deps, repo }),
  };
  return {
    name: 'direct-booking',
    service,
    routes: bindRoutes(directBookingRoutes, service),
    // A web booking paid online follows its payment (issue 16): booked, or cancelled with its nights freed.
    eventHandlers: (bus) =>
      bus.on('guest_payment.changed', 'direct_booking.settle', async (e) => {
        if (e.payload.kind !== 'booking') return;
        await service.site.payments.settle(
          e.accountId,
          e.payload.payment_id,
          e.payload.status,
          e.payload.booking_id,
        );
      }),
  } satisfies ApiModule<typeof service>;
}
