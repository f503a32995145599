import { type ApiModule, bindRoutes } from '../../lib/module.ts';
import { bookingImportRoutes } from './booking-import.routes.ts';
import { type BookingImportService, createBookingImportService } from './booking-import.service.ts';

/** Importing bookings from a spreadsheet (rooms and the bulk writes go through bookings' services). */
export function createBookingImportModule(
  deps: Parameters<typeof createBookingImportService>[0],
): ApiModule<BookingImportService> {
  const service = createBookingImportService(deps);
  return {
    name: 'booking-import',
    service,
    routes: bindRoutes(bookingImportRoutes, { bookingImport: service }),
  };
}
