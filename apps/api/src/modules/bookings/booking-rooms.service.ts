import type { Db } from '../../db/client.ts';
import { createBookingsRepo, type RoomInfo } from './bookings.repo.ts';

export type BookingRooms = ReturnType<typeof createBookingRooms>;

/** A property's rooms as the units bookings occupy (the spreadsheet import places hotel rows on them). */
export function createBookingRooms(deps: { db: Db }) {
  const repo = createBookingsRepo({ db: deps.db });
  return {
    list: (accountId: string, propertyId: string): Promise<RoomInfo[]> =>
      repo.listRooms(accountId, propertyId),
    /** The rooms locked FOR UPDATE (id order) until `on`, the caller's transaction, ends. */
    lock: (accountId: string, propertyId: string, on: Db): Promise<RoomInfo[]> =>
      createBookingsRepo({ db: on }).lockRooms(accountId, propertyId),
  };
}
