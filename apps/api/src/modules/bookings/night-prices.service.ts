import type { NightPricesData } from '@posada/contracts/night-prices';
import { isHotelType } from '@posada/domain/property-types';
import type { Tenant } from '../../lib/tenant.ts';
import { bookingsErrors } from './bookings.errors.ts';

import { MAX_RANGE_NIGHTS, type StayPlanning } from './stay-planning.ts';

/** Night prices, minimum stays and stop-sell (spec 3 Price range). */
export function createNightPricesService(planning: StayPlanning) {
  const { transaction, ownedProperty, roomTypeOf, checkRange } = planning;
  return {
    /**
     * spec 3 Price range: price per night and minimum stay for every night of [start, end) of a property
     * (apartment, villa) or a room type (hotel, camping). A null price or minimum stay keeps each night's own.
     */
    async setNightPrices(
      tenant: Tenant,
      body: {
        property_id: string;
        room_type_id?: string | null;
        start_date: string;
        end_date: string;
        price: number | null;
        min_stay: number | null;
        stop_sell?: boolean;
      },
    ): Promise<NightPricesData> {
      const property = await ownedProperty(tenant, body.property_id);
      checkRange(body.start_date, body.end_date, MAX_RANGE_NIGHTS);
      let unitKey = property.id;
      if (isHotelType(property.tipoPropiedad)) {
        if (!body.room_type_id) throw bookingsErrors.roomTypeRequired();
        unitKey = (await roomTypeOf(tenant, property.id, body.room_type_id)).id;
      } else if (body.room_type_id) {
        throw bookingsErrors.roomTypeNotFound();
      }
      const rows = await transaction(async (tx) => {
        const written = await tx.upsertNightPrices({
          accountId: tenant.accountId,
          propertyId: property.id,
          unitKey,
          start: body.start_date,
          end: body.end_date,
          price: body.price,
          minStay: body.min_stay,
          stopSell: body.stop_sell,
        });
        await tx.emit(tenant.accountId, 'night_prices.changed', { property_id: property.id });
        return written;
      });
      return {
        property_id: property.id,
        room_type_id: unitKey === property.id ? null : unitKey,
        nights: rows.map((r) => ({
          date: r.night,
          price: r.price,
          min_stay: r.minStay,
          stop_sell: r.stopSell,
        })),
      };
    },
  };
}
