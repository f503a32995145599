import type { Db } from '../../db/client.ts';
import type { checkinGuests, checkins } from '../../db/schema/checkins.ts';
import { type CheckinRow, createCheckinsRepo } from './checkins.repo.ts';

export type CheckinRecords = ReturnType<typeof createCheckinRecords>;

/**
 * The check-in and guest rows the guest's own flow writes (guest-checkin): checkins owns the tables, the
 * guest flow keeps its rules. Each write runs on `on` (the caller's transaction) or the module's database.
 */
export function createCheckinRecords(deps: { db: Db }) {
  const repo = (on?: Db) => createCheckinsRepo({ db: on ?? deps.db });
  return {
    insertCheckin: (values: typeof checkins.$inferInsert, on?: Db): Promise<CheckinRow | null> =>
      repo(on).insertCheckin(values),
    updateCheckin: (id: string, patch: Partial<CheckinRow>, on?: Db): Promise<CheckinRow | null> =>
      repo(on).updateCheckin(id, patch),
    /** Marks the check-in complete unless it already is; null when it was. */
    completeCheckin: (id: string, now: Date, on?: Db): Promise<CheckinRow | null> =>
      repo(on).completeCheckin(id, now),
    /** Keys delivered (spec 4) once the door code is released; true only for the call that changed it. */
    claimKeysDelivered: (id: string): Promise<boolean> => repo().claimKeysDelivered(id),
    insertGuest: (values: typeof checkinGuests.$inferInsert, on?: Db): Promise<void> =>
      repo(on).insertGuest(values),
  };
}
