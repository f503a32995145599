import type { Db } from '../../db/client.ts';
import { createBulkBookingsRepo, type ImportedNight, type NewImportedBooking } from './bulk-bookings.repo.ts';

export type { ImportedNight, NewImportedBooking } from './bulk-bookings.repo.ts';
export type BulkBookings = ReturnType<typeof createBulkBookings>;

/**
 * Many bookings written at once (the spreadsheet import): bookings owns the rows, the import keeps its
 * rules. Both writes run on `on`, the import's transaction.
 */
export function createBulkBookings() {
  return {
    /** Inserts the bookings; answers the ids not inserted because their code was taken. */
    insertBookings: (rows: NewImportedBooking[], on: Db): Promise<string[]> =>
      createBulkBookingsRepo({ db: on }).insertBookings(rows),
    insertNights: (rows: ImportedNight[], on: Db): Promise<void> =>
      createBulkBookingsRepo({ db: on }).insertNights(rows),
  };
}
