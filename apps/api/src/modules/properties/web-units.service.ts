import { isHotelType } from '@posada/domain/property-types';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../lib/sql.ts';
import { createPropertiesRepo } from './properties.repo.ts';

export type WebUnitsService = ReturnType<typeof createWebUnitsService>;

/**
 * spec 3 accommodation_units[].web_reservation_active (issue 15): whether a unit sells on the direct-booking
 * website. The unit is an apartment or villa (the property) or a hotel's room type.
 */
export function createWebUnitsService(deps: { db: Db }) {
  const repo = createPropertiesRepo({ db: deps.db });
  return {
    /** Turns the unit on or off; false when no unit of the account has that id (a hotel is no unit itself). */
    async setWebReservationActive(accountId: string, unitId: string, active: boolean): Promise<boolean> {
      if (!isUuid(unitId)) return false;
      const property = await repo.find(accountId, unitId);
      if (property) {
        if (isHotelType(property.tipoPropiedad)) return false;
        await repo.updateProperty(accountId, unitId, { webReservationActive: active });
        return true;
      }
      return (await repo.setRoomTypeWebReservation(accountId, unitId, active)) !== null;
    },
  };
}
