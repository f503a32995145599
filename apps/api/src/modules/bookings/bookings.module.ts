import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { bookingsRoutes } from './bookings.routes.ts';
import { type BookingsService, createBookingsService } from './bookings.service.ts';

/** Bookings, availability and quotes, closed dates and night prices (owns bookings, closed_dates, unit_nights, night_prices). */
export function createBookingsModule(
  deps: Parameters<typeof createBookingsService>[0],
): ApiModule<BookingsService> {
  const service = createBookingsService(deps);
  return { name: 'bookings', service, routes: bindRoutes(bookingsRoutes, { bookings: service }) };
}
